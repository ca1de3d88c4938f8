// Verifies the audit log's hash chain: `npm run audit-verify`. Works on the database the portal
// uses (FSR_DATA_DIR/portal.db, or DATABASE_URL). Prints "intact: N entries …" and exits 0, or
// names the first broken link (entry id, position, changed / missing / reordered / unchained) and
// exits 1. The check itself is recorded in the log as `audit.verify` (as `cli:<os user>`).
import { userInfo } from 'node:os';
import { openMigratedDb, type DbHandle } from '@/lib/db/connect';
import { appendAudit } from '@/lib/db/queries/audit';
import { type AuditChainReport, describeAuditChain, verifyAuditChain } from '@/lib/db/queries/audit-chain';

export interface AuditVerifyResult {
  report: AuditChainReport;
  text: string;
  exitCode: 0 | 1;
}

/** Verifies, records the verification, and says what to print. Exported for tests. */
export async function runAuditVerify(handle: DbHandle, actorEmail: string, now: () => number = Date.now): Promise<AuditVerifyResult> {
  const started = now();
  const report = await verifyAuditChain(handle.db);
  const ms = now() - started;
  await appendAudit(handle.db, {
    action: 'audit.verify',
    outcome: report.intact ? 'success' : 'failure',
    actor: { id: null, email: actorEmail },
    detail: {
      via: 'cli',
      intact: report.intact,
      entries: report.entries,
      lastSeq: report.lastSeq,
      ...(report.break ? { problem: report.break.problem, entryId: report.break.entryId, seq: report.break.seq } : {}),
    },
  });
  const lines = [`Audit chain of ${handle.location}`, describeAuditChain(report), `Checked in ${ms} ms.`];
  if (!report.intact) {
    lines.push('Compare with a backup (npm run backup keeps a verified copy) to see what the entry said; see docs/reports-export-audit.md.');
  }
  return { report, text: lines.join('\n'), exitCode: report.intact ? 0 : 1 };
}

async function main(): Promise<number> {
  let handle: DbHandle | undefined;
  try {
    handle = await openMigratedDb();
    const result = await runAuditVerify(handle, `cli:${userInfo().username}`);
    (result.exitCode === 0 ? console.log : console.error)(result.text);
    return result.exitCode;
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 2;
  } finally {
    await handle?.close();
  }
}

if (process.argv[1] && /scripts[\\/]audit-verify\.ts$/.test(process.argv[1])) {
  main().then((code) => {
    process.exitCode = code;
  });
}
