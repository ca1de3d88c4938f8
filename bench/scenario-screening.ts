/**
 * Scenario 9: screening quality. The labelled set (bench/screening-set.csv, 199 rows: legal forms,
 * spacing, accents, one-letter slips, whole and partial postcodes, trading and previous names,
 * clones and unauthorised entries, cloned genuine firms, prohibited people, numbers and names that
 * disagree, funds, damaged numbers, names the register does not hold) goes through the real bulk
 * check (lib/bulk: input reading, the matcher, the standing, recorded rows) against a sandbox
 * register of the default dataset, and every name row through reconciliation too. Printed: the
 * precision and recall of "matched", wrong matches, the share of flagged rows caught (prohibited
 * people and clones apart), decisions left to a person, and register calls per row.
 *
 * Calls are counted twice: each row alone with an empty cache (what one row costs at most: the
 * matcher's searches and other-name lookups, then the record and its standing), and the whole set
 * as one bulk check with the shared cache (what a run costs). The sandbox answers at once and has
 * no rate limit here: this scenario measures answers and calls, not time.
 *
 * Labels name showcase and screening records by number ("firm:200200") and generated records by
 * exact name ("firm=Thames Tyne Financial Services Limited", resolved in the dataset); a label
 * whose name is missing or not unique once folded is reported as a label error, never skipped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { readInputTable } from '@/lib/bulk/bulk-columns';
import type { Cell } from '@/lib/bulk/bulk-input';
import { createBulkRowHandler } from '@/lib/bulk/bulk-row.job';
import { openMigratedDb } from '@/lib/db/connect';
import { createBulkJob, listBulkRows, type BulkRow } from '@/lib/bulk/bulk-store';
import type { EntityKind } from '@/lib/db/schema';
import type { Job } from '@/lib/jobs/job-queue';
import { foldName } from '@/lib/matching/fold-name';
import { editDistance } from '@/lib/matching/name-similarity';
import { ReconcileService } from '@/lib/reconcile/reconcile-service';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { LEVEL_ORDER, type StandingLevel } from '@/lib/standing/standing';
import { DEFAULT_ACCOUNT, DEFAULT_OPTIONS } from '@/sandbox/config';
import { buildDataset, type Dataset } from '@/sandbox/dataset/generate';
import { Rng } from '@/sandbox/prng';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';

export const SCREENING_SET = path.join(__dirname, 'screening-set.csv');

interface LabelledRow {
  line: number;
  category: string;
  reference: string;
  name: string;
  type: string;
  postcode: string;
  expect: string;
  flag: string;
  note: string;
}

type Expectation =
  | { kind: 'entity'; entity: EntityKind; ref: string }
  | { kind: 'unauthorised'; listed: string }
  | { kind: 'none' }
  | { kind: 'decision' }
  | { kind: 'mismatch'; offers: { entity: EntityKind; ref: string } }
  | { kind: 'invalid' };

export interface ScreeningMiss {
  line: number;
  category: string;
  input: string;
  expected: string;
  got: string;
}

export interface ScreeningEvaluation {
  rows: number;
  nameRows: number;
  categories: Record<string, { rows: number; right: number }>;
  /** Name rows only: the matcher's question. */
  matched: { total: number; right: number; wrong: number; precision: number };
  /** Every row (references too). */
  matchedAll: { total: number; right: number; wrong: number; precision: number };
  recall: { held: number; matched: number; share: number; foundOrReview: number; foundShare: number };
  /** Genuine firms answered as unauthorised (must be none). */
  genuineCalledUnauthorised: number;
  flagged: { labelled: number; caught: number; share: number };
  prohibitedAndClones: { labelled: number; caught: number };
  clearLabelled: { labelled: number; clear: number };
  decisions: { labelled: number; waited: number };
  mismatches: { labelled: number; waited: number; offered: number };
  notHeld: { labelled: number; notFound: number; leftToPerson: number; matched: number };
  invalid: { labelled: number; right: number };
  calls: {
    /** Each name row alone with an empty cache: the matcher's searches and other-name lookups. */
    matchingPerNameRow: number;
    matchingMaxNameRow: number;
    /** Each row alone with an empty cache: every call (matcher, record, standing, name checks). */
    totalPerRow: number;
    totalPerNameRow: number;
    /** The whole set as one bulk check, sharing the cache (hand-written set only). */
    sharedRunTotal?: number;
    sharedRunPerRow?: number;
  };
  reconciliation?: { nameRows: number; agreesWithBulk: number; matchedRight: number; matchedWrong: number };
  misses: ScreeningMiss[];
  labelErrors: string[];
}

export interface ScreeningResult extends ScreeningEvaluation {
  /** The generated set the matcher was never tuned on. */
  heldOut: ScreeningEvaluation;
}

export function readScreeningSet(file = SCREENING_SET): LabelledRow[] {
  const records = parse(readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: false }) as Array<Record<string, string>>;
  return records.map((r, i) => ({
    line: i + 2,
    category: r.category,
    reference: r.reference,
    name: r.name,
    type: r.type,
    postcode: r.postcode,
    expect: r.expect,
    flag: r.flag,
    note: r.note,
  }));
}

/**
 * A second, generated set the matcher was never tuned on: firms drawn at random (seeded) from the
 * dataset's authorised firms whose name is theirs alone (no other current, trading or previous
 * name, and no unauthorised entry, reads the same once folded), each written one way people write
 * names (legal form swapped or dropped, "&"/"and", case and spaces, or one slip at a random letter:
 * a letter missing, added, changed or two swapped), and invented names the register does not hold
 * (no firm name within three letters of them).
 */
export function generatedRows(d: Dataset, count: number): LabelledRow[] {
  const rng = new Rng('screening-held-out-2');
  const key = (n: string) => foldName(n).compact;
  const seen = new Map<string, number>();
  const note = (n: string) => seen.set(key(n), (seen.get(key(n)) ?? 0) + 1);
  for (const f of d.firms.values()) {
    note(f.name);
    for (const n of [...f.currentNames, ...f.previousNames]) if (n.name !== f.name) note(n.name);
  }
  for (const u of d.unauthorised) note(u.name.replace(/\s*\(clone of[^)]*\)/i, ''));
  const pool = [...d.firms.values()].filter((f) => f.kind === 'authorised' && seen.get(key(f.name)) === 1 && foldName(f.name).words.join('').length >= 8);
  const rows: LabelledRow[] = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const slip = (name: string): string => {
    const positions = [...name].map((c, i) => ({ c, i })).filter((x) => /[a-z]/i.test(x.c));
    const { i } = rng.pick(positions.slice(0, Math.max(1, positions.length - 3)));
    const op = rng.int(0, 3);
    if (op === 0) return name.slice(0, i) + name.slice(i + 1);
    if (op === 1) return name.slice(0, i) + rng.pick([...letters]) + name.slice(i);
    if (op === 2) return name.slice(0, i) + rng.pick([...letters].filter((l) => l !== name[i].toLowerCase())) + name.slice(i + 1);
    return i + 1 < name.length && /[a-z]/i.test(name[i + 1]) ? name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2) : name.slice(0, i) + name.slice(i + 1);
  };
  const FORMS: Array<[RegExp, string]> = [
    [/\bLimited$/i, 'Ltd'],
    [/\bLtd\.?$/i, 'Limited'],
    [/\bplc$/i, 'Public Limited Company'],
    [/\bLLP$/i, 'L.L.P.'],
  ];
  for (const firm of rng.sample(pool, Math.min(count, pool.length))) {
    const variant = rows.length % 6;
    let name = firm.name;
    let category = 'held-out';
    if (variant === 0) {
      const form = FORMS.find(([re]) => re.test(name));
      name = form ? name.replace(form[0], form[1]) : `${name} Ltd`;
      category = 'held-out legal form';
    } else if (variant === 1) {
      name = `  ${rng.chance(0.5) ? name.toUpperCase() : name.toLowerCase()}  `.replace(/ /g, rng.chance(0.5) ? '  ' : ' ');
      category = 'held-out case and spaces';
    } else if (variant === 2 || variant === 5) {
      const bare = name.replace(/\s+(Limited|Ltd\.?|plc|LLP|PLC)$/i, '');
      name = slip(bare) + name.slice(bare.length);
      category = 'held-out slip';
    } else if (variant === 3) {
      name = name.replace(/\s+(Limited|Ltd\.?|plc|LLP|PLC)$/i, '');
      category = 'held-out no legal form';
    } else {
      name = /&/.test(name) ? name.replace(/&/g, 'and') : / and /i.test(name) ? name.replace(/ and /i, ' & ') : name.replace(/\s+(Limited|Ltd\.?)$/i, ', Limited');
      category = 'held-out & and punctuation';
    }
    rows.push({ line: 0, category, reference: '', name, type: '', postcode: '', expect: `firm:${firm.frn}`, flag: '', note: firm.name });
  }
  const compacts = [...seen.keys()];
  const words = [...new Set([...d.firms.values()].flatMap((f) => foldName(f.name).words).filter((w) => w.length >= 5))];
  for (let made = 0, tries = 0; made < Math.round(count / 4) && tries < 2000; tries++) {
    const name = `${rng.pick(words)} ${rng.pick(words)} ${rng.pick(['Capital', 'Advisory', 'Partners', 'Holdings', 'Finance'])} Ltd`.replace(/\b\w/g, (c) => c.toUpperCase());
    const k = key(name);
    if (compacts.some((c) => Math.abs(c.length - k.length) <= 3 && editDistance(c, k, 3) <= 3)) continue;
    rows.push({ line: 0, category: 'held-out not held', reference: '', name, type: '', postcode: '', expect: 'none', flag: '', note: 'invented' });
    made += 1;
  }
  return rows.map((r, i) => ({ ...r, line: i + 1 }));
}

const KINDS: EntityKind[] = ['firm', 'individual', 'fund'];

function resolveEntity(spec: string, d: Dataset, errors: string[], line: number): { entity: EntityKind; ref: string } | undefined {
  const m = /^(firm|individual|fund)([:=])(.+)$/.exec(spec);
  if (!m) {
    errors.push(`line ${line}: "${spec}" is not an entity label`);
    return undefined;
  }
  const entity = m[1] as EntityKind;
  if (m[2] === ':') return { entity, ref: m[3] };
  const name = m[3];
  const person = entity === 'individual';
  const records: Array<{ ref: string; name: string }> =
    entity === 'firm'
      ? [...d.firms.values()].map((f) => ({ ref: f.frn, name: f.name }))
      : entity === 'individual'
        ? [...d.individuals.values()].map((p) => ({ ref: p.irn, name: p.fullName }))
        : [...d.funds.values()].map((f) => ({ ref: f.prn, name: f.name }));
  const exact = records.filter((r) => r.name === name);
  if (exact.length !== 1) {
    errors.push(`line ${line}: the sandbox holds ${exact.length} ${entity} records named "${name}"`);
    return undefined;
  }
  const key = (n: string) => {
    const f = foldName(n, { person });
    return `${f.compact}|${f.legalForms.join(' ')}`;
  };
  const twins = records.filter((r) => r.ref !== exact[0].ref && key(r.name) === key(name));
  if (twins.length > 0) errors.push(`line ${line}: "${name}" reads the same as ${twins.map((t) => `${t.ref} "${t.name}"`).join(', ')} once folded: the label is not one record`);
  return { entity, ref: exact[0].ref };
}

function expectationOf(row: LabelledRow, d: Dataset, errors: string[]): Expectation | undefined {
  const e = row.expect;
  if (e === 'none') return { kind: 'none' };
  if (e === 'decision') return { kind: 'decision' };
  if (e === 'invalid') return { kind: 'invalid' };
  if (e.startsWith('unauthorised=')) {
    const listed = e.slice('unauthorised='.length);
    if (!d.unauthorised.some((u) => u.name === listed)) errors.push(`line ${row.line}: no unauthorised entry "${listed}" in the sandbox`);
    return { kind: 'unauthorised', listed };
  }
  if (e.startsWith('mismatch>')) {
    const offers = resolveEntity(e.slice('mismatch>'.length), d, errors, row.line);
    return offers ? { kind: 'mismatch', offers } : undefined;
  }
  const entity = resolveEntity(e, d, errors, row.line);
  return entity ? { kind: 'entity', ...entity } : undefined;
}

interface Counted {
  client: RegisterClient;
  counts: { search: number; names: number; other: number };
}

function countingClient(baseUrl: string): Counted {
  const counts = { search: 0, names: 0, other: 0 };
  const client = createRegisterClient({
    config: testConfig(baseUrl, {
      FSR_API_EMAIL: DEFAULT_ACCOUNT.email,
      FSR_API_KEY: DEFAULT_ACCOUNT.key,
      FSR_RATE_BUDGET: '5000/1',
      FSR_API_RETRIES: '0',
      FSR_API_TIMEOUT_MS: '10000',
    }),
    fetch: async (input, init) => {
      const p = new URL(String(input)).pathname;
      if (/\/Search$/.test(p)) counts.search += 1;
      else if (/\/Firm\/\d+\/Names$/.test(p)) counts.names += 1;
      else counts.other += 1;
      return fetch(input, init);
    },
  });
  return { client, counts };
}

function jobFor(bulkId: string, rowNo: number): Job {
  const at = new Date().toISOString();
  return {
    id: `bench-${rowNo}`,
    kind: 'bulk-row',
    group: bulkId,
    dedupeKey: null,
    payload: { bulkId, rowNo },
    priority: 20,
    state: 'running',
    runAfter: at,
    leaseOwner: 'bench',
    leaseUntil: null,
    attempts: 1,
    maxAttempts: 5,
    lastError: null,
    result: null,
    createdAt: at,
    finishedAt: null,
  };
}

const levelAtLeast = (got: StandingLevel | undefined, want: StandingLevel) => got !== undefined && LEVEL_ORDER[got] >= LEVEL_ORDER[want];

function describeResult(r: BulkRow): string {
  const level = r.standing ? ` · ${r.standing.level} ${r.standing.label}` : '';
  if (r.outcome === 'matched') return `matched ${r.matchedKind}:${r.matchedRef} (${r.matchedName})${level}`;
  if (r.outcome === 'unauthorised') return `unauthorised "${r.matchedName}"${level}`;
  if (r.outcome === 'ambiguous' || r.outcome === 'mismatch')
    return `${r.outcome}: ${r.candidates.map((c) => (c.listing ? `"${c.listing.listedName}"` : `${c.kind}:${c.ref} ${c.score}`)).join(', ')}`;
  return `${r.outcome ?? 'unchecked'}${r.message ? `: ${r.message.slice(0, 120)}` : ''}`;
}

interface Harness {
  sandbox: RunningSandbox;
  db: Parameters<typeof createBulkJob>[0];
  dataset: Dataset;
}

async function evaluate(h: Harness, labelled: LabelledRow[], options: { sharedRun: boolean; reconcile: boolean }): Promise<ScreeningEvaluation> {
  const labelErrors: string[] = [];
  const expectations = labelled.map((row) => expectationOf(row, h.dataset, labelErrors));
  const table: Cell[][] = [['Reference', 'Name', 'Type', 'Postcode'], ...labelled.map((r) => [r.reference, r.name, r.type, r.postcode])];
  const inputRows = readInputTable(table);
  if (inputRows.length !== labelled.length) throw new Error(`The bulk reader read ${inputRows.length} rows from ${labelled.length} labelled rows.`);
  const newJob = () =>
    createBulkJob(h.db, {
      createdBy: { id: null, email: 'bench@screening' },
      source: 'csv',
      filename: 'screening-set.csv',
      mode: 'status',
      sections: [],
      rows: inputRows,
      estimatedRequests: 0,
      retentionDays: 1,
    });
  const toCheck = inputRows.filter((r) => r.kind !== 'invalid' && r.duplicateOf === undefined);

  // Each row alone, with an empty cache.
  const cold = await newJob();
  const perRow = new Map<number, { search: number; names: number; other: number }>();
  for (const input of toCheck) {
    const counted = countingClient(h.sandbox.baseUrl);
    const handler = createBulkRowHandler({ db: h.db, client: counted.client, maxWaitMs: 30_000 });
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await handler(jobFor(cold.id, input.rowNo), { signal: new AbortController().signal, owner: 'bench' });
      if (outcome.status !== 'retry') break;
    }
    await counted.client.close();
    perRow.set(input.rowNo, { ...counted.counts });
  }
  const results = await listBulkRows(h.db, cold.id);
  const byNo = new Map(results.map((r) => [r.rowNo, r]));
  const resultOf = (rowNo: number) => {
    const r = byNo.get(rowNo)!;
    return r.duplicateOf !== null ? byNo.get(r.duplicateOf)! : r;
  };

  // The whole set as one bulk check sharing one cache.
  let sharedTotal: number | undefined;
  if (options.sharedRun) {
    const shared = countingClient(h.sandbox.baseUrl);
    const warm = await newJob();
    const warmHandler = createBulkRowHandler({ db: h.db, client: shared.client, maxWaitMs: 30_000 });
    for (const input of toCheck) await warmHandler(jobFor(warm.id, input.rowNo), { signal: new AbortController().signal, owner: 'bench' });
    await shared.client.close();
    sharedTotal = shared.counts.search + shared.counts.names + shared.counts.other;
  }

  const recon = options.reconcile ? countingClient(h.sandbox.baseUrl) : undefined;
  const service = recon ? new ReconcileService(recon.client, 'background') : undefined;
  const reconciliation = { nameRows: 0, agreesWithBulk: 0, matchedRight: 0, matchedWrong: 0 };

  const categories: ScreeningEvaluation['categories'] = {};
  const misses: ScreeningMiss[] = [];
  const m = { total: 0, right: 0, wrong: 0 };
  const mAll = { total: 0, right: 0, wrong: 0 };
  const recall = { held: 0, matched: 0, foundOrReview: 0 };
  const flagged = { labelled: 0, caught: 0 };
  const severe = { labelled: 0, caught: 0 };
  const clear = { labelled: 0, clear: 0 };
  const decisions = { labelled: 0, waited: 0 };
  const mismatches = { labelled: 0, waited: 0, offered: 0 };
  const notHeld = { labelled: 0, notFound: 0, leftToPerson: 0, matched: 0 };
  const invalid = { labelled: 0, right: 0 };
  let genuineCalledUnauthorised = 0;
  let nameRows = 0;
  const matchingCalls: number[] = [];
  const totalCalls: number[] = [];
  const nameTotalCalls: number[] = [];

  for (let i = 0; i < labelled.length; i++) {
    const row = labelled[i];
    const input = inputRows[i];
    const expectation = expectations[i];
    const r = resultOf(input.rowNo);
    const isName = input.kind === 'name';
    const calls = perRow.get(input.rowNo);
    if (calls && input.duplicateOf === undefined) {
      totalCalls.push(calls.search + calls.names + calls.other);
      if (isName) {
        matchingCalls.push(calls.search + calls.names);
        nameTotalCalls.push(calls.search + calls.names + calls.other);
      }
    }
    if (isName) nameRows += 1;
    const level = r.outcome === 'matched' || r.outcome === 'unauthorised' ? r.standing?.level : undefined;
    let right = false;
    if (expectation) {
      switch (expectation.kind) {
        case 'entity':
          right = r.outcome === 'matched' && r.matchedKind === expectation.entity && r.matchedRef === expectation.ref;
          if (isName) {
            recall.held += 1;
            if (right) recall.matched += 1;
            if (right || ((r.outcome === 'ambiguous' || r.outcome === 'mismatch') && r.candidates.some((c) => c.kind === expectation.entity && c.ref === expectation.ref)))
              recall.foundOrReview += 1;
          }
          if (r.outcome === 'unauthorised') genuineCalledUnauthorised += 1;
          break;
        case 'unauthorised':
          right = r.outcome === 'unauthorised' && (r.matchedName ?? '').startsWith(expectation.listed);
          break;
        case 'none':
          notHeld.labelled += 1;
          // Not matched is right: found nothing, or left the choice to a person.
          right = r.outcome === 'not-found' || r.outcome === 'ambiguous' || r.outcome === 'mismatch';
          if (r.outcome === 'not-found') notHeld.notFound += 1;
          else if (r.outcome === 'ambiguous' || r.outcome === 'mismatch') notHeld.leftToPerson += 1;
          else if (r.outcome === 'matched' || r.outcome === 'unauthorised') notHeld.matched += 1;
          break;
        case 'decision':
          decisions.labelled += 1;
          right = r.outcome === 'ambiguous' || r.outcome === 'mismatch';
          if (right) decisions.waited += 1;
          break;
        case 'mismatch':
          mismatches.labelled += 1;
          if (r.outcome === 'mismatch') mismatches.waited += 1;
          right = r.outcome === 'mismatch' && r.candidates.some((c) => c.kind === expectation.offers.entity && c.ref === expectation.offers.ref);
          if (right) mismatches.offered += 1;
          break;
        case 'invalid':
          invalid.labelled += 1;
          right = r.outcome === 'invalid';
          if (right) invalid.right += 1;
          break;
      }
      if (r.outcome === 'matched') {
        const good = expectation.kind === 'entity' && r.matchedKind === expectation.entity && r.matchedRef === expectation.ref;
        mAll.total += 1;
        if (good) mAll.right += 1;
        else mAll.wrong += 1;
        if (isName) {
          m.total += 1;
          if (good) m.right += 1;
          else m.wrong += 1;
        }
      }
    }
    if (row.flag === 'stop' || row.flag === 'caution') {
      flagged.labelled += 1;
      const caught = levelAtLeast(level, row.flag);
      if (caught) flagged.caught += 1;
      else right = false;
      if (row.category === 'prohibited' || row.category === 'clone') {
        severe.labelled += 1;
        if (caught) severe.caught += 1;
      }
    } else if (row.flag === 'clear') {
      clear.labelled += 1;
      if (level === 'clear') clear.clear += 1;
      else right = false;
    }
    const cat = (categories[row.category] ??= { rows: 0, right: 0 });
    cat.rows += 1;
    if (right) cat.right += 1;
    else
      misses.push({
        line: row.line,
        category: row.category,
        input: [row.reference, row.name, row.type, row.postcode].filter(Boolean).join(' | '),
        expected: `${row.expect}${row.flag ? ` (${row.flag})` : ''}`,
        got: describeResult(r),
      });

    if (service && isName && expectation) {
      reconciliation.nameRows += 1;
      const answer = await service.reconcile({
        query: row.name,
        type: (KINDS.includes(row.type as EntityKind) ? row.type : 'firm') as EntityKind,
        limit: 5,
        ...(row.postcode ? { postcode: row.postcode } : {}),
      });
      const top = answer.find((c) => c.match);
      const bulkId = r.outcome === 'matched' ? (r.matchedKind === 'fund' ? `PRN:${r.matchedRef}` : r.matchedRef) : r.outcome === 'unauthorised' ? 'unauthorised' : null;
      const reconId = top ? (top.id.startsWith('UNAUTH:') ? 'unauthorised' : top.id) : null;
      if (bulkId === reconId) reconciliation.agreesWithBulk += 1;
      if (top && expectation.kind === 'entity' && !top.id.startsWith('UNAUTH:')) {
        const want = expectation.entity === 'fund' ? `PRN:${expectation.ref}` : expectation.ref;
        if (top.id === want) reconciliation.matchedRight += 1;
        else reconciliation.matchedWrong += 1;
      } else if (top && expectation.kind !== 'entity' && expectation.kind !== 'unauthorised') reconciliation.matchedWrong += 1;
    }
  }
  await recon?.client.close();
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const share = (a: number, b: number) => (b === 0 ? Number.NaN : a / b);
  return {
    rows: labelled.length,
    nameRows,
    categories,
    matched: { ...m, precision: share(m.right, m.total) },
    matchedAll: { ...mAll, precision: share(mAll.right, mAll.total) },
    recall: { ...recall, share: share(recall.matched, recall.held), foundShare: share(recall.foundOrReview, recall.held) },
    genuineCalledUnauthorised,
    flagged: { ...flagged, share: share(flagged.caught, flagged.labelled) },
    prohibitedAndClones: severe,
    clearLabelled: clear,
    decisions,
    mismatches,
    notHeld,
    invalid,
    calls: {
      matchingPerNameRow: mean(matchingCalls),
      matchingMaxNameRow: Math.max(0, ...matchingCalls),
      totalPerRow: mean(totalCalls),
      totalPerNameRow: mean(nameTotalCalls),
      ...(sharedTotal !== undefined ? { sharedRunTotal: sharedTotal, sharedRunPerRow: toCheck.length > 0 ? sharedTotal / toCheck.length : 0 } : {}),
    },
    ...(options.reconcile ? { reconciliation } : {}),
    misses,
    labelErrors,
  };
}

/** Generated held-out rows per run (plus a quarter as many invented names). */
export const HELD_OUT_ROWS = 120;

export async function runScreening(ctx: { log: (line: string) => void; file?: string; heldOut?: number }): Promise<ScreeningResult> {
  const labelled = readScreeningSet(ctx.file);
  const sizes = { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds };
  ctx.log(`  ${labelled.length} labelled rows; building the sandbox's default dataset…`);
  const dataset = buildDataset(DEFAULT_OPTIONS.seed, sizes);
  const sandbox = await startSandbox({ port: 0, seed: DEFAULT_OPTIONS.seed, ...sizes, latency: { min: 0, max: 0 }, rateLimit: 'off' });
  const dir = mkdtempSync(path.join(tmpdir(), 'fsr-bench-screening-'));
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dir, 'portal.db') });
  try {
    const h: Harness = { sandbox, db: handle.db, dataset };
    ctx.log('  the labelled set through the bulk check (each row alone, then all together) and reconciliation…');
    const main = await evaluate(h, labelled, { sharedRun: true, reconcile: true });
    const generated = generatedRows(dataset, ctx.heldOut ?? HELD_OUT_ROWS);
    ctx.log(`  ${generated.length} generated held-out rows through the bulk check…`);
    const heldOut = await evaluate(h, generated, { sharedRun: false, reconcile: false });
    return { ...main, heldOut };
  } finally {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
    await sandbox.close();
  }
}
