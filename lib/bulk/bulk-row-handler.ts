import type { Db, EntityKind } from '@/lib/db/schema';
import { getBulkJob, getBulkRow, recordRowResult, type BulkRow, type BulkRowPayload, type RowResult, type StoredCandidate } from '@/lib/db/queries/bulk';
import { FIRM_SECTIONS, isFirmSectionSlug, sectionEndpoint, sectionRows, type FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { Job } from '@/lib/jobs/job-queue';
import type { JobContext, JobHandler, JobOutcome } from '@/lib/jobs/worker';
import { neutraliseCell } from '@/lib/export/csv';
import type * as M from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { RegisterFailure, RegisterResult } from '@/lib/register/result';
import { decideMatch, rankCandidates, scoreCandidate, type Candidate } from './name-scoring';

/**
 * The queue handler for kind `bulk-row`: checks one row of a bulk check against the register and
 * records its result. Every register call goes through the register client at background
 * priority, so a person's page always goes first and the interactive reserve is never touched.
 *
 * Exactly once per row: the handler first reads the row, and a row that already has a result (its
 * job ran before, was interrupted after recording, and was claimed again after a restart) is done
 * without a register call. The result is recorded (`recordRowResult`, only while the row has none)
 * before the handler answers done, so the queue finishing the job is the last step.
 *
 * A failure another attempt may mend (rate-limited, the register's server error or a timeout) is
 * retried by the queue with backoff while attempts remain; on the last attempt the row is recorded
 * as a register error, retryable by "Retry failed rows".
 */

export interface BulkRowHandlerDeps {
  db: Db;
  client: RegisterClient;
  /** Longest wait for a pacer slot before the attempt gives up and is retried later; default 60 s. */
  maxWaitMs?: number;
  now?: () => number;
}

/** Calls one row made, and where their answers came from. */
class CallLog {
  requests = 0;
  note(result: RegisterResult<unknown>): void {
    const p = 'provenance' in result ? result.provenance : null;
    if (!p) return;
    if (p.source === 'live') {
      this.requests += 1;
    }
  }
}

const RETRYABLE = new Set(['rate-limited', 'upstream-error']);

class RetryLater extends Error {
  constructor(
    readonly failure: RegisterFailure,
    readonly retryAfterMs?: number,
  ) {
    super(failure.message);
  }
}

function retryAfter(failure: RegisterFailure): number | undefined {
  return failure.kind === 'rate-limited' ? failure.retryAfterSeconds * 1000 : undefined;
}

const KIND_WORD: Record<EntityKind, string> = { firm: 'firm', individual: 'individual', fund: 'fund' };
const REF_WORD: Record<EntityKind, string> = { firm: 'FRN', individual: 'IRN', fund: 'PRN' };

/** The status-only columns of each kind of record, header to value. */
function recordFields(kind: EntityKind, data: M.Firm | M.Individual | M.Fund): Record<string, string> {
  const f: Record<string, string | undefined> = {};
  if (kind === 'firm') {
    const d = data as M.Firm;
    f['Name'] = d.name;
    f['Status'] = d.status;
    f['Status effective date'] = d.statusEffectiveDate;
    f['Sub-status'] = d.subStatus;
    f['Business type'] = d.businessType;
    f['Companies House number'] = d.companiesHouseNumber;
  } else if (kind === 'individual') {
    const d = data as M.Individual;
    f['Name'] = d.fullName;
    f['Status'] = d.status;
  } else {
    const d = data as M.Fund;
    f['Status'] = d.status;
    f['Status effective date'] = d.effectiveDate;
    f['Business type'] = [d.productType, d.schemeType].filter(Boolean).join(', ') || undefined;
    f['Operator'] = d.operatorName;
  }
  return Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/** A section as two cells: its size, and each row's first two columns ("Permission – Customer types"). */
function sectionFields(slug: FirmSectionSlug, rows: unknown[], truncated: boolean): Record<string, string> {
  const { columns } = sectionRows(slug);
  const title = FIRM_SECTIONS[slug].title;
  const parts = rows.map((r) =>
    columns
      .slice(0, 2)
      .map((c) => c.value(r))
      .filter((v) => v !== undefined && v !== null && v !== '')
      .map((v) => neutraliseCell(v).replace(/^'/, ''))
      .join(' – '),
  );
  let text = '';
  let shown = 0;
  for (const p of parts) {
    if (text.length + p.length > 4000) break;
    text = text ? `${text}; ${p}` : p;
    shown += 1;
  }
  if (shown < parts.length) text += `; … and ${parts.length - shown} more`;
  return { [`${title} (count)`]: `${rows.length}${truncated ? '+' : ''}`, [title]: text };
}

export function createBulkRowHandler(deps: BulkRowHandlerDeps): JobHandler {
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  const now = deps.now ?? Date.now;

  return async function handleBulkRow(job: Job, context: JobContext): Promise<JobOutcome> {
    // On shutdown, answer at once rather than wait for queued register calls: the job runs again,
    // and if this run still records the row, the next one finds it recorded and fetches nothing.
    // The listener is removed after each job: the worker's one signal outlives thousands of them.
    let onAbort: () => void = () => undefined;
    const stopped = new Promise<'stopped'>((resolve) => {
      onAbort = () => resolve('stopped');
      if (context.signal.aborted) resolve('stopped');
      else context.signal.addEventListener('abort', onAbort, { once: true });
    });
    const checking = checkAndRecord(job, context);
    const outcome = await Promise.race([checking, stopped]).finally(() => context.signal.removeEventListener('abort', onAbort));
    if (outcome === 'stopped') {
      checking.catch(() => undefined);
      return { status: 'retry', error: 'Stopped by a shutdown before the row was recorded.' };
    }
    return outcome;
  };

  async function checkAndRecord(job: Job, context: JobContext): Promise<JobOutcome> {
    const db = deps.db;
    const payload = job.payload as BulkRowPayload;
    if (!payload || typeof payload.bulkId !== 'string' || !Number.isInteger(payload.rowNo)) return { status: 'failed', error: 'The job names no bulk row.' };
    const [bulk, row] = await Promise.all([getBulkJob(db, payload.bulkId), getBulkRow(db, payload.bulkId, payload.rowNo)]);
    // Expired (pruned), cancelled, or already checked by an earlier run of this job: nothing to fetch.
    if (!bulk || !row) return { status: 'done', result: { skipped: 'gone' } };
    if (bulk.state === 'cancelled') return { status: 'done', result: { skipped: 'cancelled' } };
    if (row.outcome !== null) return { status: 'done', result: { skipped: 'already-checked' } };
    const sections = bulk.mode === 'sections' ? bulk.sections.filter(isFirmSectionSlug) : [];
    const log = new CallLog();
    const lastAttempt = job.attempts >= job.maxAttempts;
    let result: RowResult;
    try {
      result = await checkRow(deps.client, row, sections, log, { maxWaitMs, signal: context.signal, lastAttempt });
    } catch (error) {
      if (!(error instanceof RetryLater)) throw error;
      if (!lastAttempt) return { status: 'retry', error: error.message, retryAfterMs: error.retryAfterMs };
      result = { outcome: 'register-error', message: error.message, retryable: true, requestCount: log.requests };
    }
    result.requestCount = log.requests;
    await recordRowResult(db, bulk.id, row.rowNo, result, now());
    return result.outcome === 'register-error' ? { status: 'failed', error: result.message ?? 'register error' } : { status: 'done', result: { outcome: result.outcome } };
  }

  async function checkRow(
    client: RegisterClient,
    row: BulkRow,
    sections: FirmSectionSlug[],
    log: CallLog,
    options: { maxWaitMs: number; signal: AbortSignal; lastAttempt: boolean },
  ): Promise<RowResult> {
    const call = { priority: 'idle' as const, maxWaitMs: options.maxWaitMs };
    const guard = <T>(result: RegisterResult<T>): RegisterResult<T> => {
      log.note(result);
      if (result.kind === 'unauthorised') throw new RetryLater(result);
      if (RETRYABLE.has(result.kind)) throw new RetryLater(result as RegisterFailure, retryAfter(result as RegisterFailure));
      return result;
    };

    /** The entity's record (and the chosen sections of a firm): the row's columns. */
    const fetchEntity = async (kind: EntityKind, ref: string, extra: Partial<RowResult> = {}): Promise<RowResult> => {
      const result: RegisterResult<M.Firm | M.Individual | M.Fund> = guard<M.Firm | M.Individual | M.Fund>(
        kind === 'firm' ? await client.firm(ref, call) : kind === 'individual' ? await client.individual(ref, call) : await client.fund(ref, call),
      );
      if (result.kind === 'not-found') {
        return {
          ...extra,
          outcome: 'not-found',
          message: `The register holds no ${KIND_WORD[kind]} with ${REF_WORD[kind]} ${ref}.`,
          retrievedAt: result.provenance.retrievedAt,
          provenanceSource: result.provenance.source,
          requestCount: 0,
        };
      }
      if (result.kind !== 'ok') return { ...extra, outcome: 'invalid', message: result.message, requestCount: 0 };
      const fields = recordFields(kind, result.data);
      const notes: string[] = [];
      if (kind === 'firm') {
        for (const slug of sections) {
          if (options.signal.aborted) throw new RetryLater({ kind: 'upstream-error', message: 'The worker stopped before the row was finished.', provenance: null });
          const fn = sectionEndpoint(client, slug);
          const walk = await client.allPages(fn, [ref], { priority: 'idle', maxPages: 20 });
          if (walk.kind === 'ok') {
            log.requests += walk.provenance.source === 'live' ? walk.pagesFetched : 0;
            Object.assign(fields, sectionFields(slug, sectionRows(slug).rows(walk.data), walk.truncated));
          } else if (walk.kind === 'not-found') {
            log.note(walk);
            Object.assign(fields, sectionFields(slug, [], false));
          } else {
            log.note(walk);
            if (RETRYABLE.has(walk.kind) && !options.lastAttempt) throw new RetryLater(walk, retryAfter(walk));
            fields[FIRM_SECTIONS[slug].title] = `Not read: ${walk.message}`;
            notes.push(`${FIRM_SECTIONS[slug].title} could not be read.`);
          }
        }
      }
      const name = fields['Name'] ?? extra.matchedName ?? null;
      return {
        ...extra,
        outcome: 'matched',
        matchedKind: kind,
        matchedRef: ref,
        matchedName: name,
        fields,
        message: [extra.message, ...notes].filter(Boolean).join(' ') || null,
        retryable: notes.length > 0,
        retrievedAt: result.provenance.retrievedAt,
        provenanceSource: result.provenance.source,
        requestCount: 0,
      };
    };

    // A person picked one of an ambiguous row's candidates: fetch that one.
    if (row.matchedKind && row.matchedRef && row.resolvedBy) {
      return fetchEntity(row.matchedKind, row.matchedRef, { message: `Chosen by ${row.resolvedBy} from the candidates.`, matchedName: row.matchedName });
    }
    if (row.inputKind === 'firm' || row.inputKind === 'individual' || row.inputKind === 'fund') {
      if (!row.ref) return { outcome: 'invalid', message: 'The row has no reference number.', requestCount: 0 };
      return fetchEntity(row.inputKind, row.ref);
    }
    if (row.inputKind !== 'name' || !row.nameQuery) return { outcome: 'invalid', message: row.message ?? 'The row cannot be checked.', requestCount: 0 };

    const entity: EntityKind = row.entity ?? 'firm';
    const query = row.nameQuery;
    const search = guard(await client.search(query, entity, call));
    if (search.kind === 'not-found') {
      return {
        outcome: 'not-found',
        message: `The register's ${KIND_WORD[entity]} search finds nothing for "${query}".`,
        candidates: [],
        retrievedAt: search.provenance.retrievedAt,
        provenanceSource: search.provenance.source,
        requestCount: 0,
      };
    }
    if (search.kind !== 'ok') return { outcome: 'invalid', message: search.message, requestCount: 0 };
    const input = { query, postcode: row.postcode ?? undefined };
    let scored = search.data.map((hit) => scoreCandidate(hit, input)).filter((c): c is Candidate => c !== undefined);
    let decision = decideMatch(scored);

    // A firm not clearly found under its current name may be under a trading or previous one.
    if (entity === 'firm' && decision.outcome !== 'matched' && scored.length > 0) {
      const leading = rankCandidates(scored).slice(0, 3);
      const others = new Map<string, string[]>();
      for (const c of leading) {
        const names = guard(await client.firmNames(c.ref, call));
        if (names.kind === 'ok')
          others.set(
            c.ref,
            [...names.data.current, ...names.data.previous].map((n) => n.name).filter((n): n is string => Boolean(n)),
          );
      }
      scored = search.data
        .map((hit) => scoreCandidate(hit, { ...input, otherNames: hit.referenceNumber ? others.get(hit.referenceNumber) : undefined }))
        .filter((c): c is Candidate => c !== undefined);
      decision = decideMatch(scored);
    }

    // A Companies House number settles a tie between firms when exactly one leading candidate has it.
    if (entity === 'firm' && decision.outcome === 'ambiguous' && row.chNumber) {
      const holders: Candidate[] = [];
      for (const c of decision.candidates.slice(0, 3)) {
        const record = guard(await client.firm(c.ref, call));
        if (record.kind === 'ok' && record.data.companiesHouseNumber?.replace(/\s/g, '').toUpperCase().padStart(8, '0') === row.chNumber) holders.push(c);
      }
      if (holders.length === 1) {
        const best = { ...holders[0], reasons: [...holders[0].reasons, `Companies House number ${row.chNumber}`] };
        return fetchEntity(best.kind, best.ref, {
          score: best.score,
          candidates: decision.candidates as StoredCandidate[],
          matchedName: best.name,
          message: `Matched by Companies House number ${row.chNumber}.`,
        });
      }
    }

    const candidates = decision.candidates as StoredCandidate[];
    if (decision.outcome === 'not-found') {
      return {
        outcome: 'not-found',
        message: `No register entry is close enough to "${query}".`,
        candidates: rankCandidates(scored).slice(0, 5) as StoredCandidate[],
        retrievedAt: search.provenance.retrievedAt,
        provenanceSource: search.provenance.source,
        requestCount: 0,
      };
    }
    if (decision.outcome === 'ambiguous') {
      return {
        outcome: 'ambiguous',
        message: `${candidates.length} possible ${candidates.length === 1 ? 'match' : 'matches'}: choose one, or none.`,
        candidates,
        retrievedAt: search.provenance.retrievedAt,
        provenanceSource: search.provenance.source,
        requestCount: 0,
      };
    }
    const best = decision.best;
    const how = best.matchedOn === 'other' ? `Matched on another name of the firm ("${best.otherName}").` : undefined;
    return fetchEntity(best.kind, best.ref, { score: best.score, candidates, matchedName: best.name, message: how });
  }
}
