import { isoNow } from '../clock';
import type { Db } from '../schema';
import { auditEntryHash, lockAuditChain } from './audit-chain';

/**
 * Action names are dotted, subject first: `auth.sign-in`, `auth.sign-out`, `auth.sign-in-failed`,
 * `admin.user.create`, … Pages add their own (`firm.view`, `search`, `report.view`,
 * `snapshot.create`, `export.csv`); keep to the same shape so filters stay useful.
 */
export type AuditOutcome = 'success' | 'failure' | 'denied' | 'error';

export interface AuditActor {
  id: string | null;
  email: string;
}

export interface AuditEntryInput {
  action: string;
  outcome: AuditOutcome;
  /** Null for anonymous events (a failed sign-in for an unknown address still names the address typed in detail). */
  actor: AuditActor | null;
  /** FRN, IRN or PRN concerned, or another subject such as the e-mail of a managed user. */
  reference?: string | null;
  detail?: Record<string, unknown> | null;
  at?: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  userId: string | null;
  userEmail: string | null;
  action: string;
  reference: string | null;
  detail: Record<string, unknown> | null;
  outcome: string;
}

// A bound on one row: detail is context, not a place for payloads.
const MAX_DETAIL_CHARS = 8_000;

function serializeDetail(detail: Record<string, unknown> | null | undefined): string | null {
  if (!detail) return null;
  const json = JSON.stringify(detail);
  if (json.length <= MAX_DETAIL_CHARS) return json;
  return JSON.stringify({ truncated: true, originalLength: json.length, keys: Object.keys(detail) });
}

/**
 * Appends one entry at the head of the hash chain. The caller awaits it before sending the
 * response it records. Inside a caller's transaction the entry joins it (and the chain stays
 * locked until that transaction ends, so keep the append last); otherwise it runs in its own.
 */
export async function appendAudit(db: Db, entry: AuditEntryInput): Promise<number> {
  if (!entry.action.trim()) throw new Error('An audit entry needs an action.');
  const values = {
    at: entry.at ?? isoNow(),
    user_id: entry.actor?.id ?? null,
    user_email: entry.actor?.email ?? null,
    action: entry.action,
    reference: entry.reference ?? null,
    detail: serializeDetail(entry.detail),
    outcome: entry.outcome,
  };
  const append = async (trx: Db) => {
    // Serialised across processes and instances: the next position and the previous hash are
    // read under the chain's lock, so two appends can never claim the same position.
    const head = await lockAuditChain(trx);
    const seq = head.headSeq + 1;
    const hash = auditEntryHash({ ...values, seq, prev: head.headHash });
    const row = await trx
      .insertInto('audit_log')
      .values({ ...values, chain_seq: seq, prev_hash: head.headHash, hash })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('audit_chain').set({ head_seq: seq, head_hash: hash }).where('id', '=', 1).execute();
    return Number(row.id);
  };
  return db.isTransaction ? append(db) : db.transaction().execute(append);
}

export interface AuditFilter {
  userEmail?: string;
  reference?: string;
  /** Exact action, or a prefix ending in '.' (e.g. `auth.`) for a family of actions. */
  action?: string;
  /** Inclusive lower bound (ISO timestamp). */
  from?: string;
  /** Exclusive upper bound (ISO timestamp). */
  to?: string;
  /** Keyset paging: entries with an id below this one. */
  beforeId?: number;
  limit?: number;
}

/** Newest first. */
export async function listAudit(db: Db, filter: AuditFilter = {}): Promise<AuditEntry[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filter.userEmail) q = q.where('user_email', '=', filter.userEmail.trim().toLowerCase());
  if (filter.reference) q = q.where('reference', '=', filter.reference.trim());
  if (filter.action) {
    q = filter.action.endsWith('.') ? q.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '')}%`) : q.where('action', '=', filter.action);
  }
  if (filter.from) q = q.where('at', '>=', filter.from);
  if (filter.to) q = q.where('at', '<', filter.to);
  if (filter.beforeId !== undefined) q = q.where('id', '<', filter.beforeId);
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 10_000);
  const rows = await q.orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at,
    userId: r.user_id,
    userEmail: r.user_email,
    action: r.action,
    reference: r.reference,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
    outcome: r.outcome,
  }));
}

/**
 * Retention: deletes entries older than `before` (ISO), the only deletion the audit log allows.
 * Only the oldest stretch of the chain goes (up to the first entry that must stay, even if a
 * later one is older by a skewed clock), and the last deleted entry's position and hash become
 * the chain's anchor, so the entries that remain still verify from their first one.
 */
export async function pruneAudit(db: Db, before: string): Promise<number> {
  const prune = async (trx: Db) => {
    await lockAuditChain(trx);
    const firstKept = await trx
      .selectFrom('audit_log')
      .select((eb) => eb.fn.min('chain_seq').as('seq'))
      .where('at', '>=', before)
      .where('chain_seq', 'is not', null)
      .executeTakeFirst();
    let lastQuery = trx.selectFrom('audit_log').select(['chain_seq', 'hash']).where('chain_seq', 'is not', null).where('at', '<', before);
    if (firstKept?.seq != null) lastQuery = lastQuery.where('chain_seq', '<', Number(firstKept.seq));
    const last = await lastQuery.orderBy('chain_seq', 'desc').limit(1).executeTakeFirst();
    let deleted = 0;
    if (last?.chain_seq != null && last.hash) {
      const result = await trx.deleteFrom('audit_log').where('chain_seq', '<=', Number(last.chain_seq)).executeTakeFirst();
      deleted += Number(result.numDeletedRows);
      await trx
        .updateTable('audit_chain')
        .set({ anchor_seq: Number(last.chain_seq), anchor_hash: last.hash, pruned_before: before })
        .where('id', '=', 1)
        .execute();
    }
    // Entries outside the chain (none are written by this version) still age out.
    const unchained = await trx.deleteFrom('audit_log').where('chain_seq', 'is', null).where('at', '<', before).executeTakeFirst();
    return deleted + Number(unchained.numDeletedRows);
  };
  return db.isTransaction ? prune(db) : db.transaction().execute(prune);
}
