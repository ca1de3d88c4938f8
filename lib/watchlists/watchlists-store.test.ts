import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { insertChange, insertCheck, insertCycle } from '@/test/watch-fixtures';
import { defaultSectionsChoice, watchableSections } from './sections-choice';
import {
  addWatchlistEntries,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlistEntries,
  listWatchlists,
  removeWatchlistEntry,
  runningCycleForList,
  setWatchlistSections,
  updateWatchlist,
  watchlistNames,
  watchlistsWithEntity,
} from './watchlists-store';

const pg = await postgresStatus();
const ann = { id: 'u-ann', email: 'Ann@Example.com' };

forEachDialect('watchlist queries', pg, (db) => {
  it('creates a list with every default section per kind, and refuses a second list of the same name', async () => {
    const list = await createWatchlist(db(), { name: '  Our   appointed representatives ', caseReference: ' C-1 ', owner: ann });
    expect(list).toMatchObject({ name: 'Our appointed representatives', caseReference: 'C-1', description: null, ownerEmail: 'ann@example.com', ownerId: 'u-ann' });
    expect(list.sections).toEqual(defaultSectionsChoice());
    expect(list.sections.firm).toContain('record');
    expect(list.sections.individual).toContain('controlled-functions');
    expect(list.sections.fund).toContain('subfunds');
    expect(await getWatchlist(db(), list.id)).toEqual(list);
    await expect(createWatchlist(db(), { name: 'our APPOINTED representatives', owner: ann })).rejects.toThrow('There is already a list called "our APPOINTED representatives".');
    await expect(createWatchlist(db(), { name: '   ', owner: ann })).rejects.toThrow('Enter a name for the list.');
  });

  it('renames a list, sets its sections (known slugs only, at least one per kind) and deletes it with its entries', async () => {
    const list = await createWatchlist(db(), { name: 'Counterparties', owner: ann });
    await createWatchlist(db(), { name: 'Taken', owner: ann });
    await expect(updateWatchlist(db(), list.id, { name: 'taken' })).rejects.toThrow('There is already a list called "taken".');
    const renamed = await updateWatchlist(db(), list.id, { name: 'Key counterparties', description: 'Banks we trade with', caseReference: '' });
    expect(renamed).toMatchObject({ name: 'Key counterparties', description: 'Banks we trade with', caseReference: null });

    const firmSlugs = watchableSections('firm').map((s) => s.slug);
    const updated = await setWatchlistSections(db(), list.id, { firm: [firmSlugs[2], 'record'], individual: ['record'], fund: ['record', 'subfunds'] });
    expect(updated.sections).toEqual({ firm: ['record', firmSlugs[2]], individual: ['record'], fund: ['record', 'subfunds'] });
    await expect(setWatchlistSections(db(), list.id, { firm: ['record', 'nonsense'], individual: ['record'], fund: ['record'] })).rejects.toThrow(
      '"nonsense" is not a section of a firm the portal can watch.',
    );
    // The record is always watched, whatever the list says.
    expect((await setWatchlistSections(db(), list.id, { firm: [firmSlugs[3]], individual: [], fund: ['names'] })).sections).toEqual({
      firm: ['record', firmSlugs[3]],
      individual: ['record'],
      fund: ['record', 'names'],
    });

    await addWatchlistEntries(db(), list.id, [{ kind: 'firm', ref: '200200' }], 'ann@example.com');
    await deleteWatchlist(db(), list.id);
    expect(await getWatchlist(db(), list.id)).toBeNull();
    expect(await db().selectFrom('watchlist_entries').selectAll().where('watchlist_id', '=', list.id).execute()).toEqual([]);
    await expect(deleteWatchlist(db(), list.id)).rejects.toThrow('That watchlist no longer exists.');
  });

  it('adds entries once (repeats and entries already listed are reported, not duplicated) and removes them', async () => {
    const list = await createWatchlist(db(), { name: 'Entries', owner: ann });
    const first = await addWatchlistEntries(
      db(),
      list.id,
      [
        { kind: 'firm', ref: '200200', name: 'Albion Crown Bank plc' },
        { kind: 'firm', ref: '200200' },
        { kind: 'individual', ref: 'BKS00001' },
      ],
      'Ann@Example.com',
    );
    expect(first).toEqual({
      added: [
        { kind: 'firm', ref: '200200' },
        { kind: 'individual', ref: 'BKS00001' },
      ],
      alreadyListed: [],
    });
    const second = await addWatchlistEntries(
      db(),
      list.id,
      [
        { kind: 'firm', ref: '200200' },
        { kind: 'fund', ref: '800800' },
      ],
      'bob@example.com',
    );
    expect(second).toEqual({ added: [{ kind: 'fund', ref: '800800' }], alreadyListed: [{ kind: 'firm', ref: '200200' }] });
    // The same number as a firm and as a fund are two records.
    expect((await addWatchlistEntries(db(), list.id, [{ kind: 'fund', ref: '200200' }], 'bob@example.com')).added).toHaveLength(1);

    const entries = await listWatchlistEntries(db(), list.id);
    expect(entries.map((e) => `${e.kind}:${e.ref}`)).toEqual(['firm:200200', 'individual:BKS00001', 'fund:200200', 'fund:800800']);
    expect(entries[0]).toMatchObject({ name: 'Albion Crown Bank plc', addedBy: 'ann@example.com', latestCheck: null, openChanges: 0 });

    expect(await removeWatchlistEntry(db(), list.id, { kind: 'fund', ref: '200200' })).toBe(true);
    expect(await removeWatchlistEntry(db(), list.id, { kind: 'fund', ref: '200200' })).toBe(false);
    await expect(addWatchlistEntries(db(), 'no-such-list', [{ kind: 'firm', ref: '1' }], 'x@y')).rejects.toThrow('That watchlist no longer exists.');
  });

  it('lists entries with their latest check (status, name, when) and open changes; lists with counts', async () => {
    const list = await createWatchlist(db(), { name: 'Checked', owner: ann });
    const other = await createWatchlist(db(), { name: 'Other list', owner: ann });
    await addWatchlistEntries(
      db(),
      list.id,
      [
        { kind: 'firm', ref: '700100' },
        { kind: 'firm', ref: '300300', name: 'Old name' },
        { kind: 'fund', ref: '800800' },
        { kind: 'individual', ref: 'ABC12345' },
      ],
      'ann@example.com',
    );
    await addWatchlistEntries(db(), other.id, [{ kind: 'firm', ref: '700100' }], 'ann@example.com');
    const c1 = await insertCycle(db(), '2026-01-30T20:00:00.000Z');
    const c2 = await insertCycle(db(), '2026-01-31T20:00:00.000Z');
    const a1 = await insertCheck(db(), { cycleId: c1, kind: 'firm', ref: '700100', name: 'Kingsmere', at: '2026-01-30T20:00:01.000Z' });
    const a2 = await insertCheck(db(), {
      cycleId: c2,
      kind: 'firm',
      ref: '700100',
      name: 'Kingsmere Mortgage Network',
      at: '2026-01-31T20:00:01.000Z',
      previousCheckId: a1.id,
      changeCount: 2,
    });
    await insertCheck(db(), { cycleId: c1, kind: 'firm', ref: '300300', name: 'Pemberton', at: '2026-01-30T20:00:02.000Z' });
    const f1 = await insertCheck(db(), { cycleId: c1, kind: 'fund', ref: '800800', at: '2026-01-30T20:00:03.000Z' });
    await insertCheck(db(), { cycleId: c2, kind: 'fund', ref: '800800', at: '2026-01-31T20:00:03.000Z', previousCheckId: f1.id, sectionsNotChecked: 1 });
    const base = { checkId: a2.id, previousCheckId: a1.id, cycleId: c2, kind: 'firm' as const, ref: '700100', at: '2026-01-31T20:00:01.000Z' };
    await insertChange(db(), { ...base, section: 'appointed-representatives', summary: 'One AR added' });
    await insertChange(db(), { ...base, section: 'record', summary: 'Name changed', state: 'escalated' });
    await insertChange(db(), { ...base, section: 'permissions', summary: 'Done', state: 'acknowledged' });

    const entries = await listWatchlistEntries(db(), list.id);
    const by = Object.fromEntries(entries.map((e) => [`${e.kind}:${e.ref}`, e]));
    expect(by['firm:700100']).toMatchObject({
      name: 'Kingsmere Mortgage Network',
      openChanges: 2,
      latestCheck: { id: a2.id, status: 'changed', changeCount: 2, checkedAt: '2026-01-31T20:00:01.000Z' },
    });
    expect(by['firm:300300']).toMatchObject({ name: 'Pemberton', openChanges: 0, latestCheck: { status: 'baseline' } });
    expect(by['fund:800800']).toMatchObject({ latestCheck: { status: 'incomplete', sectionsNotChecked: 1 } });
    expect(by['individual:ABC12345']).toMatchObject({ latestCheck: null, openChanges: 0 });

    const lists = Object.fromEntries((await listWatchlists(db())).map((l) => [l.name, l]));
    expect(lists.Checked).toMatchObject({ entryCount: 4, openChanges: 2 });
    expect(lists['Other list']).toMatchObject({ entryCount: 1, openChanges: 2 });
    expect(await watchlistsWithEntity(db(), { kind: 'firm', ref: '700100' })).toEqual([
      { id: list.id, name: 'Checked' },
      { id: other.id, name: 'Other list' },
    ]);
    expect((await watchlistNames(db())).map((l) => l.name)).toContain('Other list');
  });

  it('finds the running cycle over a list', async () => {
    const list = await createWatchlist(db(), { name: 'Running', owner: ann });
    expect(await runningCycleForList(db(), list.id)).toBeNull();
    const id = await insertCycle(db(), '2026-02-01T10:00:00.000Z', list.id);
    await db().updateTable('watch_cycles').set({ finished_at: null }).where('id', '=', id).execute();
    expect(await runningCycleForList(db(), list.id)).toBe(id);
  });
});
