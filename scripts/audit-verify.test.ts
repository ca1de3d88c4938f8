import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { appendAudit, listAudit } from '@/lib/db/queries/audit';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { runAuditVerify } from './audit-verify';

const pg = await postgresStatus();

forEachDialect('npm run audit-verify', pg, (db, dialect, handle) => {
  it('says intact with the number of entries, exits 0, and records the check', async () => {
    for (let i = 0; i < 5; i += 1) await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: null, reference: String(i) });
    const result = await runAuditVerify(handle(), 'cli:tester');
    expect(result.exitCode).toBe(0);
    expect(result.text.split('\n')[1]).toMatch(/^intact: 5 entries \(positions 1-5\); head hash [0-9a-f]{64}$/);
    const [recorded] = await listAudit(db(), { action: 'audit.verify' });
    expect(recorded).toMatchObject({ userEmail: 'cli:tester', outcome: 'success', detail: { via: 'cli', intact: true, entries: 5, lastSeq: 5 } });
  });

  it('names the changed entry and exits 1', async () => {
    const [target] = await db().selectFrom('audit_log').select(['id', 'chain_seq']).where('reference', '=', '2').execute();
    await sql.raw(dialect === 'sqlite' ? 'DROP TRIGGER audit_log_no_update' : 'DROP TRIGGER audit_log_no_update ON audit_log').execute(db());
    await sql`UPDATE audit_log SET outcome = 'denied' WHERE id = ${target.id}`.execute(db());
    const result = await runAuditVerify(handle(), 'cli:tester');
    expect(result.exitCode).toBe(1);
    expect(result.text).toContain(
      `broken: changed at entry ${target.id}: Entry ${target.id} (position ${target.chain_seq}) was changed: its stored fields no longer match its hash. (2 entries verified before the break)`,
    );
    const [recorded] = await listAudit(db(), { action: 'audit.verify' });
    expect(recorded).toMatchObject({ outcome: 'failure', detail: { intact: false, problem: 'changed', entryId: Number(target.id) } });
  });
});
