import { randomUUID } from 'node:crypto';
import { bindStore } from '@/lib/db/bind-store';
import { isoNow } from '@/lib/db/clock';
import type { Db, PrincipalArStandingsTable, PrincipalStandingPassesTable } from '@/lib/db/schema';
import { formatDate } from '@/lib/format/date';
import { enqueueJobs, groupProgress } from '@/lib/jobs/job-queue';
import type { FirmIndividual } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesResult, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { firmStanding } from '@/lib/standing/firm-standing';
import { readFirmFacts } from '@/lib/standing/read-standing';
import { reasonsText, sameStanding, standingText, type Standing, type StandingLevel } from '@/lib/standing/standing';
import { otherPrincipalsOf, type KnownPrincipal } from '@/lib/representatives/ar-links';
import { insertFinding, latestReading, PrincipalInputError } from './principal-store';

/**
 * Each current AR's own standing (issue 28, item 3). A **pass** takes the current ARs of a
 * principal's last reading and enqueues one job per AR on the portal's one queue (behind watch
 * checks and bulk rows). Each job reads the AR's register record, its requirements, its
 * disciplinary history and its individuals past the cache at **idle** priority (so people's pages,
 * reports and background counts all go first), computes its standing with the one standing
 * function (lib/standing/firm-standing.ts), and records it per principal↔AR in one transaction:
 *
 * - a standing that differs from the one last read opens a `standing` finding (register side: the
 *   new standing with its reasons; book side: the previous one); while it is open a further change
 *   brings its register side up to date, and a standing back to the one before closes it as
 *   resolved by the register;
 * - an AR the portal has seen on another principal's AR list (ar-links.ts: checks, the watch,
 *   pages) opens an `other-principal` finding naming those principals (FRN and name).
 *
 * A job whose AR is already recorded for its pass records nothing twice (retries, a shutdown mid-
 * run); a register that does not answer, or answers only part, is retried by the queue rather
 * than recorded as a standing "not fully checked", so a passing failure is never a change of
 * standing. The pass follows every nightly check (keyed by the check) and starts on request.
 */

export const AR_STANDING_JOB = 'principal-ar-standing';
/** Behind watch checks (10) and bulk rows (20): the last work on the queue, as its reads are the last at the pacer. */
export const AR_STANDING_PRIORITY = 30;
export const AR_STANDING_ATTEMPTS = 5;
/** Register calls per AR when every list is one page: record, requirements, disciplinary history, individuals. */
export const AR_STANDING_CALLS = 4;
/** Pages of an AR's individuals read at most (the list is kept with the standing, for its review). */
const INDIVIDUAL_PAGES = 5;

export interface ArStandingPayload {
  passId: string;
  principalFrn: string;
  arFrn: string;
  arName: string;
}

export interface StandingPass {
  id: string;
  principalFrn: string;
  checkId: string;
  trigger: 'manual' | 'nightly';
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
  total: number;
  done: number;
  failed: number;
  requestCount: number;
}

function toPass(r: PrincipalStandingPassesTable): StandingPass {
  return {
    id: r.id,
    principalFrn: r.principal_frn,
    checkId: r.check_id,
    trigger: r.trigger,
    requestedBy: r.requested_by,
    createdAt: r.created_at,
    finishedAt: r.finished_at,
    total: Number(r.total),
    done: Number(r.done),
    failed: Number(r.failed),
    requestCount: Number(r.request_count),
  };
}

/** A standing in words, for a finding's side: "Caution · Appointed representative: The register lists …". */
export function standingWords(standing: Pick<Standing, 'level' | 'label' | 'reasons'>): string {
  const reasons = reasonsText(standing);
  return reasons ? `${standingText(standing)}: ${reasons}` : standingText(standing);
}

/** The other principals an AR is known under, in words, for an `other-principal` finding. */
export function otherPrincipalWords(others: readonly KnownPrincipal[]): string {
  const one = (p: KnownPrincipal) =>
    `${p.principalName ? `${p.principalName} (FRN ${p.principalFrn})` : `FRN ${p.principalFrn}`}${p.bucket ? ` as a ${p.bucket} AR` : ''}, last seen ${formatDate(p.lastSeenAt.slice(0, 10))}`;
  return `Also on the AR list of ${others.map(one).join('; ')}.`;
}

// ---- Starting a pass ------------------------------------------------------------------------------

/**
 * Starts a pass over the current ARs of the principal's last reading: the pass and its jobs in one
 * transaction. With a `passKey` already used (the pass that follows a nightly check), returns that
 * pass. Open `standing` and `other-principal` findings of ARs no longer current are closed as
 * resolved by the register. Refused (missing) before any reading.
 */
export async function startStandingPass(
  db: Db,
  input: { frn: string; trigger: 'manual' | 'nightly'; requestedBy: string; passKey?: string; now?: number },
): Promise<{ passId: string; created: boolean; total: number }> {
  const reading = await latestReading(db, input.frn);
  if (!reading) throw new PrincipalInputError(`The register has not been read for ${input.frn} yet: check it first, then its ARs' standing is read.`, 'missing');
  const current = new Map<string, string>();
  for (const r of reading.rows) if (r.bucket === 'current') current.set(r.arFrn, r.name);
  const at = isoNow(input.now);
  return db.transaction().execute(async (trx) => {
    if (input.passKey) {
      const existing = await trx.selectFrom('principal_standing_passes').select(['id', 'total']).where('pass_key', '=', input.passKey).executeTakeFirst();
      if (existing) return { passId: existing.id, created: false, total: Number(existing.total) };
    }
    const passId = randomUUID();
    await trx
      .insertInto('principal_standing_passes')
      .values({
        id: passId,
        principal_frn: input.frn,
        check_id: reading.check.id,
        trigger: input.trigger,
        pass_key: input.passKey ?? null,
        requested_by: input.requestedBy,
        created_at: at,
        finished_at: current.size === 0 ? at : null,
        total: current.size,
        done: 0,
        failed: 0,
        request_count: 0,
      })
      .execute();
    // Findings of ARs the last reading no longer lists as current: the register resolved them.
    const stale = await trx
      .selectFrom('principal_findings')
      .select(['id', 'ar_frn'])
      .where('principal_frn', '=', input.frn)
      .where('closed_at', 'is', null)
      .where('kind', 'in', ['standing', 'other-principal'])
      .execute();
    const gone = stale.filter((f) => !current.has(f.ar_frn)).map((f) => f.id);
    for (let i = 0; i < gone.length; i += 200) {
      await trx
        .updateTable('principal_findings')
        .set({ closed_at: at, closed_by: 'register', closed_check_id: passId, updated_at: at })
        .where('id', 'in', gone.slice(i, i + 200))
        .execute();
    }
    await enqueueJobs(
      trx,
      [...current].map(([arFrn, arName]) => ({
        kind: AR_STANDING_JOB,
        group: passId,
        dedupeKey: `ar-standing:${passId}:${arFrn}`,
        priority: AR_STANDING_PRIORITY,
        maxAttempts: AR_STANDING_ATTEMPTS,
        payload: { passId, principalFrn: input.frn, arFrn, arName } satisfies ArStandingPayload,
      })),
      input.now,
    );
    return { passId, created: true, total: current.size };
  });
}

// ---- Reading one AR -------------------------------------------------------------------------------

export interface ArIndividual {
  irn: string | null;
  name: string | null;
  status: string | null;
}

export type ArRead =
  | { kind: 'ok'; name: string | null; standing: Standing; individuals: ArIndividual[]; requests: number }
  | { kind: 'not-found'; message: string }
  | { kind: 'retry'; message: string; retryAfterMs?: number };

function retryOf(what: string, arFrn: string, failure: RegisterFailure): ArRead {
  return {
    kind: 'retry',
    message: `The register did not give ${what} of AR ${arFrn}: ${failure.message}`,
    ...(failure.kind === 'rate-limited' ? { retryAfterMs: failure.retryAfterSeconds * 1000 } : {}),
  };
}

/** Reads what an AR's standing needs, at idle priority past the cache; any source not read is a retry, never a standing. */
export async function readArStanding(client: RegisterClient, arFrn: string): Promise<ArRead> {
  const record = await client.firm(arFrn, { priority: 'idle', refresh: true });
  if (record.kind === 'not-found') return { kind: 'not-found', message: `The register has no record for AR ${arFrn}, which the principal's list names.` };
  if (record.kind !== 'ok') return retryOf('the record', arFrn, record);
  let requests = 1;
  let failure: RegisterFailure | null = null;
  const note = (result: RegisterResult<unknown> | AllPagesResult<unknown>) => {
    requests += result.kind === 'ok' && 'pagesFetched' in result ? result.pagesFetched : 1;
    if (result.kind !== 'ok' && result.kind !== 'not-found') failure ??= result;
    else if (result.kind === 'ok' && 'truncated' in result && result.truncated && result.interruption) failure ??= result.interruption;
  };
  const [facts, individuals] = await Promise.all([
    readFirmFacts(client, record.data, { priority: 'idle', refresh: true, note }),
    client.allPages(client.firmIndividuals, [arFrn], { priority: 'idle', refresh: true, maxPages: INDIVIDUAL_PAGES }),
  ]);
  note(individuals);
  if (failure) return retryOf('every source of the standing', arFrn, failure);
  const people: FirmIndividual[] = individuals.kind === 'ok' ? individuals.data : [];
  return {
    kind: 'ok',
    name: record.data.name ?? null,
    standing: firmStanding(facts),
    individuals: people.map((p) => ({ irn: p.irn ?? null, name: p.name ?? null, status: p.status ?? null })),
    requests,
  };
}

// ---- Recording ------------------------------------------------------------------------------------

export type ArRecorded = { outcome: 'recorded'; opened: string[]; closed: string[]; kept: string[] } | { outcome: 'already' | 'no-pass' };

/**
 * Records one AR's standing for its pass, its `standing` and `other-principal` findings, and the
 * pass's progress, in one transaction; an AR already recorded for this pass records nothing.
 */
export async function recordArStanding(
  db: Db,
  payload: ArStandingPayload,
  read: { name: string | null; standing: Standing; individuals: ArIndividual[]; requests: number },
  now?: number,
): Promise<ArRecorded> {
  return db.transaction().execute(async (trx) => {
    const pass = await trx.selectFrom('principal_standing_passes').select(['id', 'principal_frn']).where('id', '=', payload.passId).executeTakeFirst();
    if (!pass) return { outcome: 'no-pass' };
    const frn = payload.principalFrn;
    const ar = payload.arFrn;
    const row = await trx.selectFrom('principal_ar_standings').selectAll().where('principal_frn', '=', frn).where('ar_frn', '=', ar).executeTakeFirst();
    if (row && row.pass_id === payload.passId) return { outcome: 'already' };
    const at = isoNow(now);
    const arName = read.name ?? payload.arName;
    const applied = { opened: [] as string[], closed: [] as string[], kept: [] as string[] };
    const openOf = (kind: 'standing' | 'other-principal') =>
      trx
        .selectFrom('principal_findings')
        .select(['id', 'register_value'])
        .where('principal_frn', '=', frn)
        .where('ar_frn', '=', ar)
        .where('kind', '=', kind)
        .where('closed_at', 'is', null)
        .executeTakeFirst();
    const open = async (kind: 'standing' | 'other-principal', register: string, book: string) => {
      await insertFinding(trx, { principalFrn: frn, kind, arFrn: ar, arName, register, book, checkId: payload.passId, at });
      applied.opened.push(kind);
    };

    // The standing against the one last read (and, while a finding is open, the one before it).
    const next = read.standing;
    const previous = row ? (JSON.parse(row.standing) as Standing) : null;
    let baseline: Standing | null = row?.baseline ? (JSON.parse(row.baseline) as Standing) : null;
    if (previous) {
      const finding = await openOf('standing');
      if (finding) {
        const before = baseline ?? previous;
        if (sameStanding(next, before)) {
          await trx
            .updateTable('principal_findings')
            .set({ closed_at: at, closed_by: 'register', closed_check_id: payload.passId, updated_at: at, last_seen_check_id: payload.passId })
            .where('id', '=', finding.id)
            .execute();
          applied.closed.push('standing');
          baseline = null;
        } else {
          await trx
            .updateTable('principal_findings')
            .set({ register_value: standingWords(next), ar_name: arName, last_seen_check_id: payload.passId })
            .where('id', '=', finding.id)
            .execute();
          baseline = before;
          applied.kept.push('standing');
        }
      } else if (!sameStanding(next, previous)) {
        await open('standing', standingWords(next), standingWords(previous));
        baseline = previous;
      } else {
        baseline = null;
      }
    }
    const values: PrincipalArStandingsTable = {
      principal_frn: frn,
      ar_frn: ar,
      ar_name: arName,
      level: next.level,
      standing: JSON.stringify(next),
      baseline: baseline ? JSON.stringify(baseline) : null,
      individuals: JSON.stringify(read.individuals),
      read_at: at,
      pass_id: payload.passId,
      requests: read.requests,
    };
    if (row) {
      const { principal_frn: _p, ar_frn: _a, ...rest } = values;
      await trx.updateTable('principal_ar_standings').set(rest).where('principal_frn', '=', frn).where('ar_frn', '=', ar).execute();
    } else {
      await trx.insertInto('principal_ar_standings').values(values).execute();
    }

    // Another principal's AR list that names it (every link the portal has read).
    const others = (await otherPrincipalsOf(trx, frn, [ar])).get(ar) ?? [];
    const other = await openOf('other-principal');
    if (others.length > 0) {
      const words = otherPrincipalWords(others);
      if (!other) await open('other-principal', words, "Not seen on another principal's AR list before");
      else if (other.register_value !== words) {
        await trx.updateTable('principal_findings').set({ register_value: words, ar_name: arName, last_seen_check_id: payload.passId }).where('id', '=', other.id).execute();
        applied.kept.push('other-principal');
      } else applied.kept.push('other-principal');
    } else if (other) {
      await trx
        .updateTable('principal_findings')
        .set({ closed_at: at, closed_by: 'register', closed_check_id: payload.passId, updated_at: at })
        .where('id', '=', other.id)
        .execute();
      applied.closed.push('other-principal');
    }

    await trx
      .updateTable('principal_standing_passes')
      .set((eb) => ({ done: eb('done', '+', 1), request_count: eb('request_count', '+', read.requests) }))
      .where('id', '=', payload.passId)
      .execute();
    return { outcome: 'recorded', ...applied };
  });
}

/** Whether an AR is already recorded for its pass (a retried job then reads nothing). */
export async function arRecordedForPass(db: Db, payload: ArStandingPayload): Promise<boolean> {
  const row = await db
    .selectFrom('principal_ar_standings')
    .select('pass_id')
    .where('principal_frn', '=', payload.principalFrn)
    .where('ar_frn', '=', payload.arFrn)
    .executeTakeFirst();
  return row?.pass_id === payload.passId;
}

/** After an AR's job: the pass is finished when none of its jobs is queued or running (failed ones counted). */
export async function settlePass(db: Db, passId: string, now?: number): Promise<boolean> {
  const progress = await groupProgress(db, passId);
  if (progress.queued + progress.running > 0) return false;
  await db
    .updateTable('principal_standing_passes')
    .set({ finished_at: isoNow(now), failed: progress.failed + progress.cancelled })
    .where('id', '=', passId)
    .where('finished_at', 'is', null)
    .execute();
  return true;
}

// ---- Reading what was stored ----------------------------------------------------------------------

export async function getPass(db: Db, id: string): Promise<StandingPass | null> {
  const r = await db.selectFrom('principal_standing_passes').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? toPass(r) : null;
}

export async function latestPass(db: Db, frn: string): Promise<StandingPass | null> {
  const r = await db.selectFrom('principal_standing_passes').selectAll().where('principal_frn', '=', frn).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  return r ? toPass(r) : null;
}

export interface StoredArStanding {
  arFrn: string;
  arName: string;
  level: StandingLevel;
  standing: Standing;
  individuals: ArIndividual[];
  readAt: string;
  passId: string;
}

/** Every AR standing stored for a principal, by AR FRN. */
export async function arStandings(db: Db, frn: string): Promise<Map<string, StoredArStanding>> {
  const rows = await db
    .selectFrom('principal_ar_standings')
    .select(['ar_frn', 'ar_name', 'level', 'standing', 'individuals', 'read_at', 'pass_id'])
    .where('principal_frn', '=', frn)
    .execute();
  return new Map(
    rows.map((r) => [
      r.ar_frn,
      {
        arFrn: r.ar_frn,
        arName: r.ar_name,
        level: r.level,
        standing: JSON.parse(r.standing) as Standing,
        individuals: JSON.parse(r.individuals) as ArIndividual[],
        readAt: r.read_at,
        passId: r.pass_id,
      },
    ]),
  );
}

/** The standings as the workspace reads them, bound to the process's database. */
export const arStandingStore = bindStore({ latestPass, arStandings });
