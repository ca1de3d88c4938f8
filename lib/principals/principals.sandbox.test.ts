import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendAudit, listAudit } from '@/lib/db/queries/audit';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { readNow } from '@/lib/spreadsheet/read-now';
import type { WatchActor } from '@/lib/watchlists/watch-api';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { timelineFor } from '@/sandbox/dataset/timeline';
import type { ArLink } from '@/sandbox/dataset/types';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import {
  addPrincipalResponse,
  approveReviewResponse,
  attestationResponse,
  attestResponse,
  findingsResponse,
  prepareReviewResponse,
  returnResponse,
  reviewsResponse,
  startCheckResponse,
  uploadBookResponse,
  type PrincipalApiDeps,
} from './principal-api';
import { principalCheckProgress } from './principal-check';
import { listFindings } from './principal-store';

/**
 * Principals against the sandbox over real HTTP: a book built from 700100's AR list (as the
 * sandbox's own dataset has it, not as the portal read it) with differences of every kind seeded,
 * reconciled by the check job through the register client at background priority; the findings
 * must equal the seeded set exactly. Then register day 6 (and the days before it) moves the
 * register, and the findings follow the sandbox's change list; the 2025 population equals the
 * appointments whose dates overlap 2025; a book for the wrong principal is said at upload; and an
 * FRN that is not a principal is said by the check while its book is kept.
 */

const SEED = DEFAULT_OPTIONS.seed;
const SIZES = { firms: 300, individuals: 600, funds: 40 };
const ACCOUNT = { email: 'principals@example.com', key: 'principals-key' };
const NETWORK = SHOWCASE.networkPrincipalFrn;
const ann: WatchActor = { via: 'session', id: 'u1', email: 'ann@example.com' };

const dataset = buildDataset(SEED, SIZES);
const timeline = timelineFor(dataset);

let sandbox: RunningSandbox;
let client: RegisterClient;
let testDb: TestDb;
let deps: PrincipalApiDeps;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: { min: 0, max: 0 }, rateLimit: 'off', accounts: [ACCOUNT] });
  client = createRegisterClient({
    config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000' }),
  });
  testDb = await createSqliteTestDb();
  const db = testDb.handle.db;
  deps = {
    db,
    audit: (input) => appendAudit(db, { action: input.action, outcome: input.outcome ?? 'success', actor: input.user, reference: input.reference, detail: input.detail }),
    async firmName(frn) {
      const firm = await client.firm(frn, { priority: 'interactive' });
      if (firm.kind === 'ok') return { kind: 'ok', name: firm.data.name ?? null };
      if (firm.kind === 'not-found') return { kind: 'not-found' };
      return { kind: 'unavailable', message: firm.message };
    },
    async firmRecord(frn) {
      const firm = await client.firm(frn, { priority: 'interactive' });
      if (firm.kind === 'ok') return { kind: 'ok', name: firm.data.name ?? null, record: firm.data, readAt: firm.provenance.retrievedAt };
      if (firm.kind === 'not-found') return { kind: 'not-found' };
      return { kind: 'unavailable', message: firm.message };
    },
    today: () => '2026-02-05',
    read: readNow,
  };
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await testDb?.cleanup();
});

const ukDate = (iso: string | null) => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
const iso = (register: string | null) => (register ? `${register.slice(6, 10)}-${register.slice(3, 5)}-${register.slice(0, 2)}` : null);

interface BookLine {
  frn: string;
  name: string;
  type: string;
  appointed: string;
  terminated: string;
  tied: string;
  code: string;
}

function linesFrom(links: readonly ArLink[], d = dataset): BookLine[] {
  return links.map((l, i) => ({
    frn: l.arFrn,
    name: d.firms.get(l.arFrn)!.name,
    type: l.subType,
    appointed: l.effective,
    terminated: l.termination ?? '',
    tied: l.tiedAgent ? 'Yes' : 'No',
    code: `ADV-${i + 1}`,
  }));
}

function csvOf(lines: BookLine[]): string {
  const q = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [
    'Kingsmere Mortgage Network: register of appointed representatives',
    '',
    'AR FRN,AR name,Type,Date appointed,Date terminated,Tied agent,Adviser code',
    ...lines.map((l) => [l.frn, l.name, l.type, l.appointed, l.terminated, l.tied, l.code].map(q).join(',')),
  ].join('\n');
}

async function upload(frn: string, csv: string, name = 'book.csv') {
  const form = new FormData();
  form.set('file', new File([csv], name, { type: 'text/csv' }));
  const response = await uploadBookResponse(deps, ann, frn, new Request('http://portal.test/api/principals/x/book', { method: 'POST', body: form }));
  return {
    status: response.status,
    body: (await response.json()) as { version: number; rows: number; refused: Array<{ row: number; message: string }>; warning: string | null; message?: string },
  };
}

/** Starts a check through the API and runs the engine's worker until its progress says finished. */
async function check(frn: string) {
  const started = await startCheckResponse(deps, ann, frn);
  expect(started.status).toBe(202);
  const { cycleId } = (await started.json()) as { cycleId: string };
  const db = testDb.handle.db;
  const engine = { db, dialect: 'sqlite' as const, client };
  const worker = startWorker({ db, dialect: 'sqlite', lanes: 1, pollMs: 10, handlers: jobHandlers(engine), onOutcome: (job) => afterJob(engine, job) });
  try {
    for (let i = 0; i < 3000; i++) {
      if ((await principalCheckProgress(db, cycleId, 100))?.finished) break;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await worker.stop();
  }
  const progress = await principalCheckProgress(db, cycleId, 100);
  expect(progress?.finished).toBe(true);
  return progress!;
}

async function findingKeys(frn: string): Promise<string[]> {
  const response = await findingsResponse(deps, frn, null);
  const body = (await response.json()) as { findings: Array<{ kind: string; arFrn: string; register: string; book: string; state: string }> };
  return body.findings.map((f) => `${f.kind}:${f.arFrn}`).sort();
}

function compare(label: string, found: string[], expected: string[]) {
  const missed = expected.filter((k) => !found.includes(k));
  const extra = found.filter((k) => !expected.includes(k));
  console.log(`${label}: seeded ${expected.length}, found ${found.length}, missed ${missed.length}, extra ${extra.length}`);
  expect({ missed, extra }).toEqual({ missed: [], extra: [] });
}

const network = dataset.firms.get(NETWORK)!;
/** ARs the register days 1-6 change under the network: kept out of the seeds so each finding has one cause. */
const movedByDays = new Set(
  [1, 2, 3, 4, 5, 6]
    .flatMap((d) => timeline.changes(d))
    .filter((c) => c.ref === NETWORK && c.section === 'AR')
    .map((c) => /\((\d+)\)/.exec(c.after ?? c.before ?? '')![1]),
);
const day6 = timeline.changes(6).filter((c) => c.ref === NETWORK);
const retypedFrn = /\((\d+)\)/.exec(day6.find((c) => c.kind === 'ar-retyped')!.after!)![1];
const seeded = new Set<string>();

it('adds 700100, reads its AR list with no book yet, and says a book is needed', async () => {
  const added = await addPrincipalResponse(deps, ann, { frn: NETWORK });
  expect(added.status).toBe(201);
  expect(await added.json()).toEqual({ frn: NETWORK, name: 'Kingsmere Mortgage Network Limited', registerState: null });
  expect((await addPrincipalResponse(deps, ann, { frn: NETWORK })).status).toBe(409);
  expect((await addPrincipalResponse(deps, ann, { frn: '12345678' })).status).toBe(400);
  expect((await addPrincipalResponse(deps, ann, { frn: '9999999' })).status).toBe(404);
  const progress = await check(NETWORK);
  expect(progress).toMatchObject({ outcome: 'ok', findings: 0, total: 1, done: 1, requestsSpent: 84 });
  expect(progress.message).toMatch(/No book has been uploaded yet/);
}, 120_000);

it('finds exactly the differences seeded in a book built from the sandbox’s list of 700100, of every kind', async () => {
  const rows = [...network.representatives.current, ...network.representatives.previous];
  const rejoined = new Set(network.representatives.current.filter((l) => network.representatives.previous.some((p) => p.arFrn === l.arFrn)).map((l) => l.arFrn));
  const candidates = network.representatives.current.filter((l) => !movedByDays.has(l.arFrn) && !rejoined.has(l.arFrn) && l.arFrn !== SHOWCASE.appointedRepresentativeFrn);
  const pick = (n: number, offset: number) => candidates.slice(offset, offset + n * 37).filter((_, i) => i % 37 === 0);
  const lines = linesFrom(rows);
  const line = (frn: string) => lines.find((l) => l.frn === frn)!;
  const seed = (kind: string, frn: string) => seeded.add(`${kind}:${frn}`);
  // not-in-book: five current ARs left out.
  const left = pick(5, 0).map((l) => l.arFrn);
  for (const frn of left) seed('not-in-book', frn);
  // date-mismatch: two appointment dates a day out, one current AR the book says ended.
  for (const l of pick(2, 3)) {
    line(l.arFrn).appointed = ukDate(new Date(Date.parse(iso(l.effective)!) + 86_400_000).toISOString().slice(0, 10));
    seed('date-mismatch', l.arFrn);
  }
  const ended = pick(1, 5)[0];
  line(ended.arFrn).terminated = '31/12/2025';
  seed('date-mismatch', ended.arFrn);
  // ...and one previous AR the book still holds as current.
  const prev = network.representatives.previous.find((l) => !movedByDays.has(l.arFrn) && !rejoined.has(l.arFrn))!;
  line(prev.arFrn).terminated = '';
  seed('date-mismatch', prev.arFrn);
  // type-mismatch: Full read as Introducer, a tied agent flag flipped, and the AR day 6 re-types (the register will agree then).
  const full = pick(1, 7)[0];
  line(full.arFrn).type = full.subType === 'Full' ? 'Introducer' : 'Full';
  const tied = pick(1, 9)[0];
  line(tied.arFrn).tied = tied.tiedAgent ? 'No' : 'Yes';
  line(retypedFrn).type = 'Introducer';
  for (const frn of [full.arFrn, tied.arFrn, retypedFrn]) seed('type-mismatch', frn);
  // name-mismatch: three names changed; and three written differently but the same (no finding).
  for (const l of pick(3, 11)) {
    line(l.arFrn).name = `${line(l.arFrn).name.replace(/ (Ltd|Limited|LLP)$/, '')} Holdings`;
    seed('name-mismatch', l.arFrn);
  }
  for (const l of pick(3, 13))
    line(l.arFrn).name = line(l.arFrn)
      .name.toUpperCase()
      .replace(/ LIMITED$/, ' LTD');
  // not-on-register: four real ARs of other principals, never the network's.
  const others = [...dataset.firms.values()].filter((f) => f.kind === 'appointed-representative' && f.appointments.every((l) => l.principalFrn !== NETWORK)).slice(0, 4);
  const extraLines = linesFrom(others.map((f) => f.appointments[0]));
  for (const f of others) seed('not-on-register', f.frn);

  const book = lines.filter((l) => !left.includes(l.frn)).concat(extraLines);
  const uploaded = await upload(NETWORK, csvOf(book));
  expect(uploaded.status).toBe(201);
  expect(uploaded.body).toMatchObject({ version: 1, rows: book.length, refused: [], warning: null });
  const progress = await check(NETWORK);
  expect(progress.outcome).toBe('ok');
  expect(progress.message).toBeNull();
  compare('seeded book of 700100', await findingKeys(NETWORK), [...seeded].sort());
  const kinds = new Set([...seeded].map((k) => k.split(':')[0]));
  expect([...kinds].sort()).toEqual(['date-mismatch', 'name-mismatch', 'not-in-book', 'not-on-register', 'type-mismatch']);
  // Both sides in words, and the principal's own column kept.
  const [nameFinding] = (await listFindings(testDb.handle.db, NETWORK)).filter((f) => f.kind === 'name-mismatch');
  expect(nameFinding.book).toMatch(/ Holdings$/);
  const stored = await testDb.handle.db.selectFrom('principal_book_rows').select('extra').limit(1).executeTakeFirstOrThrow();
  expect(JSON.parse(stored.extra)).toEqual({ 'Adviser code': 'ADV-1' });
}, 120_000);

it('follows the sandbox’s change list after register days 1 to 6, closing what the register resolved', async () => {
  sandbox.setDay(6);
  const changes = [1, 2, 3, 4, 5, 6].flatMap((d) => timeline.changes(d)).filter((c) => c.ref === NETWORK && c.section === 'AR');
  const expected = new Set([...seeded].filter((k) => k !== `type-mismatch:${retypedFrn}`));
  for (const c of changes) {
    const frn = /\((\d+)\)/.exec(c.after ?? c.before ?? '')![1];
    if (c.kind === 'ar-added') expected.add(`not-in-book:${frn}`);
    if (c.kind === 'ar-removed') expected.add(`date-mismatch:${frn}`);
  }
  expect(changes.map((c) => c.kind).sort()).toEqual(['ar-added', 'ar-added', 'ar-removed', 'ar-removed', 'ar-retyped']);
  const progress = await check(NETWORK);
  expect(progress.outcome).toBe('ok');
  compare('after register day 6', await findingKeys(NETWORK), [...expected].sort());
  const closed = (await listFindings(testDb.handle.db, NETWORK, { include: 'all' })).filter((f) => f.closedAt !== null);
  expect(closed.map((f) => [f.kind, f.arFrn, f.closedBy])).toEqual([['type-mismatch', retypedFrn, 'register']]);
}, 120_000);

it('closes a finding the book resolved, saying so', async () => {
  const open = await listFindings(testDb.handle.db, NETWORK);
  const named = open.find((f) => f.kind === 'name-mismatch')!;
  const d6 = timeline.at(6).firms.get(NETWORK)!;
  const lines = linesFrom([...d6.representatives.current, ...d6.representatives.previous], timeline.at(6));
  // A book that is the register's list of day 6 except for the one name still wrong.
  const line = lines.find((l) => l.frn === named.arFrn)!;
  line.name = `${line.name} Holdings`;
  const uploaded = await upload(NETWORK, csvOf(lines), 'book-v2.csv');
  expect(uploaded.body).toMatchObject({ version: 2, refused: [], warning: null });
  await check(NETWORK);
  expect(await findingKeys(NETWORK)).toEqual([`name-mismatch:${named.arFrn}`]);
  const all = await listFindings(testDb.handle.db, NETWORK, { include: 'all' });
  const byBook = all.filter((f) => f.closedBy === 'book');
  const byRegister = all.filter((f) => f.closedBy === 'register');
  console.log(`book v2: closed by the book ${byBook.length}, by the register ${byRegister.length}, open ${all.length - byBook.length - byRegister.length}`);
  expect(byRegister).toHaveLength(1);
  expect(byBook.length).toBe(all.length - 2);
}, 120_000);

it('gives the 2025 population: every appointment whose dates overlap 2025, from the stored readings', async () => {
  const response = await returnResponse(deps, ann, NETWORK, new URLSearchParams({ from: '2025-01-01', to: '2025-12-31', format: 'csv' }));
  expect(response.status).toBe(200);
  const text = await response.text();
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(header.split(',')[0]).toBe('AR FRN');
  const got = lines.map((l) => l.split(',')[0]).sort();
  const links = new Map<string, ArLink>();
  for (const d of [dataset, timeline.at(6)]) {
    const f = d.firms.get(NETWORK)!;
    for (const l of [...f.representatives.current, ...f.representatives.previous]) links.set(`${l.arFrn}|${l.effective}`, l);
  }
  const expected = [...links.values()].filter((l) => iso(l.effective)! <= '2025-12-31' && (l.termination === null || iso(l.termination)! >= '2025-01-01')).map((l) => l.arFrn);
  console.log(`2025 population of 700100: ${got.length} appointments (expected ${expected.length})`);
  expect(got).toEqual(expected.sort());
  expect(response.headers.get('x-content-sha256')).toMatch(/^[0-9a-f]{64}$/);
  // The same readings give the same file.
  const again = await returnResponse(deps, ann, NETWORK, new URLSearchParams({ from: '2025-01-01', to: '2025-12-31', format: 'csv' }));
  expect(again.headers.get('x-content-sha256')).toBe(response.headers.get('x-content-sha256'));
  const audit = (await listAudit(testDb.handle.db, {})).find((a) => a.action === 'principal.return.download')!;
  expect(audit.detail).toMatchObject({ from: '2025-01-01', to: '2025-12-31', rows: got.length, sha256: response.headers.get('x-content-sha256') });
  const xlsx = await returnResponse(deps, ann, NETWORK, new URLSearchParams({ from: '2025-01-01', to: '2025-12-31', format: 'xlsx' }));
  expect([xlsx.status, xlsx.headers.get('content-type')]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  const bad = await returnResponse(deps, ann, NETWORK, new URLSearchParams({ from: '2025-02-30', to: '2025-12-31' }));
  expect(bad.status).toBe(400);
}, 60_000);

it('says at upload that a book is another principal’s, and keeps the book of an FRN that is not a principal', async () => {
  // The other principal of one of the network's shared ARs.
  const shared = network.representatives.current.find((l) => dataset.firms.get(l.arFrn)!.appointments.some((a) => a.termination === null && a.principalFrn !== NETWORK))!;
  const otherFrn = dataset.firms.get(shared.arFrn)!.appointments.find((a) => a.termination === null && a.principalFrn !== NETWORK)!.principalFrn;
  expect((await addPrincipalResponse(deps, ann, { frn: otherFrn })).status).toBe(201);
  await check(otherFrn);
  const wrong = await upload(otherFrn, csvOf(linesFrom(network.representatives.current)));
  expect(wrong.status).toBe(201);
  expect(wrong.body.warning).toMatch(new RegExp(`^\\d+ of the book's 714 ARs are not on the register under ${otherFrn} .*is this the book of another principal\\?$`));
  // The bank has no appointed representatives: the check says so, the book stays, no findings.
  const bank = SHOWCASE.bankFrn;
  expect(dataset.firms.get(bank)!.representatives.current.length + dataset.firms.get(bank)!.representatives.previous.length).toBe(0);
  expect((await addPrincipalResponse(deps, ann, { frn: bank })).status).toBe(201);
  expect((await upload(bank, csvOf(linesFrom(network.representatives.current.slice(0, 3))))).status).toBe(201);
  const progress = await check(bank);
  expect(progress.message).toMatch(/is not a principal on the register: its AR list is empty .*The book is kept/);
  expect(await findingKeys(bank)).toEqual([]);
  const body = (await (await findingsResponse(deps, bank, null)).json()) as { principal: { registerState: string } };
  expect(body.principal.registerState).toBe('not-a-principal');
  const books = await testDb.handle.db.selectFrom('principal_books').select('version').where('principal_frn', '=', bank).execute();
  expect(books).toHaveLength(1);
}, 120_000);

it('refuses bad books and bad requests with a clear message', async () => {
  const rows = Array.from({ length: 20_000 }, (_, i) => `${200000 + i},Firm ${i} Ltd,Full,01/01/2020,,No,`).join('\n');
  const big = await upload(NETWORK, `AR FRN,AR name,Type,Date appointed,Date terminated,Tied agent,Adviser code\n${rows}\n`, 'huge.csv');
  expect(big).toEqual({ status: 413, body: { error: 'too-large', message: '"huge.csv" has more than 5,000 rows; a book may have at most 5,000.' } });
  const dates = await upload(NETWORK, 'AR FRN,AR name,Date appointed\n700101,Harbourside Mortgages Ltd,sometime\n100001,B Ltd,01/01/2020\n');
  expect(dates.status).toBe(201);
  expect(dates.body.refused).toEqual([{ row: 2, message: 'Row 2: C2: "sometime" is not a date (write it as 31/12/2025 or 2025-12-31).' }]);
  expect((await findingsResponse(deps, '123456', null)).status).toBe(404);
  expect((await startCheckResponse(deps, ann, 'abc')).status).toBe(400);
}, 60_000);

it('takes two people for an annual review: the preparer approving is refused (403, audited), another person approves; attests the list with its open findings', async () => {
  const bob: WatchActor = { via: 'session', id: 'u2', email: 'bob@example.com' };
  const current = timeline.at(6).firms.get(NETWORK)!.representatives.current;
  const ar = current.find((l) => l.arFrn !== SHOWCASE.appointedRepresentativeFrn)!;
  const prepared = await prepareReviewResponse(deps, ann, NETWORK, {
    arFrn: ar.arFrn,
    assessment: 'satisfactory',
    notes: 'Fitness, solvency, scope and controls reviewed; agreement in date.',
  });
  expect(prepared.status).toBe(201);
  const review = (await prepared.json()) as { id: string; state: string; evidenceSha256: string; preparedBy: string };
  expect(review).toMatchObject({ state: 'prepared', preparedBy: 'ann@example.com' });
  expect(review.evidenceSha256).toMatch(/^[0-9a-f]{64}$/);
  const same = await approveReviewResponse(deps, ann, NETWORK, review.id);
  expect([same.status, ((await same.json()) as { message: string }).message]).toEqual([403, 'ann@example.com prepared this review, so may not approve it: a second person must.']);
  const denied = (await listAudit(testDb.handle.db, {})).find((a) => a.action === 'principal.review.approve')!;
  expect(denied).toMatchObject({ outcome: 'denied', userEmail: 'ann@example.com', reference: NETWORK });
  const approved = await approveReviewResponse(deps, bob, NETWORK, review.id);
  expect(approved.status).toBe(200);
  expect(await approved.json()).toMatchObject({ state: 'approved', approvedBy: 'bob@example.com' });
  expect((await approveReviewResponse(deps, bob, NETWORK, review.id)).status).toBe(409);
  // The engine refuses the same person twice even past the code.
  await expect(testDb.handle.db.updateTable('principal_reviews').set({ approved_by: 'ann@example.com' }).where('id', '=', review.id).execute()).rejects.toThrow();
  const notCurrent = await prepareReviewResponse(deps, ann, NETWORK, { arFrn: '100001', assessment: 'satisfactory', notes: 'x' });
  expect(notCurrent.status).toBe(422);
  const schedule = (await (await reviewsResponse(deps, NETWORK)).json()) as { due: Array<{ arFrn: string; overdue: boolean; nextReviewDate: string }> };
  expect(schedule.due).toHaveLength(714);
  const reviewed = schedule.due.find((d) => d.arFrn === ar.arFrn)!;
  expect(reviewed.overdue).toBe(false);
  console.log(`reviews: ${schedule.due.filter((d) => d.overdue).length} of 714 current ARs overdue on 2026-02-05`);

  const attested = await attestResponse(deps, ann, NETWORK);
  expect(attested.status).toBe(201);
  const a = (await attested.json()) as { id: string; sha256: string; ars: number; openFindings: number };
  expect(a.ars).toBe(714);
  expect(a.openFindings).toBe((await listFindings(testDb.handle.db, NETWORK)).length);
  const snapshot = (await (await attestationResponse(deps, NETWORK, a.id)).json()) as { intact: boolean; sha256: string; data: { asAt: string; ars: unknown[] } };
  expect(snapshot).toMatchObject({ intact: true, sha256: a.sha256, data: { asAt: '2026-02-05' } });
  expect((await listAudit(testDb.handle.db, {})).some((e) => e.action === 'principal.attest')).toBe(true);
}, 60_000);
