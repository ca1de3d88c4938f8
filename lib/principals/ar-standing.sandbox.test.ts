import { afterAll, beforeAll, expect, it } from 'vitest';
import { appendAudit } from '@/lib/db/queries/audit';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { readNow } from '@/lib/spreadsheet/read-now';
import type { WatchActor } from '@/lib/watchlists/watch-api';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { AR_DAY8_REQUIREMENT_REF } from '@/sandbox/dataset/day-plan';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { timelineFor } from '@/sandbox/dataset/timeline';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { linksFromArList, principalsOf, recordLinks } from '@/lib/representatives/ar-links';
import { AR_STANDING_JOB, getPass, type ArStandingPayload } from './ar-standing';
import { addPrincipalResponse, standingsResponse, startCheckResponse, startStandingsResponse, type PrincipalApiDeps } from './principal-api';
import { principalCheckProgress } from './principal-check';
import { listFindings } from './principal-store';
import { checkEntity } from '@/lib/watch/check-entity';

/**
 * Each current AR's own standing against the sandbox over real HTTP. 700100 is read on register
 * day 7 and its 714 current ARs' standing with it (the baseline: no `standing` finding); the
 * ARs seen on three other principals' AR lists (one read by a principal check, one from its AR
 * list page as a person opens it, one by a watch check) give exactly the `other-principal` findings expected. Register day 8
 * changes the standing of three of its ARs (a restriction, a disciplinary action, the sub-status
 * "In administration"): the `standing` findings must equal the sandbox's change list for 700100's ARs exactly.
 * Day 9 lifts the restriction: that finding is closed as resolved by the register.
 */

const SEED = DEFAULT_OPTIONS.seed;
const SIZES = { firms: 300, individuals: 600, funds: 40 };
const ACCOUNT = { email: 'ar-standing@example.com', key: 'ar-standing-key' };
const NETWORK = SHOWCASE.networkPrincipalFrn;
const ann: WatchActor = { via: 'session', id: 'u1', email: 'ann@example.com' };
/** The sections of an AR's record whose changes move its standing (its status, notices, requirements, disciplinary history). */
const STANDING_SECTIONS = new Set(['Firm', 'Requirements', 'DisciplinaryHistory']);

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
    async firmRecord() {
      return { kind: 'not-found' };
    },
    today: () => '2026-02-08',
    read: readNow,
  };
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await testDb?.cleanup();
});

/** Runs the engine's worker until `done` says so. */
async function runJobs(done: () => Promise<boolean>, lanes = 4) {
  const db = testDb.handle.db;
  const engine = { db, dialect: 'sqlite' as const, client };
  const worker = startWorker({ db, dialect: 'sqlite', lanes, pollMs: 5, handlers: jobHandlers(engine), onOutcome: (job) => afterJob(engine, job) });
  try {
    for (let i = 0; i < 60_000; i++) {
      if (await done()) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('The jobs did not finish.');
  } finally {
    await worker.stop();
  }
}

async function check(frn: string) {
  const started = await startCheckResponse(deps, ann, frn);
  expect(started.status).toBe(202);
  const { cycleId } = (await started.json()) as { cycleId: string };
  await runJobs(async () => (await principalCheckProgress(testDb.handle.db, cycleId, 100))?.finished === true, 1);
  expect((await principalCheckProgress(testDb.handle.db, cycleId, 100))?.outcome).toBe('ok');
}

/** Reads every current AR's standing through the API and the engine; the pass's figures. */
async function standingPass(frn: string) {
  const started = await startStandingsResponse(deps, ann, frn);
  expect(started.status).toBe(202);
  const { passId, total } = (await started.json()) as { passId: string; total: number };
  const t0 = performance.now();
  await runJobs(async () => (await getPass(testDb.handle.db, passId))?.finishedAt != null);
  const pass = (await getPass(testDb.handle.db, passId))!;
  return { pass, total, seconds: (performance.now() - t0) / 1000 };
}

async function openKeys(kind: 'standing' | 'other-principal'): Promise<string[]> {
  return (await listFindings(testDb.handle.db, NETWORK))
    .filter((f) => f.kind === kind)
    .map((f) => f.arFrn)
    .sort();
}

function compare(label: string, found: string[], expected: string[]) {
  const missed = expected.filter((k) => !found.includes(k));
  const extra = found.filter((k) => !expected.includes(k));
  console.log(`${label}: expected ${expected.length}, found ${found.length}, missed ${missed.length}, extra ${extra.length}`);
  expect({ missed, extra }).toEqual({ missed: [], extra: [] });
}

const day7 = timeline.at(7);
const networkCurrent = () => day7.firms.get(NETWORK)!.representatives.current.map((l) => l.arFrn);
/** The other principals of the network's shared ARs on day 7, by FRN: the first is checked as a principal, the second's AR list page is opened. */
const otherPrincipals = [
  ...new Set(
    networkCurrent().flatMap((ar) =>
      day7.firms
        .get(ar)!
        .appointments.filter((l) => l.termination === null && l.principalFrn !== NETWORK)
        .map((l) => l.principalFrn),
    ),
  ),
].sort((a, b) => Number(a) - Number(b));

it('reads the standing of each of 700100’s 714 current ARs at the idle share: no standing finding at the first reading, and other-principal exactly for the ARs seen on another principal’s list', async () => {
  expect(otherPrincipals.length).toBeGreaterThanOrEqual(3);
  const [checked, opened, watched] = otherPrincipals;
  sandbox.setDay(7);
  expect((await addPrincipalResponse(deps, ann, { frn: NETWORK })).status).toBe(201);
  // Before any reading the pass is refused in words.
  const early = await startStandingsResponse(deps, ann, NETWORK);
  expect([early.status, ((await early.json()) as { message: string }).message]).toEqual([
    409,
    `The register has not been read for ${NETWORK} yet: check it first, then its ARs' standing is read.`,
  ]);
  await check(NETWORK);
  // One other principal is checked (its links from the check), the other's AR list page is opened (its links after the response).
  expect((await addPrincipalResponse(deps, ann, { frn: checked })).status).toBe(201);
  await check(checked);
  const page = await client.firmAppointedRepresentatives(opened, { priority: 'interactive' });
  expect(page.kind).toBe('ok');
  if (page.kind !== 'ok') return;
  const before = sandbox.stats()[ACCOUNT.email]?.requests ?? 0;
  await recordLinks(testDb.handle.db, { frn: opened, name: page.data.current[0]?.principalName ?? null }, linksFromArList(page.data), 'page');
  expect(sandbox.stats()[ACCOUNT.email]?.requests ?? 0).toBe(before);
  const onPage = new Set([...page.data.current, ...page.data.previous].map((r) => r.frn));
  // A third's AR list read by a watch check: its links kept in the check's own transaction.
  const watchedCheck = await checkEntity({ db: testDb.handle.db, client }, { cycleId: 'cycle-1', kind: 'firm', ref: watched, sections: ['appointed-representatives'] });
  expect(watchedCheck.recorded).toBe(true);
  const watchedList = day7.firms.get(watched)!.representatives;
  const onWatched = new Set([...watchedList.current, ...watchedList.previous].map((l) => l.arFrn));
  const watchLinks = await testDb.handle.db.selectFrom('principal_ar_links').select(['ar_frn', 'source', 'principal_name']).where('principal_frn', '=', watched).execute();
  expect(watchLinks.map((l) => l.ar_frn).sort()).toEqual([...onWatched].sort());
  expect(new Set(watchLinks.map((l) => `${l.source}|${l.principal_name}`))).toEqual(new Set([`watch|${day7.firms.get(watched)!.name}`]));

  const { pass, total, seconds } = await standingPass(NETWORK);
  expect(total).toBe(714);
  expect(pass).toMatchObject({ total: 714, done: 714, failed: 0 });
  console.log(
    `standing pass of ${NETWORK} (day 7): ${pass.done} ARs, ${pass.requestCount} register requests (${(pass.requestCount / pass.done).toFixed(2)} a AR) in ${seconds.toFixed(1)} s`,
  );
  expect(pass.requestCount).toBeGreaterThanOrEqual(714 * 4);
  expect(await openKeys('standing')).toEqual([]);

  const checkedList = day7.firms.get(checked)!.representatives;
  const onChecked = new Set([...checkedList.current, ...checkedList.previous].map((l) => l.arFrn));
  const expected = networkCurrent().filter((ar) => onChecked.has(ar) || onPage.has(ar) || onWatched.has(ar));
  compare('other-principal findings (day 7)', await openKeys('other-principal'), [...new Set(expected)].sort());
  // An AR with two principals names the other one, FRN and name, and its firm page's line reads from the links.
  const shared = expected.find((ar) => onChecked.has(ar))!;
  const finding = (await listFindings(testDb.handle.db, NETWORK)).find((f) => f.kind === 'other-principal' && f.arFrn === shared)!;
  expect(finding.register).toContain(`${day7.firms.get(checked)!.name} (FRN ${checked}) as a current AR`);
  expect((await principalsOf(testDb.handle.db, shared)).map((p) => [p.principalFrn, p.principalName, p.source])).toEqual(
    [
      [NETWORK, day7.firms.get(NETWORK)!.name, 'principal-check'],
      [checked, day7.firms.get(checked)!.name, 'principal-check'],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  // The API lists every current AR with its standing.
  const body = (await (await standingsResponse(deps, NETWORK)).json()) as {
    pass: { finished: boolean };
    ars: Array<{ arFrn: string; level: string | null; otherPrincipals: unknown[] }>;
  };
  expect(body.pass.finished).toBe(true);
  expect(body.ars).toHaveLength(714);
  expect(body.ars.every((a) => a.level !== null)).toBe(true);
  const levels = body.ars.reduce<Record<string, number>>((n, a) => ({ ...n, [a.level!]: (n[a.level!] ?? 0) + 1 }), {});
  console.log(`standings of ${NETWORK}'s current ARs on day 7: ${JSON.stringify(levels)}`);
}, 300_000);

it('records nothing twice: a job run again for an AR already recorded reads nothing and opens nothing', async () => {
  const db = testDb.handle.db;
  const pass = await db.selectFrom('principal_standing_passes').select('id').where('principal_frn', '=', NETWORK).executeTakeFirstOrThrow();
  const ar = networkCurrent()[0];
  const payload: ArStandingPayload = { passId: pass.id, principalFrn: NETWORK, arFrn: ar, arName: '' };
  const handler = jobHandlers({ db, dialect: 'sqlite', client })[AR_STANDING_JOB];
  const before = sandbox.stats()[ACCOUNT.email]?.requests ?? 0;
  const findings = (await listFindings(db, NETWORK, { include: 'all' })).length;
  const outcome = await handler({ id: 'x', kind: AR_STANDING_JOB, payload, group: pass.id, state: 'running', attempts: 2 } as never, {
    signal: new AbortController().signal,
    owner: 'test',
  });
  expect(outcome).toEqual({ status: 'done', result: { already: true } });
  expect(sandbox.stats()[ACCOUNT.email]?.requests ?? 0).toBe(before);
  expect((await listFindings(db, NETWORK, { include: 'all' })).length).toBe(findings);
}, 60_000);

it('after register day 8 the standing findings are exactly the sandbox’s change list for 700100’s ARs; day 9 takes one back and closes it', async () => {
  const current = new Set(networkCurrent());
  const standingChanges = (day: number) =>
    timeline
      .changes(day)
      .filter((c) => current.has(c.ref) && STANDING_SECTIONS.has(c.section))
      .map((c) => c.ref);
  const day8 = [...new Set(standingChanges(8))].sort();
  expect(day8).toHaveLength(3);
  sandbox.setDay(8);
  await check(NETWORK);
  const eight = await standingPass(NETWORK);
  expect(eight.pass).toMatchObject({ total: 714, done: 714, failed: 0 });
  compare('standing findings after register day 8', await openKeys('standing'), day8);
  const findings = (await listFindings(testDb.handle.db, NETWORK)).filter((f) => f.kind === 'standing');
  const byAr = new Map(findings.map((f) => [f.arFrn, f]));
  const [restricted, disciplined, administered] = day8.map((ar) => byAr.get(ar)!);
  // Each with the new standing and its reasons on the register side, the previous one on the book side.
  const change = (ar: string) => timeline.changes(8).find((c) => c.ref === ar && STANDING_SECTIONS.has(c.section))!;
  const kinds = day8.map((ar) => change(ar).kind).sort();
  expect(kinds).toEqual(['disciplinary-added', 'requirement-imposed', 'sub-status-changed']);
  const of = (kind: string) => [restricted, disciplined, administered].find((f) => change(f.arFrn).kind === kind)!;
  expect(of('requirement-imposed').register).toMatch(/^Caution · .*requirement that restricts the firm's business: "No holding of client money"/);
  expect(of('disciplinary-added').register).toMatch(/^Caution · .*The register lists 1 disciplinary action \(Fines\)/);
  expect(of('sub-status-changed').register).toMatch(/^Stop · In administration: The register's sub-status is "In administration"/);
  for (const f of findings) expect(f.book).toMatch(/^Caution · Appointed representative/);

  const day9 = timeline.changes(9).filter((c) => current.has(c.ref) && STANDING_SECTIONS.has(c.section));
  expect(day9.map((c) => [c.kind, c.before?.split(' ')[0]])).toEqual([['requirement-lifted', AR_DAY8_REQUIREMENT_REF]]);
  sandbox.setDay(9);
  await check(NETWORK);
  const nine = await standingPass(NETWORK);
  expect(nine.pass).toMatchObject({ total: 714, done: 714, failed: 0 });
  const back = day9.map((c) => c.ref);
  compare(
    'standing findings after register day 9',
    await openKeys('standing'),
    day8.filter((ar) => !back.includes(ar)),
  );
  const closed = (await listFindings(testDb.handle.db, NETWORK, { include: 'all' })).filter((f) => f.kind === 'standing' && f.closedAt !== null);
  expect(closed.map((f) => [f.arFrn, f.closedBy])).toEqual(back.map((ar) => [ar, 'register']));
  console.log(
    `day 8: ${day8.length} standing changes in the change list, ${findings.length} findings; day 9: ${back.length} back, closed by the register; passes of ${eight.pass.requestCount} and ${nine.pass.requestCount} requests in ${eight.seconds.toFixed(1)} s and ${nine.seconds.toFixed(1)} s`,
  );
}, 300_000);
