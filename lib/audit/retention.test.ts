import { describe, expect, it } from 'vitest';
import { appendAudit, listAudit } from '@/lib/db/queries/audit';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { DEFAULT_AUDIT_RETENTION_DAYS, pruneExpiredAudit, readAuditRetentionDays } from './retention';

const pg = await postgresStatus();
const DAY = 86_400_000;

describe('readAuditRetentionDays', () => {
  it('defaults to about seven years and reads whole days', () => {
    expect(readAuditRetentionDays({})).toBe(DEFAULT_AUDIT_RETENTION_DAYS);
    expect(DEFAULT_AUDIT_RETENTION_DAYS).toBe(2555);
    expect(readAuditRetentionDays({ AUDIT_RETENTION_DAYS: ' 90 ' })).toBe(90);
  });

  it('names the variable when the value is unusable', () => {
    for (const bad of ['0', '-5', '7y', '1.5', '40000']) {
      expect(() => readAuditRetentionDays({ AUDIT_RETENTION_DAYS: bad })).toThrow(/^AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500/);
    }
  });
});

forEachDialect('audit retention', pg, (db) => {
  // A past instant: the database refuses to delete entries younger than a day by its own clock.
  const now = Date.parse('2025-06-01T12:00:00.000Z');
  const ann = { id: 'u-ann', email: 'ann@example.com' };

  it('deletes only entries older than the retention period and records that it did', async () => {
    await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: ann, reference: '1', at: new Date(now - 31 * DAY).toISOString() });
    await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: ann, reference: '2', at: new Date(now - 29 * DAY).toISOString() });
    const result = await pruneExpiredAudit(db(), 30, now);
    expect(result).toEqual({ deleted: 1, before: new Date(now - 30 * DAY).toISOString() });
    const left = await listAudit(db());
    expect(left.map((e) => e.reference ?? e.action)).toEqual(['audit.prune', '2']);
    expect(left[0]).toMatchObject({ userEmail: null, outcome: 'success', detail: { deleted: 1, retentionDays: 30 } });
  });

  it('adds nothing when there is nothing to prune', async () => {
    const before = (await listAudit(db())).length;
    expect((await pruneExpiredAudit(db(), 30, now)).deleted).toBe(0);
    expect((await listAudit(db())).length).toBe(before);
  });
});
