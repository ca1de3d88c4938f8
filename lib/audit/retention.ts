import { isoNow } from '@/lib/db/clock';
import { appendAudit, pruneAudit } from '@/lib/db/queries/audit';
import { readAuditChainState } from '@/lib/db/queries/audit-chain';
import type { Db } from '@/lib/db/schema';
import { settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

/**
 * Audit retention: entries older than AUDIT_RETENTION_DAYS (default 2,555 days, about seven
 * years, a common record-keeping period for regulated firms) are deleted, the only deletion the
 * log allows. Each pruning that removes something leaves its own entry ("audit.prune", with how
 * many, the cut-off and the position and hash of the last entry removed, which is the chain's new
 * anchor), in the same transaction, so the log records its own thinning.
 *
 * Plain module (no server-only): the start-up hook and the tests use it.
 */

export const DEFAULT_AUDIT_RETENTION_DAYS = 2555;
const DAY_MS = 86_400_000;

export function readAuditRetentionDays(env: Record<string, string | undefined> = process.env): number {
  const raw = settingValue(env, 'AUDIT_RETENTION_DAYS');
  if (!raw) return DEFAULT_AUDIT_RETENTION_DAYS;
  const days = wholeNumberIn(raw, 1, 36_500);
  if (days === undefined) throw new Error(`AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "${raw.slice(0, 20)}").`);
  return days;
}

export interface PruneResult {
  deleted: number;
  /** Entries before this instant were deleted. */
  before: string;
}

export async function pruneExpiredAudit(db: Db, retentionDays: number, now: number = Date.now()): Promise<PruneResult> {
  const before = isoNow(now - retentionDays * DAY_MS);
  const deleted = await db.transaction().execute(async (trx) => {
    const removed = await pruneAudit(trx, before);
    if (removed > 0) {
      const chain = await readAuditChainState(trx);
      await appendAudit(trx, {
        action: 'audit.prune',
        outcome: 'success',
        actor: null,
        detail: { deleted: removed, before, retentionDays, anchorSeq: chain?.anchorSeq ?? null, anchorHash: chain?.anchorHash ?? null },
        at: isoNow(now),
      });
    }
    return removed;
  });
  return { deleted, before };
}
