import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import type { DayChange } from '@/sandbox/dataset/day-state';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { isoNow } from '@/lib/db/clock';
import type { EntityKind } from '@/lib/db/schema';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { describeRows, type ChangeWords } from './change-words';
import type { RowDiff } from './section-diff';
import { cycleProgress, startCycle } from './cycles';
import { defaultWatchedSections, WATCH_SECTIONS } from './watch-sections';

/**
 * Five register days against the sandbox over real HTTP, row by row: 30-odd records chosen from the
 * sandbox's own change list are watched with every section, a cycle runs after each day, and what
 * the portal reported (each row it says the register changed, in words) is compared with what the
 * sandbox says it changed (GET /__sandbox/changes). Every sandbox change must be found as the row
 * it names (none missed), and every row the portal reports must be one the sandbox changed (none
 * extra). The register's budget is the live one's shape with time scaled (45 requests per 250 ms
 * for the portal, the sandbox refusing more than 50 per 250 ms), so the pacer works as it does
 * live, only faster.
 */

const DAYS = 5;
const WANTED = 32;
const ACCOUNT = { email: 'days@example.com', key: 'days-key' };
/** Time scale: the live 45/10 s budget (and the register's 50/10 s limit) in 1/40 of the time. */
const WINDOW_MS = 250;

let sandbox: RunningSandbox;
let client: RegisterClient;
let testDb: TestDb;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    seed: 'fsr-sandbox',
    firms: 300,
    individuals: 600,
    funds: 40,
    latency: { min: 0, max: 0 },
    rateLimit: { requests: 50, seconds: WINDOW_MS / 1000 },
    accounts: [ACCOUNT],
  });
  const config = testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_API_TIMEOUT_MS: '10000' });
  client = createRegisterClient({ config: { ...config, rate: { ...config.rate, limit: 45, windowMs: WINDOW_MS, interactiveReserve: 5 } } });
  testDb = await createSqliteTestDb();
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await testDb?.cleanup();
});

/** Records the days change that exist on day 0 (a record the register adds later has no baseline to compare with), showcase records first. */
function chooseRecords(): Array<{ kind: EntityKind; ref: string }> {
  const born = new Set<string>();
  const seen = new Map<string, { kind: EntityKind; ref: string }>();
  const showcase = new Set<string>([SHOWCASE.bankFrn, SHOWCASE.bankIndividualIrn, SHOWCASE.networkPrincipalFrn, SHOWCASE.umbrellaFundPrn, SHOWCASE.exceptionalInfoFrn]);
  const all: DayChange[] = [];
  for (let day = 1; day <= DAYS; day++) all.push(...sandbox.changes(day));
  for (const c of all) if (c.kind === 'firm-added' || c.kind === 'fund-added') born.add(c.ref);
  for (const c of [...all.filter((c) => showcase.has(c.ref)), ...all]) {
    if (born.has(c.ref) || seen.has(c.ref) || seen.size >= WANTED) continue;
    seen.set(c.ref, { kind: c.type, ref: c.ref });
  }
  return [...seen.values()];
}

/** What the portal reported for a day: each row in words, by record and section. */
interface Reported {
  kind: EntityKind;
  ref: string;
  slug: string;
  words: ChangeWords;
  claimed: boolean;
}

/** One sandbox change as the row it names in the portal's words: the change and a field the row must hold. */
interface Expectation {
  change: DayChange;
  slug: string;
  /** How many rows it names (the permissions a cancellation removes); 1 otherwise, 'any' for "at least one" (regulators ended). */
  count: number | 'any';
  matches(w: ChangeWords): boolean;
}

const ukDate = (register: string) => {
  const [d, m, y] = register.split('/').map(Number);
  return `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${y}`;
};

function expectation(c: DayChange): Expectation {
  const slug = WATCH_SECTIONS[c.type].find((s) => s.apiSection === c.section)?.slug;
  if (!slug) throw new Error(`the sandbox changed ${c.type} ${c.ref} ${c.section}, which no watch section reads`);
  const one = (matches: (w: ChangeWords) => boolean): Expectation => ({ change: c, slug, count: 1, matches });
  const m = (re: RegExp) => {
    const found = re.exec(c.what);
    if (!found) throw new Error(`unexpected wording of ${c.kind}: ${c.what}`);
    return found;
  };
  const field = (w: ChangeWords, side: 'before' | 'after', label: string) => w[side]?.[label];
  switch (c.kind) {
    case 'permission-added':
      return one((w) => w.change === 'added' && field(w, 'after', 'Permission') === c.after);
    case 'permission-removed':
      return one((w) => w.change === 'removed' && field(w, 'before', 'Permission') === c.before);
    case 'permissions-removed':
      return { change: c, slug, count: Number(c.before!.split(' ')[0]), matches: (w) => w.change === 'removed' };
    case 'requirement-imposed':
      return one((w) => w.change === 'added' && field(w, 'after', 'Reference') === c.after!.split(' ')[0]);
    case 'requirement-lifted':
      return one((w) => w.change === 'removed' && field(w, 'before', 'Reference') === c.before!.split(' ')[0]);
    case 'cf-started': {
      if (c.type === 'firm') {
        const [, , irn, fn, from] = m(/^(.*) \((\w+)\) started (.*) from (\d\d\/\d\d\/\d{4})$/);
        return one((w) => w.change === 'added' && field(w, 'after', 'IRN') === irn && field(w, 'after', 'Function') === fn && w.text.includes(ukDate(from)));
      }
      const [, fn, from, frn] = m(/^Started (.*) from (\d\d\/\d\d\/\d{4}) at .* \((\d+)\)$/);
      return one((w) => w.change === 'added' && field(w, 'after', 'FRN') === frn && field(w, 'after', 'Function') === fn && w.text.includes(ukDate(from)));
    }
    case 'cf-ended': {
      if (c.type === 'firm') {
        const [, , irn, fn, , on] = m(/^(.*) \((\w+)\) ended (.*) \(from (.*)\) on (\d\d\/\d\d\/\d{4})$/);
        return one((w) => w.change === 'ended' && field(w, 'after', 'IRN') === irn && field(w, 'after', 'Function') === fn && w.text.includes(`on ${ukDate(on)}`));
      }
      const [, fn, , frn, on] = m(/^Ended (.*) \(from (.*)\) at .* \((\d+)\) on (\d\d\/\d\d\/\d{4})$/);
      return one((w) => w.change === 'ended' && field(w, 'after', 'FRN') === frn && field(w, 'after', 'Function') === fn && w.text.includes(`on ${ukDate(on)}`));
    }
    case 'individual-listed': {
      const [, , irn] = m(/^(.*) \((\w+)\) now listed/);
      return one((w) => w.change === 'added' && field(w, 'after', 'IRN') === irn && field(w, 'after', 'Status') === c.after!.split(': ').pop());
    }
    case 'individual-status-changed': {
      const [, , irn] = m(/^(.*) \((\w+)\):/);
      return one((w) => w.change === 'changed' && field(w, 'after', 'IRN') === irn && field(w, 'after', 'Status') === c.after!.split(': ').pop());
    }
    case 'ar-added': {
      const [, frn] = m(/\((\d+)\) from /);
      return one((w) => w.change === 'added' && field(w, 'after', 'FRN') === frn && w.text.startsWith('Appointed representative added: '));
    }
    case 'ar-removed': {
      const [, frn, on] = m(/\((\d+)\) on (\d\d\/\d\d\/\d{4})$/);
      return one((w) => w.change === 'ended' && field(w, 'after', 'FRN') === frn && w.text.endsWith(`on ${ukDate(on)}`));
    }
    case 'disciplinary-added': {
      const [, action, from] = m(/^Disciplinary action added: (.*) \((\d\d\/\d\d\/\d{4})\)$/);
      return one((w) => w.change === 'added' && field(w, 'after', 'Action type') === action && field(w, 'after', 'Effective from') === ukDate(from));
    }
    case 'trading-name-added':
      return one((w) => w.change === 'added' && field(w, 'after', 'Name') === c.after && w.text.startsWith('Trading name added: '));
    case 'trading-name-ended':
      return one((w) => w.change === 'ended' && field(w, 'after', 'Name') === c.before && w.text.startsWith('Trading name no longer used: '));
    case 'address-changed':
      return one((w) => w.change === 'changed' && w.text.startsWith('Principal place of business moved: '));
    case 'regulators-ended':
      return { change: c, slug, count: 'any', matches: (w) => w.change === 'changed' && w.changed.includes('Termination date') };
    case 'subfund-added':
      return one((w) => w.change === 'added' && field(w, 'after', 'Sub-fund') === c.after!.replace(/ \(\d+\)$/, ''));
    case 'subfund-closed':
      return one((w) => w.change === 'removed' && field(w, 'before', 'Sub-fund') === c.before!.replace(/ \(\d+\)$/, ''));
    // The record itself: every change of a day to one record is its one row; the row must say each.
    case 'status-changed':
      return one((w) => w.change === 'changed' && w.text.includes(`Status ${c.before!.split(' (from')[0]}`) && w.text.includes(c.after!.split(' (from')[0]));
    case 'cancelled':
      return one((w) => w.change === 'changed' && w.text.includes('No longer authorised'));
    case 'exceptional-info-added':
      return one((w) => w.change === 'changed' && w.text.includes(`Exceptional Info notice added: ${c.after}`));
    case 'exceptional-info-removed':
      return one((w) => w.change === 'changed' && w.text.includes(`Exceptional Info notice removed: ${c.before}`));
    case 'sub-status-changed':
      return one((w) => w.change === 'changed' && w.text.includes(c.after!.split(' (from')[0]) && /Sub-status/.test(w.text));
    case 'sub-status-removed':
      return one((w) => w.change === 'changed' && w.text.includes('Sub-status ended'));
    default:
      throw new Error(`no expectation for the sandbox's "${c.kind}" (${c.what})`);
  }
}

/** The register's sections a record's standing reads (lib/watch/check-standing.ts), by their register names. */
const STANDING_SOURCES = new Set([
  'firm Firm',
  'firm Requirements',
  'firm DisciplinaryHistory',
  'individual Individual',
  'individual DisciplinaryHistory',
  'individual CF',
  'fund CIS',
]);

async function runCycle(): Promise<string> {
  const db = testDb.handle.db;
  const started = await startCycle(db, { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' });
  const deps = { db, dialect: 'sqlite' as const, client };
  const worker = startWorker({ db, dialect: 'sqlite', lanes: 4, pollMs: 10, handlers: jobHandlers(deps), onOutcome: (job) => afterJob(deps, job) });
  try {
    for (let i = 0; i < 6000; i++) {
      if ((await cycleProgress(db, started.cycleId, 100))?.finishedAt) break;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    await worker.stop();
  }
  const progress = await cycleProgress(db, started.cycleId, 100);
  expect(progress).toMatchObject({ entities: { failed: 0 }, notChecked: 0 });
  expect(progress?.finishedAt).not.toBeNull();
  return started.cycleId;
}

async function reported(cycleId: string): Promise<Reported[]> {
  const rows = await testDb.handle.db.selectFrom('watch_changes').select(['kind', 'ref', 'section', 'details']).where('cycle_id', '=', cycleId).execute();
  return rows.flatMap((r) => {
    const words = describeRows(r.kind, r.section, (JSON.parse(r.details) as { rows: RowDiff[] }).rows);
    // A change recorded with no row the register changed would be an inbox entry about nothing.
    expect(words.length, `${r.kind} ${r.ref} ${r.section}`).toBeGreaterThan(0);
    return words.map((w) => ({ kind: r.kind, ref: r.ref, slug: r.section, words: w, claimed: false }));
  });
}

it(`over ${DAYS} register days, reports row by row exactly what the sandbox changed on ${WANTED} watched records`, async () => {
  const startedAt = Date.now();
  const records = chooseRecords();
  expect(records.length).toBeGreaterThanOrEqual(30);
  const db = testDb.handle.db;
  const at = isoNow();
  await db
    .insertInto('watchlists')
    .values({ id: 'wl-days', name: 'Five days', owner_email: 'ann@example.com', sections: JSON.stringify(defaultWatchedSections()), created_at: at, updated_at: at })
    .execute();
  await db
    .insertInto('watchlist_entries')
    .values(records.map((r) => ({ watchlist_id: 'wl-days', kind: r.kind, ref: r.ref, name: null, added_by: 'ann@example.com', added_at: at })))
    .execute();
  const refs = new Set(records.map((r) => r.ref));

  sandbox.setDay(0);
  const baseline = await runCycle();
  expect(await reported(baseline)).toEqual([]);

  const totals = { sandbox: 0, rows: 0, standing: 0, missed: [] as string[], extra: [] as string[] };
  const kinds = new Set<string>();
  for (let day = 1; day <= DAYS; day++) {
    sandbox.setDay(day);
    const cycle = await runCycle();
    const rows = await reported(cycle);
    const expected = sandbox.changes(day).filter((c) => refs.has(c.ref));
    totals.sandbox += expected.length;
    totals.rows += rows.length;
    for (const c of expected) {
      kinds.add(`${c.section} ${c.kind}`);
      const e = expectation(c);
      const candidates = rows.filter((r) => r.kind === c.type && r.ref === c.ref && r.slug === e.slug && e.matches(r.words));
      // A record's several changes of one day are one row; any other row is claimed once.
      const free = e.slug === 'record' ? candidates : candidates.filter((r) => !r.claimed);
      const ok = e.count === 'any' ? free.length >= 1 : free.length >= e.count;
      if (!ok) totals.missed.push(`day ${day}: ${c.type} ${c.ref} ${c.section}: ${c.what}`);
      for (const r of e.count === 'any' ? free : free.slice(0, e.count)) r.claimed = true;
    }
    // A change of standing is the portal's reading of register changes, not one of them: it is
    // accounted for when the register changed that record's status, requirements, disciplinary
    // history or roles that day, and extra otherwise.
    const standingSources = new Set(expected.filter((c) => STANDING_SOURCES.has(`${c.type} ${c.section}`)).map((c) => c.ref));
    for (const r of rows) {
      if (r.slug !== 'standing') continue;
      totals.standing += 1;
      if (standingSources.has(r.ref)) r.claimed = true;
    }
    for (const r of rows) if (!r.claimed) totals.extra.push(`day ${day}: ${r.kind} ${r.ref} ${r.slug}: ${r.words.text}`);
  }
  console.log(
    `[watch days] ${DAYS} register days, ${records.length} watched records: the sandbox made ${totals.sandbox} changes to them, the portal reported ${totals.rows} rows (${totals.standing} of them a change of standing that follows one): ` +
      `${totals.missed.length} missed, ${totals.extra.length} extra (${((Date.now() - startedAt) / 1000).toFixed(1)} s)`,
  );
  expect(totals.missed).toEqual([]);
  expect(totals.extra).toEqual([]);
  // The days exercised every kind of list change the issue names, and the record's own.
  for (const kind of [
    'CF cf-ended',
    'CF cf-started',
    'AR ar-removed',
    'AR ar-added',
    'Permissions permission-removed',
    'Firm status-changed',
    'Individuals individual-status-changed',
  ])
    expect(kinds.has(kind), kind).toBe(true);
}, 120_000);
