import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { AUDIT_CHAIN_GENESIS, auditEntryHash } from './queries/audit-chain';
import type { DialectName } from './schema';

// One ordered list of migrations for both engines. Names sort in the order they must run; add new
// ones at the end (e.g. '0002_watchlists') and never edit one that has shipped.
// Only the auto-increment key and the append-only triggers differ between the engines.

function autoIncrementId(dialect: DialectName) {
  return dialect === 'postgres' ? ('bigserial' as const) : ('integer' as const);
}

function migration0001(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('auth_provider', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('last_sign_in_at', 'text')
        .addCheckConstraint('users_role_check', sql`role in ('viewer', 'analyst', 'admin')`)
        .addCheckConstraint('users_email_lower_check', sql`email = lower(email)`)
        .addCheckConstraint('users_disabled_check', sql`disabled in (0, 1)`)
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', autoIncrementId(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('user_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('detail', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
      await db.schema.createIndex('audit_log_user_at').on('audit_log').columns(['user_email', 'at']).execute();
      await db.schema.createIndex('audit_log_reference_at').on('audit_log').columns(['reference', 'at']).execute();
      await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute();

      await db.schema
        .createTable('snapshots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('frn', 'text', (c) => c.notNull())
        .addColumn('subject_name', 'text')
        .addColumn('created_by_id', 'text')
        .addColumn('created_by_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('case_reference', 'text')
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('snapshots_frn_at').on('snapshots').columns(['frn', 'created_at']).execute();
      await db.schema.createIndex('snapshots_creator_at').on('snapshots').columns(['created_by_email', 'created_at']).execute();

      await db.schema
        .createTable('login_attempts')
        .addColumn('id', autoIncrementId(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('login_attempts_account_at').on('login_attempts').columns(['account', 'at']).execute();
      await db.schema.createIndex('login_attempts_address_at').on('login_attempts').columns(['address', 'at']).execute();

      // The audit log and evidence snapshots are append-only for everyone, the portal included:
      // the engine refuses changes, so a bug cannot rewrite history. Audit rows may only be
      // deleted (retention pruning, and only once a day old: 0003); snapshots never.
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER snapshots_no_update BEFORE UPDATE ON snapshots
          BEGIN SELECT RAISE(ABORT, 'snapshots are immutable'); END`.execute(db);
        await sql`CREATE TRIGGER snapshots_no_delete BEFORE DELETE ON snapshots
          BEGIN SELECT RAISE(ABORT, 'snapshots are immutable'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION fsr_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP; END $$`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION fsr_reject_change()`.execute(db);
        await sql`CREATE TRIGGER snapshots_no_change BEFORE UPDATE OR DELETE ON snapshots
          FOR EACH ROW EXECUTE FUNCTION fsr_reject_change()`.execute(db);
      }
    },
  };
}

/**
 * Printable reports as assembled, kept for a day so "Save as evidence" stores exactly the data
 * the user was shown (not a second, possibly different, read of the register). Deletable: a draft
 * is not evidence until it is saved as a snapshot.
 */
function migration0002(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('report_drafts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('frn', 'text', (c) => c.notNull())
        .addColumn('subject_name', 'text')
        .addColumn('created_by_id', 'text')
        .addColumn('created_by_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('case_reference', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('report_drafts_created_at').on('report_drafts').column('created_at').execute();
    },
  };
}

/**
 * Retention is the only deletion the audit log allows, and retention is at least a day
 * (AUDIT_RETENTION_DAYS >= 1): so the engine refuses to delete an entry younger than a day by its
 * own clock, which keeps a bug or a stray statement from erasing the record of what just
 * happened. PostgreSQL's TRUNCATE skips row triggers, so it is refused on both protected tables.
 */
function migration0003(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER audit_log_no_recent_delete BEFORE DELETE ON audit_log
          WHEN OLD.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only: an entry younger than a day cannot be deleted'); END`.execute(db);
      } else {
        await sql`CREATE FUNCTION fsr_reject_recent_audit_delete() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF OLD.at > to_char((now() AT TIME ZONE 'UTC') - interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') THEN
              RAISE EXCEPTION 'audit_log is append-only: an entry younger than a day cannot be deleted';
            END IF;
            RETURN OLD;
          END $$`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_recent_delete BEFORE DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION fsr_reject_recent_audit_delete()`.execute(db);
        await sql`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION fsr_reject_change()`.execute(db);
        await sql`CREATE TRIGGER snapshots_no_truncate BEFORE TRUNCATE ON snapshots
          FOR EACH STATEMENT EXECUTE FUNCTION fsr_reject_change()`.execute(db);
      }
    },
  };
}

/** Sessions ended by signing out (lib/db/queries/ended-sessions.ts). */
function migration0004(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ended_sessions')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ended_sessions_expires_at').on('ended_sessions').column('expires_at').execute();
    },
  };
}

/**
 * The tamper-evident audit log (lib/db/queries/audit-chain.ts): every entry gets its position in
 * a hash chain, the previous entry's hash and its own, and the single row of audit_chain holds
 * the head (serialises appends) and the retention anchor. Entries already in the log are chained
 * here, oldest first by id, from the genesis hash: their content is vouched for from this
 * migration on. The append-only trigger is lifted for that one backfill and put back as it was.
 */
function migration0005(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_chain')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('head_seq', 'bigint', (c) => c.notNull())
        .addColumn('head_hash', 'text', (c) => c.notNull())
        .addColumn('anchor_seq', 'bigint', (c) => c.notNull())
        .addColumn('anchor_hash', 'text', (c) => c.notNull())
        .addColumn('pruned_before', 'text')
        .addCheckConstraint('audit_chain_single_row', sql`id = 1`)
        .execute();
      await db.schema.alterTable('audit_log').addColumn('chain_seq', 'bigint').execute();
      await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
      await db.schema.alterTable('audit_log').addColumn('hash', 'text').execute();

      if (dialect === 'sqlite') await sql`DROP TRIGGER audit_log_no_update`.execute(db);
      else await sql`DROP TRIGGER audit_log_no_update ON audit_log`.execute(db);
      let seq = 0;
      let prev = AUDIT_CHAIN_GENESIS;
      let lastId: number | null = null;
      for (;;) {
        let q = db.selectFrom('audit_log').select(['id', 'at', 'user_id', 'user_email', 'action', 'reference', 'detail', 'outcome']);
        if (lastId !== null) q = q.where('id', '>', lastId);
        const rows = await q.orderBy('id').limit(1000).execute();
        for (const r of rows) {
          seq += 1;
          const hash = auditEntryHash({ ...r, seq, prev });
          await db.updateTable('audit_log').set({ chain_seq: seq, prev_hash: prev, hash }).where('id', '=', r.id).execute();
          prev = hash;
          lastId = Number(r.id);
        }
        if (rows.length < 1000) break;
      }
      if (dialect === 'sqlite') {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
        await sql`CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
          BEGIN SELECT RAISE(ABORT, 'audit_chain cannot be deleted'); END`.execute(db);
      } else {
        await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION fsr_reject_change()`.execute(db);
        await sql`CREATE TRIGGER audit_chain_no_delete BEFORE DELETE ON audit_chain
          FOR EACH ROW EXECUTE FUNCTION fsr_reject_change()`.execute(db);
        await sql`CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain
          FOR EACH STATEMENT EXECUTE FUNCTION fsr_reject_change()`.execute(db);
      }
      await db.schema.createIndex('audit_log_chain_seq').unique().on('audit_log').column('chain_seq').execute();
      await db.insertInto('audit_chain').values({ id: 1, head_seq: seq, head_hash: prev, anchor_seq: 0, anchor_hash: AUDIT_CHAIN_GENESIS, pruned_before: null }).execute();
    },
  };
}

/** API tokens for programs and their per-minute use (lib/db/queries/api-tokens.ts). */
function migration0007(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_tokens')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('ceiling_requests', 'integer', (c) => c.notNull())
        .addColumn('ceiling_seconds', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .addCheckConstraint('api_tokens_scopes_check', sql`scopes in ('reconcile', 'register-api', 'reconcile register-api')`)
        .addCheckConstraint('api_tokens_priority_check', sql`priority in ('report', 'background')`)
        .addCheckConstraint('api_tokens_ceiling_check', sql`ceiling_requests > 0 and ceiling_seconds > 0`)
        .execute();
      await db.schema
        .createTable('api_token_usage')
        .addColumn('token_id', 'text', (c) => c.notNull())
        .addColumn('minute', 'text', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('api_token_usage_pk', ['token_id', 'minute'])
        .execute();
    },
  };
}

/**
 * Accounts people manage themselves (lib/auth/account.ts, lib/auth/two-factor.ts): the sessions
 * signed in now (to list and end them), TOTP second factors and their one-time recovery codes
 * (hashes only), and portal-wide settings an administrator changes (require two-factor).
 */
function migration0006(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_sessions')
        .addColumn('sid', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('session_version', 'integer', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text')
        .addColumn('address', 'text')
        .execute();
      await db.schema.createIndex('user_sessions_user').on('user_sessions').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('user_sessions_expires_at').on('user_sessions').column('expires_at').execute();

      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('confirmed_at', 'text')
        .addColumn('last_step', 'integer')
        .execute();

      await db.schema
        .createTable('user_recovery_codes')
        .addColumn('code_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await db.schema.createIndex('user_recovery_codes_user').on('user_recovery_codes').column('user_id').execute();

      await db.schema
        .createTable('portal_settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();
    },
  };
}

/**
 * Watchlists and the background engine (lib/jobs, lib/watch): durable jobs claimed with a lease,
 * named shared watchlists and their entries, watch cycles, each check's canonical snapshot with
 * its SHA-256, and the changes found between two checks as work items. One check per entity per
 * cycle is a unique key, so a cycle resumed after a crash cannot record an entity twice.
 */
function migration0008(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('job_group', 'text')
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(5))
        .addColumn('last_error', 'text')
        .addColumn('result', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addCheckConstraint('jobs_state_check', sql`state in ('queued', 'running', 'done', 'failed', 'cancelled')`)
        .execute();
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['state', 'priority', 'run_after']).execute();
      await db.schema.createIndex('jobs_group_state').on('jobs').columns(['job_group', 'state']).execute();

      await db.schema
        .createTable('watchlists')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('description', 'text')
        .addColumn('case_reference', 'text')
        .addColumn('owner_id', 'text')
        .addColumn('owner_email', 'text', (c) => c.notNull())
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('watchlist_entries')
        .addColumn('watchlist_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('watchlist_entries_pk', ['watchlist_id', 'kind', 'ref'])
        .addCheckConstraint('watchlist_entries_kind_check', sql`kind in ('firm', 'individual', 'fund')`)
        .execute();
      await db.schema.createIndex('watchlist_entries_entity').on('watchlist_entries').columns(['kind', 'ref']).execute();

      await db.schema
        .createTable('watch_cycles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('watchlist_id', 'text')
        .addColumn('entity_kind', 'text')
        .addColumn('entity_ref', 'text')
        .addColumn('nightly_key', 'text', (c) => c.unique())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('entity_count', 'integer', (c) => c.notNull())
        .addColumn('estimated_requests', 'integer', (c) => c.notNull())
        .addCheckConstraint('watch_cycles_trigger_check', sql`trigger in ('nightly', 'manual')`)
        .addCheckConstraint('watch_cycles_scope_check', sql`scope in ('all', 'list', 'entity')`)
        .execute();
      await db.schema.createIndex('watch_cycles_created_at').on('watch_cycles').column('created_at').execute();

      await db.schema
        .createTable('watch_checks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('cycle_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('checked_at', 'text', (c) => c.notNull())
        .addColumn('canonical', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('sections_ok', 'integer', (c) => c.notNull())
        .addColumn('sections_not_checked', 'integer', (c) => c.notNull())
        .addColumn('request_count', 'integer', (c) => c.notNull())
        .addColumn('previous_check_id', 'text')
        .addColumn('baseline', 'integer', (c) => c.notNull())
        .addColumn('change_count', 'integer', (c) => c.notNull())
        .addUniqueConstraint('watch_checks_once_per_cycle', ['cycle_id', 'kind', 'ref'])
        .execute();
      await db.schema.createIndex('watch_checks_entity').on('watch_checks').columns(['kind', 'ref', 'checked_at']).execute();

      await db.schema
        .createTable('watch_changes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('check_id', 'text', (c) => c.notNull())
        .addColumn('previous_check_id', 'text', (c) => c.notNull())
        .addColumn('cycle_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('entity_name', 'text')
        .addColumn('section', 'text', (c) => c.notNull())
        .addColumn('severity', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('assignee_email', 'text')
        .addColumn('note', 'text')
        .addColumn('detected_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addCheckConstraint('watch_changes_severity_check', sql`severity in ('high', 'medium', 'low')`)
        .addCheckConstraint('watch_changes_state_check', sql`state in ('new', 'acknowledged', 'escalated', 'expected')`)
        .execute();
      await db.schema.createIndex('watch_changes_state').on('watch_changes').columns(['state', 'detected_at']).execute();
      await db.schema.createIndex('watch_changes_entity').on('watch_changes').columns(['kind', 'ref', 'detected_at']).execute();
      await db.schema.createIndex('watch_changes_check').on('watch_changes').column('check_id').execute();
    },
  };
}

/**
 * Bulk checks (lib/bulk): one row per bulk job (who asked, what is fetched, how many rows, when its
 * results expire) and one row per input row, in input order, holding the row as given, what it was
 * read as, and its result once checked. The work itself is jobs in the queue (kind 'bulk-row');
 * a row's result is written before its job is finished, so a restart never fetches it again.
 */
function migration0009(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('bulk_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_by_id', 'text')
        .addColumn('created_by_email', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('filename', 'text')
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('sections', 'text', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('check_count', 'integer', (c) => c.notNull())
        .addColumn('invalid_count', 'integer', (c) => c.notNull())
        .addColumn('duplicate_count', 'integer', (c) => c.notNull())
        .addColumn('estimated_requests', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('cancelled_by', 'text')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addCheckConstraint('bulk_jobs_mode_check', sql`mode in ('status', 'sections')`)
        .addCheckConstraint('bulk_jobs_state_check', sql`state in ('running', 'finished', 'cancelled')`)
        .execute();
      await db.schema.createIndex('bulk_jobs_created_at').on('bulk_jobs').column('created_at').execute();
      await db.schema.createIndex('bulk_jobs_expires_at').on('bulk_jobs').column('expires_at').execute();

      await db.schema
        .createTable('bulk_rows')
        .addColumn('bulk_id', 'text', (c) => c.notNull())
        .addColumn('row_no', 'integer', (c) => c.notNull())
        .addColumn('input', 'text', (c) => c.notNull())
        .addColumn('input_kind', 'text', (c) => c.notNull())
        .addColumn('ref', 'text')
        .addColumn('name_query', 'text')
        .addColumn('postcode', 'text')
        .addColumn('ch_number', 'text')
        .addColumn('entity', 'text')
        .addColumn('duplicate_of', 'integer')
        .addColumn('outcome', 'text')
        .addColumn('message', 'text')
        .addColumn('retryable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('matched_kind', 'text')
        .addColumn('matched_ref', 'text')
        .addColumn('matched_name', 'text')
        .addColumn('score', 'real')
        .addColumn('candidates', 'text')
        .addColumn('fields', 'text')
        .addColumn('retrieved_at', 'text')
        .addColumn('provenance_source', 'text')
        .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('resolved_by', 'text')
        .addColumn('resolved_at', 'text')
        .addColumn('checked_at', 'text')
        .addPrimaryKeyConstraint('bulk_rows_pk', ['bulk_id', 'row_no'])
        .addCheckConstraint('bulk_rows_input_kind_check', sql`input_kind in ('firm', 'individual', 'fund', 'name', 'invalid')`)
        .addCheckConstraint('bulk_rows_outcome_check', sql`outcome is null or outcome in ('matched', 'not-found', 'invalid', 'ambiguous', 'register-error')`)
        .execute();
      await db.schema.createIndex('bulk_rows_outcome').on('bulk_rows').columns(['bulk_id', 'outcome']).execute();
    },
  };
}

/**
 * Watch notifications (lib/notify): which change went out by which channel (e-mail, webhook), so
 * nothing is sent twice. A job claims its changes first (one row per change and channel, the
 * primary key), sends, then marks them sent; a retried job sends the same claimed changes again.
 */
function migration0010(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notification_deliveries')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('change_id', 'text', (c) => c.notNull())
        .addColumn('job_id', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addPrimaryKeyConstraint('notification_deliveries_pk', ['channel', 'change_id'])
        .addCheckConstraint('notification_deliveries_channel_check', sql`channel in ('email', 'webhook')`)
        .addCheckConstraint('notification_deliveries_state_check', sql`state in ('pending', 'sent', 'failed')`)
        .execute();
      await db.schema.createIndex('notification_deliveries_job').on('notification_deliveries').columns(['job_id', 'state']).execute();
    },
  };
}

/**
 * Token scopes for the watch API and the metrics endpoint: a token's scopes are any non-empty
 * subset of reconcile, register-api, watch and metrics, stored space-separated in that order. The
 * check lists every such subset (frozen here, as a shipped migration never changes). PostgreSQL
 * swaps the constraint; SQLite cannot alter one, so the table is rebuilt with its rows.
 */
const SCOPES_0011 = ['reconcile', 'register-api', 'watch', 'metrics'];
function scopeSubsets0011(): string[] {
  const subsets: string[] = [];
  for (let mask = 1; mask < 1 << SCOPES_0011.length; mask++) subsets.push(SCOPES_0011.filter((_, i) => mask & (1 << i)).join(' '));
  return subsets;
}

function migration0011(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      const allowed = sql.join(scopeSubsets0011().map((s) => sql.lit(s)));
      if (dialect === 'postgres') {
        await sql`alter table api_tokens drop constraint api_tokens_scopes_check`.execute(db);
        await sql`alter table api_tokens add constraint api_tokens_scopes_check check (scopes in (${allowed}))`.execute(db);
        return;
      }
      await db.schema
        .createTable('api_tokens_0011')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('priority', 'text', (c) => c.notNull())
        .addColumn('ceiling_requests', 'integer', (c) => c.notNull())
        .addColumn('ceiling_seconds', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .addColumn('revoked_at', 'text')
        .addColumn('last_used_at', 'text')
        .addCheckConstraint('api_tokens_scopes_check', sql`scopes in (${allowed})`)
        .addCheckConstraint('api_tokens_priority_check', sql`priority in ('report', 'background')`)
        .addCheckConstraint('api_tokens_ceiling_check', sql`ceiling_requests > 0 and ceiling_seconds > 0`)
        .execute();
      await sql`insert into api_tokens_0011 select * from api_tokens`.execute(db);
      await db.schema.dropTable('api_tokens').execute();
      await sql`alter table api_tokens_0011 rename to api_tokens`.execute(db);
    },
  };
}

/**
 * Bulk checks keep the person's own columns (lib/bulk/bulk-columns.ts): the job holds how its input
 * was read (the sheet, the header row, which column meant what) and the headers of the columns the
 * person added (a client id, notes), and each row holds those columns' cells and its row number in
 * the source (the sheet's row or the file's line), so the results carry them in place.
 */
function migration0012(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('bulk_jobs').addColumn('input_layout', 'text').execute();
      await db.schema.alterTable('bulk_jobs').addColumn('user_columns', 'text').execute();
      await db.schema.alterTable('bulk_rows').addColumn('user_cells', 'text').execute();
      await db.schema.alterTable('bulk_rows').addColumn('source_row', 'integer').execute();
      await db.schema.alterTable('bulk_rows').addColumn('input_note', 'text').execute();
    },
  };
}

/**
 * Hardening (issue 23): wrong token secrets counted per token per minute; each person's forced
 * register refreshes, for their per-minute limit; the (account, address) pairs that have signed in,
 * which sign-in throttling trusts more than strangers; and the row /api/ready writes to prove
 * the database still takes writes.
 */
function migration0015(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('api_token_usage')
        .addColumn('wrong_secrets', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('register_refreshes')
        .addColumn('id', autoIncrementId(dialect), (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('calls', 'integer', (c) => c.notNull())
        .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('register_refreshes_user_at').on('register_refreshes').columns(['user_id', 'at']).execute();

      await db.schema
        .createTable('sign_in_known_addresses')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('sign_in_known_addresses_pk', ['account', 'address'])
        .execute();
      await db.schema.createIndex('login_attempts_account_address_at').on('login_attempts').columns(['account', 'address', 'at']).execute();

      await db.schema
        .createTable('readiness_probe')
        .addColumn('instance', 'text', (c) => c.primaryKey())
        .addColumn('written_at', 'text', (c) => c.notNull())
        .addColumn('writes', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Screening answers (issue 22): a bulk row can end as an unauthorised or clone entry
 * ('unauthorised') or as a reference whose name fits another record ('mismatch'), and keeps the
 * standing of what it matched (lib/standing, JSON), as does a watch check. PostgreSQL swaps the outcome check; SQLite
 * cannot alter one, so bulk_rows is rebuilt from its own stored definition with only the check
 * changed, keeping every column and index it has by then, whoever added them.
 */
const OUTCOMES_0013 = ['matched', 'not-found', 'invalid', 'ambiguous', 'register-error', 'unauthorised', 'mismatch'];

function migration0013(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      const allowed = sql.join(OUTCOMES_0013.map((o) => sql.lit(o)));
      if (dialect === 'postgres') {
        await sql`alter table bulk_rows drop constraint bulk_rows_outcome_check`.execute(db);
        await sql`alter table bulk_rows add constraint bulk_rows_outcome_check check (outcome is null or outcome in (${allowed}))`.execute(db);
      } else {
        const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'bulk_rows'`.execute(db);
        const ddl = table.rows[0]?.sql ?? '';
        const check = /check\s*\(\s*outcome is null or outcome in\s*\([^)]*\)\s*\)/i;
        if (!check.test(ddl)) throw new Error('0013: the bulk_rows outcome check was not found in its definition');
        const list = OUTCOMES_0013.map((o) => `'${o}'`).join(', ');
        const rebuilt = ddl.replace(/^create table\s+("?)bulk_rows\1/i, 'create table "bulk_rows_0013"').replace(check, `check (outcome is null or outcome in (${list}))`);
        const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'bulk_rows' and sql is not null`.execute(db);
        const columns = await sql<{ name: string }>`select name from pragma_table_info('bulk_rows')`.execute(db);
        const names = sql.join(columns.rows.map((c) => sql.id(c.name)));
        await sql.raw(rebuilt).execute(db);
        await sql`insert into bulk_rows_0013 (${names}) select ${names} from bulk_rows`.execute(db);
        await db.schema.dropTable('bulk_rows').execute();
        await sql`alter table bulk_rows_0013 rename to bulk_rows`.execute(db);
        for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      }
      await db.schema.alterTable('bulk_rows').addColumn('standing', 'text').execute();
      // The standing each watch check read (lib/standing, JSON), for the watchlist's entries and the inbox.
      await db.schema.alterTable('watch_checks').addColumn('standing', 'text').execute();
    },
  };
}

/**
 * Principals and their appointed representatives (lib/principals): the principals an organisation
 * oversees, every version of each one's AR book with its rows (the principal's own columns kept as
 * JSON), each reading of the register's AR list with its reconciliation, the findings (reviewed
 * like watch changes, closed saying whether the register or the book resolved them), and every
 * principal↔AR link the portal has read; annual reviews of each AR (prepared by one person,
 * approved by another: the engine refuses the same person twice) and attestation snapshots.
 */
function migration0016(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('principals')
        .addColumn('frn', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text')
        .addColumn('added_by', 'text', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addColumn('register_state', 'text')
        .addCheckConstraint('principals_register_state_check', sql`register_state is null or register_state in ('principal', 'not-a-principal', 'not-found')`)
        .execute();
      await db.schema
        .createTable('principal_books')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('row_count', 'integer', (c) => c.notNull())
        .addColumn('refused_count', 'integer', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('columns', 'text', (c) => c.notNull())
        .addUniqueConstraint('principal_books_version', ['principal_frn', 'version'])
        .execute();
      await db.schema
        .createTable('principal_book_rows')
        .addColumn('book_id', 'text', (c) => c.notNull())
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('ar_frn', 'text', (c) => c.notNull())
        .addColumn('ar_name', 'text')
        .addColumn('ar_type', 'text')
        .addColumn('appointed', 'text')
        .addColumn('terminated', 'text')
        .addColumn('tied_agent', 'integer')
        .addColumn('eea_tied_agent', 'integer')
        .addColumn('extra', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('principal_book_rows_pk', ['book_id', 'row_number'])
        .addCheckConstraint('principal_book_rows_type_check', sql`ar_type is null or ar_type in ('Full', 'Introducer')`)
        .execute();
      await db.schema
        .createTable('principal_checks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('nightly_key', 'text', (c) => c.unique())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('book_id', 'text')
        .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('current_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('previous_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reading', 'text')
        .addColumn('sha256', 'text')
        .addColumn('finding_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('principal_checks_trigger_check', sql`trigger in ('manual', 'nightly')`)
        .addCheckConstraint('principal_checks_outcome_check', sql`outcome in ('running', 'ok', 'failed')`)
        .execute();
      await db.schema.createIndex('principal_checks_principal_at').on('principal_checks').columns(['principal_frn', 'created_at']).execute();
      await db.schema
        .createTable('principal_findings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ar_frn', 'text', (c) => c.notNull())
        .addColumn('ar_name', 'text', (c) => c.notNull())
        .addColumn('register_value', 'text', (c) => c.notNull())
        .addColumn('book_value', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('assignee_email', 'text')
        .addColumn('note', 'text')
        .addColumn('detected_at', 'text', (c) => c.notNull())
        .addColumn('detected_check_id', 'text', (c) => c.notNull())
        .addColumn('last_seen_check_id', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('closed_at', 'text')
        .addColumn('closed_by', 'text')
        .addColumn('closed_check_id', 'text')
        .addCheckConstraint('principal_findings_kind_check', sql`kind in ('not-in-book', 'not-on-register', 'date-mismatch', 'type-mismatch', 'name-mismatch')`)
        .addCheckConstraint('principal_findings_state_check', sql`state in ('new', 'acknowledged', 'escalated', 'expected')`)
        .addCheckConstraint('principal_findings_closed_by_check', sql`closed_by is null or closed_by in ('register', 'book')`)
        .execute();
      await db.schema.createIndex('principal_findings_open').on('principal_findings').columns(['principal_frn', 'closed_at', 'kind', 'ar_frn']).execute();
      await db.schema
        .createTable('principal_ar_links')
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('ar_frn', 'text', (c) => c.notNull())
        .addColumn('ar_name', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('principal_ar_links_pk', ['principal_frn', 'ar_frn'])
        .execute();
      await db.schema.createIndex('principal_ar_links_ar').on('principal_ar_links').column('ar_frn').execute();
      // Annual reviews of each AR, prepared by one person and approved by another (maker-checker).
      await db.schema
        .createTable('principal_reviews')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('ar_frn', 'text', (c) => c.notNull())
        .addColumn('ar_name', 'text', (c) => c.notNull())
        .addColumn('assessment', 'text', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull())
        .addColumn('evidence', 'text', (c) => c.notNull())
        .addColumn('evidence_sha256', 'text', (c) => c.notNull())
        .addColumn('prepared_by', 'text', (c) => c.notNull())
        .addColumn('prepared_at', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('approved_by', 'text')
        .addColumn('approved_at', 'text')
        .addCheckConstraint('principal_reviews_assessment_check', sql`assessment in ('satisfactory', 'concerns', 'unsatisfactory')`)
        .addCheckConstraint('principal_reviews_state_check', sql`state in ('prepared', 'approved')`)
        .addCheckConstraint('principal_reviews_two_people_check', sql`approved_by is null or approved_by <> prepared_by`)
        .execute();
      await db.schema.createIndex('principal_reviews_ar').on('principal_reviews').columns(['principal_frn', 'ar_frn', 'prepared_at']).execute();
      // "Attest the AR list as at today": the reconciled list with its open findings, hashed.
      await db.schema
        .createTable('principal_attestations')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('attested_by', 'text', (c) => c.notNull())
        .addColumn('attested_at', 'text', (c) => c.notNull())
        .addColumn('check_id', 'text', (c) => c.notNull())
        .addColumn('ar_count', 'integer', (c) => c.notNull())
        .addColumn('open_findings', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('principal_attestations_principal').on('principal_attestations').columns(['principal_frn', 'attested_at']).execute();
    },
  };
}

/**
 * Each current AR's own standing (lib/principals/ar-standing.ts): a pass reads every current AR of
 * a principal's last reading at the idle share and keeps, per principal↔AR, the standing it read
 * (and the standing before an open `standing` finding, to know when it goes back); the findings
 * gain the kinds `standing` and `other-principal`; the links keep the principal's name and the
 * bucket they were read in. The findings' kind check is widened in place on PostgreSQL; SQLite
 * cannot alter one, so principal_findings is rebuilt from its own stored definition with only the
 * check changed (as 0013 rebuilt bulk_rows).
 */
const FINDING_KINDS_0017 = ['not-in-book', 'not-on-register', 'date-mismatch', 'type-mismatch', 'name-mismatch', 'standing', 'other-principal'];

function migration0017(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      const allowed = sql.join(FINDING_KINDS_0017.map((k) => sql.lit(k)));
      if (dialect === 'postgres') {
        await sql`alter table principal_findings drop constraint principal_findings_kind_check`.execute(db);
        await sql`alter table principal_findings add constraint principal_findings_kind_check check (kind in (${allowed}))`.execute(db);
      } else {
        const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'principal_findings'`.execute(db);
        const ddl = table.rows[0]?.sql ?? '';
        const check = /check\s*\(\s*kind in\s*\([^)]*\)\s*\)/i;
        if (!check.test(ddl)) throw new Error('0017: the principal_findings kind check was not found in its definition');
        const list = FINDING_KINDS_0017.map((k) => `'${k}'`).join(', ');
        const rebuilt = ddl.replace(/^create table\s+("?)principal_findings\1/i, 'create table "principal_findings_0017"').replace(check, `check (kind in (${list}))`);
        const indexes = await sql<{ sql: string }>`select sql from sqlite_master where type = 'index' and tbl_name = 'principal_findings' and sql is not null`.execute(db);
        const columns = await sql<{ name: string }>`select name from pragma_table_info('principal_findings')`.execute(db);
        const names = sql.join(columns.rows.map((c) => sql.id(c.name)));
        await sql.raw(rebuilt).execute(db);
        await sql`insert into principal_findings_0017 (${names}) select ${names} from principal_findings`.execute(db);
        await db.schema.dropTable('principal_findings').execute();
        await sql`alter table principal_findings_0017 rename to principal_findings`.execute(db);
        for (const index of indexes.rows) await sql.raw(index.sql).execute(db);
      }
      await db.schema.alterTable('principal_ar_links').addColumn('principal_name', 'text').execute();
      await db.schema.alterTable('principal_ar_links').addColumn('bucket', 'text').execute();
      await db.schema
        .createTable('principal_standing_passes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('check_id', 'text', (c) => c.notNull())
        .addColumn('trigger', 'text', (c) => c.notNull())
        .addColumn('pass_key', 'text', (c) => c.unique())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('request_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addCheckConstraint('principal_standing_passes_trigger_check', sql`trigger in ('manual', 'nightly')`)
        .execute();
      await db.schema.createIndex('principal_standing_passes_principal_at').on('principal_standing_passes').columns(['principal_frn', 'created_at']).execute();
      await db.schema
        .createTable('principal_ar_standings')
        .addColumn('principal_frn', 'text', (c) => c.notNull())
        .addColumn('ar_frn', 'text', (c) => c.notNull())
        .addColumn('ar_name', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull())
        .addColumn('standing', 'text', (c) => c.notNull())
        .addColumn('baseline', 'text')
        .addColumn('individuals', 'text', (c) => c.notNull())
        .addColumn('read_at', 'text', (c) => c.notNull())
        .addColumn('pass_id', 'text', (c) => c.notNull())
        .addColumn('requests', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('principal_ar_standings_pk', ['principal_frn', 'ar_frn'])
        .addCheckConstraint('principal_ar_standings_level_check', sql`level in ('clear', 'caution', 'stop')`)
        .execute();
    },
  };
}

export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_portal_state': migration0001(dialect),
    '0002_report_drafts': migration0002(),
    '0003_audit_delete_guard': migration0003(dialect),
    '0004_ended_sessions': migration0004(),
    '0005_audit_chain': migration0005(dialect),
    '0006_account_security': migration0006(),
    '0007_api_tokens': migration0007(),
    '0008_watchlists': migration0008(),
    '0009_bulk_checks': migration0009(),
    '0010_watch_notifications': migration0010(),
    '0011_token_scopes': migration0011(dialect),
    '0012_bulk_user_columns': migration0012(),
    '0013_screening': migration0013(dialect),
    '0015_hardening': migration0015(dialect),
    '0016_principals': migration0016(),
    '0017_ar_standing': migration0017(dialect),
  };
}

class InCodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations() {
    return migrationsFor(this.dialect);
  }
}

/**
 * Brings the schema up to date. Idempotent, and safe when several instances start at once on
 * PostgreSQL (Kysely's migrator takes an advisory lock).
 */
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: another
  // schema's kysely_migration (another test run, another deployment in the same database) would
  // be taken for ours. Name the schema the connection actually uses.
  const migrationTableSchema = dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db, provider: new InCodeMigrationProvider(dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
