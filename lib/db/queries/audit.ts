import { isoNow } from '../clock';
import type { Db } from '../schema';

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

/** Appends one entry. The caller awaits it before sending the response it records. */
export async function appendAudit(db: Db, entry: AuditEntryInput): Promise<number> {
  if (!entry.action.trim()) throw new Error('An audit entry needs an action.');
  const row = await db
    .insertInto('audit_log')
    .values({
      at: entry.at ?? isoNow(),
      user_id: entry.actor?.id ?? null,
      user_email: entry.actor?.email ?? null,
      action: entry.action,
      reference: entry.reference ?? null,
      detail: serializeDetail(entry.detail),
      outcome: entry.outcome,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
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
    q = filter.action.endsWith('.')
      ? q.where('action', 'like', `${filter.action.replace(/[%_\\]/g, '')}%`)
      : q.where('action', '=', filter.action);
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

/** Retention: deletes entries older than `before` (ISO). The only deletion the audit log allows. */
export async function pruneAudit(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('audit_log').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
