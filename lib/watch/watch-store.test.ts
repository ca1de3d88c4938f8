import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { insertChange, insertCheck, insertCycle } from '@/test/watch-fixtures';
import { verifyAuditChain } from '@/lib/db/queries/audit-chain';
import { listAudit } from '@/lib/db/queries/audit';
import {
  changeRowsById,
  countNewChanges,
  entityHistory,
  getChange,
  getCheck,
  listChanges,
  listChangesWithRows,
  MAX_BULK_CHANGES,
  updateChange,
  updateChanges,
} from './watch-store';
import { addWatchlistEntries, createWatchlist } from '@/lib/watchlists/watchlists-store';

const pg = await postgresStatus();

forEachDialect('watch change queries', pg, (db) => {
  let ids: { a: string; b: string; c: string; d: string; check2: string; check1: string; listId: string };

  it('seeds two checks of 200200 and one of BKS00001 with their changes', async () => {
    const list = await createWatchlist(db(), { name: 'Banks', owner: { id: 'u1', email: 'ann@example.com' } });
    await addWatchlistEntries(db(), list.id, [{ kind: 'firm', ref: '200200' }], 'ann@example.com');
    const c1 = await insertCycle(db(), '2026-01-30T20:00:00.000Z');
    const c2 = await insertCycle(db(), '2026-01-31T20:00:00.000Z');
    const k1 = await insertCheck(db(), { cycleId: c1, kind: 'firm', ref: '200200', name: 'Albion Crown Bank plc', at: '2026-01-30T20:00:01.000Z', data: { permissions: [1, 2] } });
    const k2 = await insertCheck(db(), {
      cycleId: c2,
      kind: 'firm',
      ref: '200200',
      name: 'Albion Crown Bank plc',
      at: '2026-01-31T20:00:01.000Z',
      previousCheckId: k1.id,
      changeCount: 2,
      data: { permissions: [1] },
    });
    const i1 = await insertCheck(db(), { cycleId: c1, kind: 'individual', ref: 'BKS00001', at: '2026-01-30T20:00:02.000Z' });
    const i2 = await insertCheck(db(), { cycleId: c2, kind: 'individual', ref: 'BKS00001', at: '2026-01-31T20:00:02.000Z', previousCheckId: i1.id, changeCount: 1 });
    const firm = { checkId: k2.id, previousCheckId: k1.id, cycleId: c2, kind: 'firm' as const, ref: '200200', entityName: 'Albion Crown Bank plc', at: '2026-01-31T20:00:01.000Z' };
    const a = await insertChange(db(), {
      ...firm,
      section: 'permissions',
      severity: 'high',
      summary: 'Permission removed: Dealing in investments as agent',
      rows: [{ change: 'removed', key: 'Dealing in investments as agent', label: 'Dealing in investments as agent', before: { name: 'Dealing in investments as agent' } }],
    });
    const b = await insertChange(db(), { ...firm, section: 'requirements', severity: 'medium', summary: 'Requirement OR-0200206 imposed (100% match_test)' });
    const c = await insertChange(db(), {
      checkId: i2.id,
      previousCheckId: i1.id,
      cycleId: c2,
      kind: 'individual',
      ref: 'BKS00001',
      entityName: 'Bob Keys',
      section: 'controlled-functions',
      severity: 'low',
      summary: 'SMF3 ended',
      at: '2026-01-31T20:00:02.000Z',
      rows: [{ change: 'changed', key: 'SMF3', label: 'SMF3 Executive Director', fields: [{ path: 'endDate', before: null, after: '31/01/2026' }] }],
    });
    const d = await insertChange(db(), { ...firm, section: 'names', severity: 'low', summary: 'Old', state: 'expected', at: '2026-01-29T00:00:00.000Z' });
    ids = { a, b, c, d, check1: k1.id, check2: k2.id, listId: list.id };
    expect(await countNewChanges(db())).toBe(3);
  });

  it('filters the inbox by state, severity, list, kind, ref and text, newest first', async () => {
    const all = await listChanges(db());
    expect(all.total).toBe(4);
    expect(all.rows.at(-1)?.id).toBe(ids.d);
    expect((await listChanges(db(), { state: 'new' })).rows.map((r) => r.id).sort()).toEqual([ids.a, ids.b, ids.c].sort());
    expect((await listChanges(db(), { severity: 'high' })).rows.map((r) => r.id)).toEqual([ids.a]);
    expect((await listChanges(db(), { kind: 'individual' })).rows.map((r) => r.id)).toEqual([ids.c]);
    expect((await listChanges(db(), { ref: 'BKS00001' })).rows.map((r) => r.id)).toEqual([ids.c]);
    expect((await listChanges(db(), { watchlistId: ids.listId })).total).toBe(3);
    expect((await listChanges(db(), { text: 'bob' })).rows.map((r) => r.id)).toEqual([ids.c]);
    expect((await listChanges(db(), { text: 'or-0200206' })).rows.map((r) => r.id)).toEqual([ids.b]);
    // LIKE's own wildcards are matched literally.
    expect((await listChanges(db(), { text: '100%' })).rows.map((r) => r.id)).toEqual([ids.b]);
    expect((await listChanges(db(), { text: '_' })).rows.map((r) => r.id)).toEqual([ids.b]);
    const page = await listChanges(db(), { limit: 2, offset: 2 });
    expect(page.total).toBe(4);
    expect(page.rows).toHaveLength(2);
  });

  it('reads one change with its rows and both checks', async () => {
    const change = await getChange(db(), ids.a);
    expect(change).toMatchObject({
      section: 'permissions',
      severity: 'high',
      state: 'new',
      check: { id: ids.check2, baseline: false, changeCount: 2 },
      previousCheck: { id: ids.check1, baseline: true },
    });
    expect(change?.rows[0]).toMatchObject({ change: 'removed', before: { name: 'Dealing in investments as agent' } });
    expect(await getChange(db(), 'missing')).toBeNull();
    const check = await getCheck(db(), ids.check2);
    expect(check).toMatchObject({ intact: true, canonical: '{"permissions":[1]}' });
    await db().updateTable('watch_checks').set({ canonical: '{"permissions":[1,2]}' }).where('id', '=', ids.check2).execute();
    expect((await getCheck(db(), ids.check2))?.intact).toBe(false);
    await db().updateTable('watch_checks').set({ canonical: '{"permissions":[1]}' }).where('id', '=', ids.check2).execute();
  });

  it('sets state, assignee and note, and audits each update in the chain', async () => {
    const actor = { id: 'u2', email: 'Bob@Example.com' };
    const updated = await updateChange(db(), ids.a, { state: 'acknowledged', assigneeEmail: ' Carol@Example.com ', note: ' Expected after the variation. ' }, actor);
    expect(updated).toMatchObject({ state: 'acknowledged', assigneeEmail: 'carol@example.com', note: 'Expected after the variation.', updatedBy: 'bob@example.com' });
    expect(await countNewChanges(db())).toBe(2);
    await updateChange(db(), ids.a, { state: 'escalated', assigneeEmail: '', note: '' }, actor);
    const entries = await listAudit(db(), { action: 'watch.change.update' });
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({ userEmail: 'Bob@Example.com', reference: '200200' });
    expect(entries[1].detail).toEqual({
      change: ids.a,
      kind: 'firm',
      section: 'permissions',
      from: { state: 'new', assignee: null, note: null },
      to: { state: 'acknowledged', assignee: 'carol@example.com', note: 'Expected after the variation.' },
    });
    expect(entries[0].detail).toMatchObject({ to: { state: 'escalated', assignee: null, note: null } });
    expect((await verifyAuditChain(db())).intact).toBe(true);

    await expect(updateChange(db(), ids.a, { state: 'done' as never }, actor)).rejects.toThrow('Choose a state: new, acknowledged, escalated, expected.');
    await expect(updateChange(db(), ids.a, { state: 'new', assigneeEmail: 'not an address' }, actor)).rejects.toThrow('is not an e-mail address');
    await expect(updateChange(db(), 'missing', { state: 'new' }, actor)).rejects.toThrow('That change does not exist.');
    expect(await listAudit(db(), { action: 'watch.change.update' })).toHaveLength(2);
  });

  it('reads changes with their rows oldest first, between two instants (what programs read since they last asked)', async () => {
    const since = await listChangesWithRows(db(), { detectedAfter: '2026-01-30T00:00:00.000Z', order: 'oldest' });
    // a and b were detected at the same instant (by id), c a second later; d before the instant asked for.
    expect(since.map((c) => c.id)).toEqual([...[ids.a, ids.b].sort(), ids.c]);
    expect(since.find((c) => c.id === ids.a)?.rows).toMatchObject([{ change: 'removed' }]);
    expect((await listChangesWithRows(db(), { detectedAfter: '2026-01-31T20:00:01.000Z' })).map((c) => c.id)).toEqual([ids.c]);
    expect((await listChangesWithRows(db(), { detectedUpTo: '2026-01-29T00:00:00.000Z' })).map((c) => c.id)).toEqual([ids.d]);
    expect((await changeRowsById(db(), [ids.c])).get(ids.c)).toMatchObject([{ change: 'changed', key: 'SMF3' }]);
  });

  it('acknowledges several changes at once with one note, all or none, each audited on its own', async () => {
    const actor = { id: 'u3', email: 'dan@example.com' };
    const before = (await listAudit(db(), { action: 'watch.change.update' })).length;
    const updated = await updateChanges(db(), [ids.b, ids.c, ids.b], { state: 'acknowledged', note: ' Reviewed in the morning call. ' }, actor);
    expect(updated.map((c) => [c.id, c.state, c.note]).sort()).toEqual(
      [
        [ids.b, 'acknowledged', 'Reviewed in the morning call.'],
        [ids.c, 'acknowledged', 'Reviewed in the morning call.'],
      ].sort(),
    );
    const entries = (await listAudit(db(), { action: 'watch.change.update' })).slice(0, 2);
    expect(entries.map((e) => e.detail?.change).sort()).toEqual([ids.b, ids.c].sort());
    expect(entries[0].detail).toMatchObject({ bulk: true, from: { state: 'new' }, to: { state: 'acknowledged', note: 'Reviewed in the morning call.' } });
    // No note keeps each change's own; an unknown id saves nothing.
    await updateChanges(db(), [ids.b], { state: 'expected', note: '' }, actor);
    expect((await getChange(db(), ids.b))?.note).toBe('Reviewed in the morning call.');
    await expect(updateChanges(db(), [ids.c, 'gone'], { state: 'expected' }, actor)).rejects.toThrow('A change chosen no longer exists: nothing was saved.');
    expect((await getChange(db(), ids.c))?.state).toBe('acknowledged');
    await expect(updateChanges(db(), [], { state: 'expected' }, actor)).rejects.toThrow('Choose at least one change.');
    await expect(
      updateChanges(
        db(),
        Array.from({ length: MAX_BULK_CHANGES + 1 }, (_, i) => `x${i}`),
        { state: 'expected' },
        actor,
      ),
    ).rejects.toThrow(`At most ${MAX_BULK_CHANGES} changes can be updated at once; ${MAX_BULK_CHANGES + 1} were chosen.`);
    expect(await listAudit(db(), { action: 'watch.change.update' })).toHaveLength(before + 3);
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });

  it("gives an entity's history: every check, newest first, with the changes it saw", async () => {
    const history = await entityHistory(db(), 'firm', '200200');
    expect(history.map((h) => [h.check.id, h.changes.map((c) => c.section)])).toEqual([
      [ids.check2, ['names', 'permissions', 'requirements']],
      [ids.check1, []],
    ]);
    expect(history[0].changes[1]).toMatchObject({ previousCheck: { id: ids.check1 }, rows: [{ change: 'removed' }] });
    expect(await entityHistory(db(), 'fund', '800800')).toEqual([]);
  });
});
