import { bindStore } from '@/lib/db/bind-store';
import { listAudit } from '@/lib/db/queries/audit';
import { verifyAuditChain } from '@/lib/db/queries/audit-chain';

export { describeAuditChain } from '@/lib/db/queries/audit-chain';

/** The audit log (lib/db owns its SQL) as /admin/audit, its check and its CSV read it, bound to the process's database. */
export const auditStore = bindStore({ listAudit, verifyAuditChain });
export type { AuditEntry } from '@/lib/db/queries/audit';
