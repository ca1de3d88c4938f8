import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { insertChange, insertCheck, insertCycle } from '@/test/watch-fixtures';
import type { RecordAuditInput } from '@/lib/audit/record';
import { isWatchApiPath } from '@/lib/auth/route-access';
import type { Db } from '@/lib/db/schema';
import {
  addRecordsResponse,
  changeStateResponse,
  checkListResponse,
  createWatchlistResponse,
  listChangesResponse,
  listWatchlistsResponse,
  MAX_BODY_BYTES,
  readJsonBody,
  SETTLE_MS,
  type WatchActor,
  type WatchApiDeps,
} from './watch-api';

const pg = await postgresStatus();

const PROGRAM: WatchActor = { via: 'token', id: 'token:tok_0123456789abcdef0123', email: 'token:crm onboarding' };
const T0 = Date.parse('2026-02-01T07:00:00.000Z');

function post(body: string, type = 'application/json'): Request {
  return new Request('http://portal.test/api/watchlists', { method: 'POST', headers: { 'content-type': type }, body });
}

describe('reading a JSON body', () => {
  it('names the problem: not JSON, malformed, empty, too large', async () => {
    const wrongType = await readJsonBody(post('name=x', 'application/x-www-form-urlencoded'));
    expect(wrongType.ok || (await wrongType.response.json())).toEqual({
      error: 'unsupported-media-type',
      message: 'Send the body as JSON with Content-Type: application/json (it was application/x-www-form-urlencoded).',
    });
    const malformed = await readJsonBody(post('{"name": "CRM",}'));
    expect(malformed.ok).toBe(false);
    if (!malformed.ok) {
      expect(malformed.response.status).toBe(400);
      expect(await malformed.response.json()).toMatchObject({ error: 'bad-json', message: expect.stringMatching(/^The body is not valid JSON: .+position 15/) });
    }
    const empty = await readJsonBody(post(' '));
    expect(empty.ok || (await empty.response.json()).message).toBe('The body is empty: send a JSON object.');
    const big = await readJsonBody(post(JSON.stringify({ references: Array(60_000).fill('200200') })));
    expect(big.ok || [big.response.status, (await big.response.json()).message]).toEqual([413, `The body is 528 KB; at most ${MAX_BODY_BYTES / 1024} KB is read.`]);
    expect(await readJsonBody(post('{"name":"CRM"}'))).toEqual({ ok: true, value: { name: 'CRM' } });
  });

  it('knows the watch API paths the proxy lets a token through to', () => {
    for (const path of [
      '/api/watchlists',
      '/api/watchlists/x/records',
      '/api/changes',
      '/api/changes/x/state',
      '/api/watch/cycles/x',
      '/api/principals',
      '/api/principals/700100/book',
    ])
      expect(isWatchApiPath(path), path).toBe(true);
    for (const path of ['/api/bulk', '/api/watchlistsx', '/changes', '/api/export/audit', '/api/principalsx', '/principals']) expect(isWatchApiPath(path), path).toBe(false);
  });
});

forEachDialect('the watch API', pg, (db: () => Db) => {
  const audits: RecordAuditInput[] = [];
  let now = T0;
  const deps = (): WatchApiDeps => ({
    db: db(),
    audit: async (input) => {
      audits.push(input);
    },
    // Bare digits: 200200 is a firm, 800800 a fund, anything else neither.
    lookUp: async (c) =>
      c.ref === '200200'
        ? { kind: 'firm', ref: c.ref, name: 'Albion Crown Bank plc' }
        : c.ref === '800800'
          ? { kind: 'fund', ref: c.ref, name: null }
          : { row: c.row, input: c.input, message: `${c.ref} is neither a firm (FRN) nor a fund (PRN) on the register.` },
    now: () => now,
  });
  let listId = '';

  beforeAll(async () => {
    audits.splice(0);
  });

  it('creates a watchlist (201), refuses a name taken (409) and an unknown field (400)', async () => {
    const created = await createWatchlistResponse(deps(), PROGRAM, { name: 'CRM onboarding', caseReference: 'ONB-7' });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; name: string };
    expect(body).toMatchObject({ name: 'CRM onboarding', url: `/watchlists/${body.id}` });
    listId = body.id;
    expect(audits.at(-1)).toMatchObject({ action: 'watchlist.create', user: { email: 'token:crm onboarding' }, reference: listId, detail: { via: 'api-token' } });
    const again = await createWatchlistResponse(deps(), PROGRAM, { name: 'crm ONBOARDING' });
    expect([again.status, (await again.json()).message]).toEqual([409, 'There is already a list called "crm ONBOARDING".']);
    const notAnObject = await createWatchlistResponse(deps(), PROGRAM, '{"name": "CRM"}');
    expect([notAnObject.status, (await notAnObject.json()).message]).toEqual([400, 'The body must be a JSON object, not a string.']);
    const typo = await createWatchlistResponse(deps(), PROGRAM, { nmae: 'x' });
    expect(typo.status).toBe(400);
    expect((await typo.json()).message).toMatch(/name is required/);
    const listed = (await (await listWatchlistsResponse(deps())).json()) as { watchlists: Array<{ id: string; records: number }> };
    expect(listed.watchlists).toMatchObject([{ id: listId, records: 0 }]);
  });

  it('adds references read as the paste box reads them, refusing each bad one with its reason', async () => {
    const res = await addRecordsResponse(deps(), PROGRAM, listId, { references: ['200200', 'BKS00001', 'PRN 800800', 'BKS0000X', '999999', 'FRN 200200 300300'] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      added: [
        { type: 'firm', ref: '200200' },
        { type: 'individual', ref: 'BKS00001' },
        { type: 'fund', ref: '800800' },
      ],
      alreadyListed: [],
      refused: [
        { input: 'BKS0000X', message: expect.stringMatching(/^"BKS0000X" is not a reference number/) },
        { input: '999999', message: '999999 is neither a firm (FRN) nor a fund (PRN) on the register.' },
        { input: 'FRN 200200 300300', message: 'Give one reference per entry of the list.' },
      ],
    });
    const again = await addRecordsResponse(deps(), PROGRAM, listId, { references: ['FRN 200200'] });
    expect(await again.json()).toEqual({ added: [], alreadyListed: [{ type: 'firm', ref: '200200' }], refused: [] });
    expect(audits.at(-1)).toMatchObject({ action: 'watchlist.entries.add', reference: listId, detail: { addedCount: 0, alreadyListed: 1 } });
  });

  it('refuses 10,000 references with the limit, an unknown list with 404, and a body of the wrong shape with 400', async () => {
    const many = await addRecordsResponse(deps(), PROGRAM, listId, { references: Array.from({ length: 10_000 }, (_, i) => String(100000 + i)) });
    expect([many.status, await many.json()]).toEqual([400, { error: 'too-many', message: 'At most 2,000 references at a time (10,000 given): split the list.', limit: 2000 }]);
    const unknown = await addRecordsResponse(deps(), PROGRAM, '00000000-0000-4000-8000-000000000000', { references: ['200200'] });
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: 'not-found', message: 'There is no watchlist with that id.' }]);
    expect((await addRecordsResponse(deps(), PROGRAM, 'not-an-id', { references: [] })).status).toBe(404);
    const shape = await addRecordsResponse(deps(), PROGRAM, listId, { references: '200200' });
    expect([shape.status, (await shape.json()).message]).toEqual([400, 'references: references is required: a list of FRNs, IRNs and PRNs.']);
    const numbers = await addRecordsResponse(deps(), PROGRAM, listId, { references: [200200] });
    expect((await numbers.json()).message).toBe('references.0: each reference must be a string (an FRN, IRN or PRN)');
  });

  it('starts a check of the list (202 with its cycle) and refuses an empty list (409)', async () => {
    const res = await checkListResponse(deps(), PROGRAM, listId);
    expect(res.status).toBe(202);
    const body = (await res.json()) as { cycleId: string; records: number; progress: string };
    expect(body).toMatchObject({ records: 3, estimatedRequests: 13 + 3 + 3, unknownRecords: 3, progress: `/api/watch/cycles/${body.cycleId}` });
    expect((await db().selectFrom('jobs').select('dedupe_key').where('job_group', '=', body.cycleId).execute()).length).toBe(3);
    expect(audits.at(-1)).toMatchObject({ action: 'watch.check-now', reference: body.cycleId, detail: { entities: 3, via: 'api-token' } });
    await db()
      .updateTable('watch_cycles')
      .set({ finished_at: new Date(now).toISOString() })
      .execute();
    const empty = JSON.parse(await (await createWatchlistResponse(deps(), PROGRAM, { name: 'Empty' })).text()) as { id: string };
    const none = await checkListResponse(deps(), PROGRAM, empty.id);
    expect([none.status, (await none.json()).error]).toEqual([409, 'nothing-to-check']);
    await db()
      .updateTable('watch_cycles')
      .set({ finished_at: new Date(now).toISOString() })
      .execute();
  });

  it('reads what changed since a time, oldest first, in the register’s terms, without missing or repeating a change while a cycle runs', async () => {
    const earlier = await insertCycle(db(), '2026-01-31T06:00:00.000Z', listId);
    const cycle = await insertCycle(db(), '2026-02-01T06:00:00.000Z', listId);
    const prev = await insertCheck(db(), { cycleId: earlier, kind: 'firm', ref: '200200', at: '2026-01-31T06:00:00.000Z' });
    const check = await insertCheck(db(), { cycleId: cycle, kind: 'firm', ref: '200200', at: '2026-02-01T06:00:00.000Z', previousCheckId: prev.id });
    const base = { checkId: check.id, previousCheckId: prev.id, cycleId: cycle, kind: 'firm' as const, ref: '200200', entityName: 'Albion Crown Bank plc' };
    const perm = (name: string) => ({ change: 'removed', key: name, label: name, before: { name, customerTypes: [], investmentTypes: [], limitations: [], other: {}, extra: {} } });
    const a = await insertChange(db(), {
      ...base,
      section: 'permissions',
      severity: 'high',
      summary: 'x',
      at: '2026-02-01T06:00:01.000Z',
      rows: [perm('Sending dematerialised instructions')],
    });
    const b = await insertChange(db(), { ...base, section: 'record', summary: 'Status changed', at: '2026-02-01T06:00:01.000Z' });
    const other = await insertChange(db(), { ...base, ref: '700100', section: 'appointed-representatives', summary: 'AR added', at: '2026-02-01T06:00:02.000Z' });

    const all = (await (await listChangesResponse(deps(), new URL('http://portal.test/api/changes?since=2026-02-01T00:00:00Z'))).json()) as {
      changes: Array<{ id: string; section: string; summary: string; rows: unknown[] }>;
      until: string;
      more: boolean;
    };
    expect(all.changes.map((c) => c.id)).toEqual([...[a, b].sort(), other]);
    expect(all.changes.find((c) => c.id === a)).toMatchObject({
      type: 'firm',
      ref: '200200',
      name: 'Albion Crown Bank plc',
      section: 'Permissions',
      severity: 'high',
      state: 'new',
      summary: 'Permission removed: Sending dematerialised instructions',
      rows: [
        {
          change: 'removed',
          key: 'Sending dematerialised instructions',
          text: 'Permission removed: Sending dematerialised instructions',
          before: { Permission: 'Sending dematerialised instructions' },
          after: null,
        },
      ],
    });
    expect(all.changes.find((c) => c.id === b)).toMatchObject({ section: 'Firm', summary: 'Status changed', rows: [] });
    expect(all).toMatchObject({ until: new Date(now).toISOString(), more: false });
    // On the list: 700100 is not on it.
    const onList = (await (await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?watchlist=${listId}&state=new`))).json()) as {
      changes: Array<{ id: string }>;
    };
    expect(onList.changes.map((c) => c.id).sort()).toEqual([a, b].sort());
    // Paged by limit: the two changes of one instant are never split.
    const first = (await (await listChangesResponse(deps(), new URL('http://portal.test/api/changes?since=2026-02-01T00:00:00Z&limit=1'))).json()) as {
      changes: Array<{ id: string }>;
      until: string;
      more: boolean;
    };
    expect(first).toMatchObject({ more: true, until: '2026-02-01T06:00:01.000Z' });
    expect(first.changes).toHaveLength(2);
    const next = (await (await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?since=${first.until}&limit=1`))).json()) as { changes: Array<{ id: string }> };
    expect(next.changes.map((c) => c.id)).toEqual([other]);

    // A minute later a cycle is running: a change it wrote a moment ago waits until it is surely written (or the cycle finishes).
    now += 60_000;
    const running = await insertCycle(db(), new Date(now - 30_000).toISOString());
    await db().updateTable('watch_cycles').set({ finished_at: null }).where('id', '=', running).execute();
    const fresh = await insertChange(db(), { ...base, cycleId: running, section: 'requirements', summary: 'Requirement imposed', at: new Date(now - 1_000).toISOString() });
    const during = (await (await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?since=${all.until}`))).json()) as { changes: unknown[]; until: string };
    expect(during).toEqual({ changes: [], until: new Date(now - SETTLE_MS).toISOString(), more: false });
    now += SETTLE_MS;
    const settled = (await (await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?since=${during.until}`))).json()) as { changes: Array<{ id: string }> };
    expect(settled.changes.map((c) => c.id)).toEqual([fresh]);
    await db()
      .updateTable('watch_cycles')
      .set({ finished_at: new Date(now).toISOString() })
      .where('id', '=', running)
      .execute();
  });

  it('refuses a bad parameter naming it, and an unknown list with 404', async () => {
    const bad = async (query: string) => {
      const res = await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?${query}`));
      return [res.status, ((await res.json()) as { message: string }).message];
    };
    expect(await bad('since=yesterday')).toEqual([400, 'since must be an ISO 8601 time such as 2026-01-31T07:00:00Z (it was "yesterday").']);
    expect(await bad('state=done')).toEqual([400, 'state must be one of new, acknowledged, escalated, expected.']);
    expect(await bad('limit=0')).toEqual([400, 'limit must be a whole number from 1 to 500.']);
    expect(await bad('list=x')).toEqual([400, 'Unknown parameter list: use watchlist, since, state and limit.']);
    expect(await bad('watchlist=00000000-0000-4000-8000-000000000000')).toEqual([404, 'There is no watchlist with that id.']);
  });

  it('sets a change’s state for a program, keeping what it leaves out, audited as the program', async () => {
    const [change] = (await (await listChangesResponse(deps(), new URL(`http://portal.test/api/changes?watchlist=${listId}`))).json()).changes as Array<{ id: string }>;
    await db().updateTable('watch_changes').set({ assignee_email: 'carol@example.com' }).where('id', '=', change.id).execute();
    const res = await changeStateResponse(deps(), PROGRAM, change.id, { state: 'acknowledged', note: 'Onboarding file updated.' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: change.id, state: 'acknowledged', note: 'Onboarding file updated.', assignee: 'carol@example.com' });
    const entry = await db().selectFrom('audit_log').selectAll().where('action', '=', 'watch.change.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_email: 'token:crm onboarding', reference: '200200' });
    const unknown = await changeStateResponse(deps(), PROGRAM, 'no-such-change', { state: 'new' });
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'There is no change with that id.']);
    const bad = await changeStateResponse(deps(), PROGRAM, change.id, { state: 'done' });
    expect([bad.status, (await bad.json()).message]).toEqual([400, 'state: state is required: one of new, acknowledged, escalated, expected.']);
    const badAssignee = await changeStateResponse(deps(), PROGRAM, change.id, { state: 'new', assignee: 'not an address' });
    expect([badAssignee.status, (await badAssignee.json()).message]).toEqual([400, '"not an address" is not an e-mail address to assign the change to.']);
  });
});
