import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { appendAudit, listAudit, pruneAudit } from './audit';

const pg = await postgresStatus();

forEachDialect('audit queries', pg, (db) => {
  const ann = { id: 'u-ann', email: 'ann@example.com' };
  const bob = { id: 'u-bob', email: 'bob@example.com' };

  it('appends entries and lists them newest first with their detail', async () => {
    await appendAudit(db(), { action: 'auth.sign-in', outcome: 'success', actor: ann, at: '2020-01-01T09:00:00.000Z', detail: { provider: 'credentials' } });
    await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: ann, reference: '122702', at: '2020-01-01T09:05:00.000Z' });
    await appendAudit(db(), { action: 'firm.view', outcome: 'success', actor: bob, reference: '122702', at: '2020-01-02T10:00:00.000Z' });
    await appendAudit(db(), { action: 'auth.sign-in-failed', outcome: 'failure', actor: null, at: '2020-01-03T10:00:00.000Z', detail: { email: 'x@y' } });
    const all = await listAudit(db());
    expect(all.map((e) => e.action)).toEqual(['auth.sign-in-failed', 'firm.view', 'firm.view', 'auth.sign-in']);
    expect(all[3]).toMatchObject({ userId: 'u-ann', userEmail: 'ann@example.com', detail: { provider: 'credentials' }, outcome: 'success' });
    expect(all[0]).toMatchObject({ userId: null, userEmail: null, detail: { email: 'x@y' } });
  });

  it('filters by user, reference, action, action family, and date range; pages by id', async () => {
    expect((await listAudit(db(), { userEmail: 'ANN@example.com' })).length).toBe(2);
    expect((await listAudit(db(), { reference: '122702' })).map((e) => e.userEmail)).toEqual(['bob@example.com', 'ann@example.com']);
    expect((await listAudit(db(), { action: 'firm.view' })).length).toBe(2);
    expect((await listAudit(db(), { action: 'auth.' })).map((e) => e.action)).toEqual(['auth.sign-in-failed', 'auth.sign-in']);
    const day2 = await listAudit(db(), { from: '2020-01-02T00:00:00.000Z', to: '2020-01-03T00:00:00.000Z' });
    expect(day2.map((e) => e.userEmail)).toEqual(['bob@example.com']);
    const first = await listAudit(db(), { limit: 2 });
    const next = await listAudit(db(), { limit: 2, beforeId: first[1].id });
    expect([...first, ...next].map((e) => e.id)).toEqual((await listAudit(db())).map((e) => e.id));
  });

  it('bounds an oversized detail instead of storing it', async () => {
    const id = await appendAudit(db(), { action: 'test.big', outcome: 'success', actor: ann, at: '2020-01-05T00:00:00.000Z', detail: { blob: 'x'.repeat(20_000) } });
    const [entry] = await listAudit(db(), { action: 'test.big' });
    expect(entry.id).toBe(id);
    expect(entry.detail).toEqual({ truncated: true, originalLength: JSON.stringify({ blob: 'x'.repeat(20_000) }).length, keys: ['blob'] });
  });

  it('refuses an entry without an action', async () => {
    await expect(appendAudit(db(), { action: ' ', outcome: 'success', actor: ann })).rejects.toThrow('An audit entry needs an action.');
  });

  it('prunes only entries older than the retention cut-off', async () => {
    const removed = await pruneAudit(db(), '2020-01-02T00:00:00.000Z');
    expect(removed).toBe(2);
    expect((await listAudit(db(), { to: '2020-01-02T00:00:00.000Z' })).length).toBe(0);
    expect((await listAudit(db(), { reference: '122702' })).length).toBe(1);
  });
});
