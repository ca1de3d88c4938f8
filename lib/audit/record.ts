import 'server-only';
import { getDb } from '@/lib/db/client';
import { type AuditEntryInput, type AuditOutcome, appendAudit } from '@/lib/db/queries/audit';
import type { SessionUser } from '@/lib/auth/options';

export type { AuditOutcome };

export interface RecordAuditInput {
  action: string;
  outcome?: AuditOutcome;
  /** The signed-in user (from requireUser()); null for anonymous events. */
  user: Pick<SessionUser, 'id' | 'email'> | null;
  reference?: string | null;
  detail?: Record<string, unknown> | null;
}

/**
 * Appends an audit entry for something a page, route handler or server action did. Await it
 * before returning the response it records: if it throws, the response must not go out as if the
 * action had been recorded.
 *
 *   const user = await requireUser();
 *   await recordAudit({ action: 'firm.view', user, reference: frn });
 */
export async function recordAudit(input: RecordAuditInput): Promise<number> {
  const entry: AuditEntryInput = {
    action: input.action,
    outcome: input.outcome ?? 'success',
    actor: input.user ? { id: input.user.id, email: input.user.email } : null,
    reference: input.reference ?? null,
    detail: input.detail ?? null,
  };
  return appendAudit(await getDb(), entry);
}
