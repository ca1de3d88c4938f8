import type { Db, EntityKind } from '@/lib/db/schema';
import { getBulkJob, getBulkRow, recordRowResult, type BulkRow, type BulkRowPayload, type RowResult, type StoredCandidate } from '@/lib/bulk/bulk-store';
import { FIRM_SECTIONS, isFirmSectionSlug, sectionEndpoint, sectionRows, type FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { Job } from '@/lib/jobs/job-queue';
import type { JobOutcome } from '@/lib/jobs/worker';
import { neutraliseCell } from '@/lib/csv/csv';
import type * as M from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesResult, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { findMatch, firmOtherNames, fundOtherNames, type Candidate, type ListingCandidate, type MatchReport, type RegisterPort } from '@/lib/matching/find-match';
import { foldName } from '@/lib/matching/fold-name';
import { compareNames } from '@/lib/matching/name-similarity';
import { readPostcode } from '@/lib/matching/postcode';
import { firmStanding } from '@/lib/standing/firm-standing';
import { fundStanding } from '@/lib/standing/fund-standing';
import { individualStanding } from '@/lib/standing/individual-standing';
import { listingStanding, unauthorisedRule } from '@/lib/standing/listing-standing';
import { readFirmFacts, readIndividualFacts } from '@/lib/standing/read-standing';
import { combine, type Standing } from '@/lib/standing/standing';

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
 * as a register error, retryable by "Retry failed rows". A source of the standing that still fails
 * on the last attempt is recorded as not read, which the standing says (never clear).
 *
 * What a row becomes:
 * - a reference: the record, its standing (lib/standing: a firm's requirements and disciplinary
 *   history, a person's disciplinary history and controlled functions, a fund's name from the
 *   register's search), and the chosen firm sections. When the row gives a name too, the name is
 *   checked against the record's names (current, trading, previous; a person's full and commonly
 *   used names; a fund's names): when it fits none, the row is a **mismatch** that waits for a
 *   person, offering the record the name does fit.
 * - a name: the matcher (lib/matching/find-match.ts) finds the entry, leaves a choice to a person,
 *   or finds an unauthorised or clone entry, which is the row's answer (**unauthorised**), never
 *   "not found".
 */

export interface BulkRowHandlerDeps {
  db: Db;
  client: RegisterClient;
  /** Longest wait for a pacer slot before the attempt gives up and is retried later; default 60 s. */
  maxWaitMs?: number;
  now?: () => number;
}

/** Calls one row made (answers from the cache cost the register nothing and are not counted). */
class CallLog {
  requests = 0;
  note(result: RegisterResult<unknown> | AllPagesResult<unknown>): void {
    const p = 'provenance' in result ? result.provenance : null;
    if (!p || p.source !== 'live') return;
    this.requests += 'pagesFetched' in result ? result.pagesFetched : 1;
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
/** A name given beside a reference fits the record when it scores at least this against one of its names. */
export const NAME_FITS = 75;

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

/**
 * Checks one row and records its result (the `bulk-row` job's work, lib/bulk/bulk-row.job.ts):
 * the payload is already read, and a shutdown is answered by the job's definition.
 */
export function bulkRowChecker(deps: BulkRowHandlerDeps): (payload: BulkRowPayload, job: Job, signal: AbortSignal) => Promise<JobOutcome> {
  const maxWaitMs = deps.maxWaitMs ?? 60_000;
  const now = deps.now ?? Date.now;
  return checkAndRecord;

  async function checkAndRecord(payload: BulkRowPayload, job: Job, signal: AbortSignal): Promise<JobOutcome> {
    const db = deps.db;
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
      result = await checkRow(deps.client, row, sections, log, { maxWaitMs, signal, lastAttempt });
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
    /** For the standing's sources: count, retry while attempts remain, else leave the source unread. */
    const noteSource = (result: RegisterResult<unknown> | AllPagesResult<unknown>) => {
      log.note(result);
      const failure = result.kind === 'ok' ? ('interruption' in result ? result.interruption : undefined) : result.kind === 'not-found' ? undefined : result;
      if (!failure) return;
      if (failure.kind === 'unauthorised') throw new RetryLater(failure);
      if (RETRYABLE.has(failure.kind) && !options.lastAttempt) throw new RetryLater(failure, retryAfter(failure));
    };
    const port: RegisterPort = {
      async search(query, entity) {
        const r = guard(await client.search(query, entity, call));
        return r.kind === 'ok' ? r.data : [];
      },
      async firmNames(frn) {
        // A firm's names run to a second page when it has more than ten (the bank has fourteen).
        const r = guard(await client.allPages(client.firmNames, [frn], { priority: 'idle', maxPages: 3 }));
        return r.kind === 'ok' ? firmOtherNames(r.data) : undefined;
      },
      async fundNames(prn) {
        const r = guard(await client.fundNames(prn, call));
        return r.kind === 'ok' ? fundOtherNames(r.data) : undefined;
      },
    };

    /** A fund's name and listed status: /CIS/{PRN} has no name, the register's search for the PRN does. */
    const fundListing = async (prn: string) => {
      const r = guard(await client.search(prn, 'fund', call));
      return r.kind === 'ok' ? r.data.find((h) => h.referenceNumber === prn) : undefined;
    };

    /** The entity's record, its standing and the chosen sections of a firm: the row's columns. */
    const fetchEntity = async (
      kind: EntityKind,
      ref: string,
      extra: Partial<RowResult> = {},
      context: { cloneListings?: string[]; searchStatus?: string } = {},
    ): Promise<RowResult & { record?: M.Firm | M.Individual | M.Fund; fundName?: string }> => {
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
      let standing: Standing;
      let fundName: string | undefined;
      const sourceOptions = { priority: 'idle' as const, maxWaitMs: options.maxWaitMs, note: noteSource };
      if (kind === 'firm') {
        const facts = await readFirmFacts(client, result.data as M.Firm, sourceOptions);
        standing = firmStanding({ ...facts, ...(context.cloneListings ? { cloneListings: context.cloneListings } : {}) });
      } else if (kind === 'individual') {
        standing = individualStanding({ ...(await readIndividualFacts(client, result.data as M.Individual, sourceOptions)), searchStatus: context.searchStatus });
      } else {
        standing = fundStanding(result.data as M.Fund);
        const listing = extra.matchedName ? undefined : await fundListing(ref);
        fundName = listing?.name ?? extra.matchedName ?? undefined;
        if (fundName) fields['Name'] = fundName;
        else fields['Name'] = `Fund PRN ${ref} (the register's search gives no name)`;
      }
      const notes: string[] = [];
      if (kind === 'firm') {
        for (const slug of sections) {
          if (options.signal.aborted) throw new RetryLater({ kind: 'upstream-error', message: 'The worker stopped before the row was finished.', provenance: null });
          const fn = sectionEndpoint(client, slug);
          const walk = await client.allPages(fn, [ref], { priority: 'idle', maxPages: 20 });
          if (walk.kind === 'ok') {
            log.note(walk);
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
        standing,
        message: [extra.message, ...notes].filter(Boolean).join(' ') || null,
        retryable: notes.length > 0,
        retrievedAt: result.provenance.retrievedAt,
        provenanceSource: result.provenance.source,
        requestCount: 0,
        record: result.data,
        fundName,
      };
    };

    // A person picked one of the row's candidates: fetch that one.
    if (row.matchedKind && row.matchedRef && row.resolvedBy) {
      const {
        record: _record,
        fundName: _fundName,
        ...chosen
      } = await fetchEntity(row.matchedKind, row.matchedRef, {
        message: `Chosen by ${row.resolvedBy} from the candidates.`,
        matchedName: row.matchedKind === 'fund' ? row.matchedName : undefined,
      });
      return chosen;
    }
    if (row.inputKind === 'firm' || row.inputKind === 'individual' || row.inputKind === 'fund') {
      if (!row.ref) return { outcome: 'invalid', message: 'The row has no reference number.', requestCount: 0 };
      const { record, fundName, ...byRef } = await fetchEntity(row.inputKind, row.ref);
      if (!row.nameQuery) return byRef;
      return checkNameAgainstRecord(row.inputKind, row.ref, row.nameQuery, byRef, record, fundName);
    }
    if (row.inputKind !== 'name' || !row.nameQuery) return { outcome: 'invalid', message: row.message ?? 'The row cannot be checked.', requestCount: 0 };

    const entity: EntityKind = row.entity ?? 'firm';
    const query = row.nameQuery;
    const report = await findMatch({ name: query, entity, postcode: readPostcode(row.postcode ?? undefined) }, port);
    const decision = report.decision;

    // A Companies House number settles a tie between firms when exactly one leading candidate has it.
    if (entity === 'firm' && decision.outcome === 'ambiguous' && row.chNumber) {
      const holders: Candidate[] = [];
      for (const c of decision.candidates.slice(0, 3)) {
        const record = guard(await client.firm(c.ref, call));
        if (record.kind === 'ok' && record.data.companiesHouseNumber?.replace(/\s/g, '').toUpperCase().padStart(8, '0') === row.chNumber) holders.push(c);
      }
      if (holders.length === 1) {
        const best = holders[0];
        const {
          record: _r,
          fundName: _f,
          ...settled
        } = await fetchEntity(best.kind, best.ref, {
          score: best.score,
          candidates: storedCandidates(decision.candidates, decision.listings),
          matchedName: best.name,
          message: `Matched by Companies House number ${row.chNumber}.`,
        });
        return settled;
      }
    }

    switch (decision.outcome) {
      case 'matched': {
        const best = decision.best;
        const {
          record: _r,
          fundName: _f,
          ...matched
        } = await fetchEntity(
          best.kind,
          best.ref,
          { score: best.score, candidates: storedCandidates(report.candidates.slice(0, 5), []), matchedName: best.name, message: howMatched(report, best) },
          { cloneListings: decision.clones.map((c) => c.listedName), searchStatus: best.kind === 'individual' ? best.status : undefined },
        );
        return matched;
      }
      case 'unauthorised':
        return unauthorisedResult(decision.best, decision.clonedFirm, storedCandidates(report.candidates.slice(0, 3), [decision.best]), report);
      case 'ambiguous': {
        const candidates = storedCandidates(decision.candidates, decision.listings);
        return {
          outcome: 'ambiguous',
          message: `${candidates.length} possible ${candidates.length === 1 ? 'match' : 'matches'}: choose one, or none.${foldedNote(report)}`,
          candidates,
          requestCount: 0,
        };
      }
      default:
        return {
          outcome: 'not-found',
          message: `No register entry is close enough to "${query}" (searched the register for ${report.queries.map((q) => `"${q}"`).join(', ') || 'nothing: the name has no words to search'}).`,
          candidates: storedCandidates(report.candidates.slice(0, 5), []),
          requestCount: 0,
        };
    }

    /** A name given beside a reference: does it fit the record? */
    async function checkNameAgainstRecord(
      kind: EntityKind,
      ref: string,
      givenName: string,
      byRef: RowResult,
      record: M.Firm | M.Individual | M.Fund | undefined,
      fundName: string | undefined,
    ): Promise<RowResult> {
      const person = kind === 'individual';
      const given = foldName(givenName, { person });
      const recordName = byRef.matchedName ?? undefined;
      if (record) {
        const names: Array<{ name: string; on: string }> = [];
        if (kind === 'firm') names.push({ name: (record as M.Firm).name ?? '', on: 'its name' });
        if (kind === 'individual') {
          const p = record as M.Individual;
          names.push({ name: p.fullName ?? '', on: 'its name' });
          if (p.commonlyUsedName && p.fullName) names.push({ name: `${p.commonlyUsedName} ${p.fullName.split(' ').slice(-1)[0]}`, on: 'the name commonly used' });
        }
        if (kind === 'fund' && fundName) names.push({ name: fundName, on: 'its name' });
        const bestFit = (list: Array<{ name: string; on: string }>) =>
          list
            .filter((n) => n.name)
            .map((n) => ({ ...n, score: compareNames(given, foldName(n.name, { person }), { person }).score }))
            .sort((a, b) => b.score - a.score)[0];
        let fit = bestFit(names);
        // Not the record's own name exactly: its trading and previous names may be what was meant.
        if ((!fit || fit.score < 100) && kind === 'firm') {
          const other = guard(await client.allPages(client.firmNames, [ref], { priority: 'idle', maxPages: 3 }));
          if (other.kind === 'ok') {
            const more = firmOtherNames(other.data);
            fit = bestFit([...names, ...more.current.map((name) => ({ name, on: 'a trading name' })), ...more.previous.map((name) => ({ name, on: 'a previous name' }))]);
          }
        }
        if ((!fit || fit.score < NAME_FITS) && kind === 'fund') {
          const other = guard(await client.fundNames(ref, call));
          if (other.kind === 'ok') fit = bestFit([...names, ...other.data.map((n) => ({ name: n.name ?? '', on: 'another name of the fund' }))]);
        }
        if (fit && fit.score >= NAME_FITS) {
          const agreement =
            fit.score >= 100 && fit.on === 'its name'
              ? null
              : `The name given, "${givenName}", agrees with ${fit.on}${fit.on === 'its name' ? '' : ` "${fit.name}"`}${fit.score < 100 ? ` (score ${fit.score})` : ''}.`;
          return { ...byRef, message: [byRef.message, agreement].filter(Boolean).join(' ') || null };
        }
      }
      // The name fits none of the record's names (or there is no record): what does it fit?
      const report = await findMatch({ name: givenName, entity: kind, postcode: readPostcode(row.postcode ?? undefined) }, port);
      const byName = report.candidates.filter((c) => !(c.kind === kind && c.ref === ref));
      const refCandidate: StoredCandidate[] = record
        ? [
            {
              kind,
              ref,
              name: recordName ?? `${REF_WORD[kind]} ${ref}`,
              status: byRef.fields?.['Status'],
              score: compareNames(given, foldName(recordName ?? '', { person }), { person }).score,
              matchedOn: 'reference',
              reasons: [`the ${REF_WORD[kind]} given`, `its name does not fit "${givenName}"`],
              ...(byRef.standing ? { standing: { level: byRef.standing.level, label: byRef.standing.label } } : {}),
            },
          ]
        : [];
      const candidates = [...refCandidate, ...storedCandidates(byName.slice(0, 4), report.listings.slice(0, 2))];
      const fits = report.decision.outcome === 'matched' ? report.decision.best : undefined;
      const fitsListing = report.decision.outcome === 'unauthorised' ? report.decision.best : undefined;
      const elsewhere = fits
        ? ` The name fits ${REF_WORD[fits.kind]} ${fits.ref}, ${fits.name}.`
        : fitsListing
          ? ` The name fits "${fitsListing.listedName}", an entry the register lists as unauthorised.`
          : byName.length > 0
            ? ' It is close to other register entries, listed to choose from.'
            : ' No other register entry fits it either.';
      // No record for the reference, and the name fits nothing well enough to offer: not found, said of both.
      if (!record && (candidates.length === 0 || report.decision.outcome === 'not-found')) {
        return { ...byRef, message: `${byRef.message ?? ''} The name given, "${givenName}", fits no register entry either.`.trim() };
      }
      return {
        ...byRef,
        outcome: 'mismatch',
        message: `${record ? `The name given, "${givenName}", does not match ${REF_WORD[kind]} ${ref} (${recordName ?? 'no name on the record'}).` : `${byRef.message ?? ''} A name was given too: "${givenName}".`}${elsewhere} Choose which is meant.`,
        candidates,
      };
    }
  }
}

/** The matcher's candidates (with records) and unauthorised entries, as a bulk row keeps them. */
export function storedCandidates(candidates: Candidate[], listings: ListingCandidate[]): StoredCandidate[] {
  return [
    ...candidates.map((c) => {
      const standing = listingStanding({ entity: c.kind, status: c.status, referenceNumber: c.ref, linkable: true, unauthorised: false, extra: {} });
      return {
        kind: c.kind,
        ref: c.ref,
        name: c.name,
        ...(c.status ? { status: c.status } : {}),
        ...(c.postcode ? { postcode: c.postcode } : {}),
        score: c.score,
        matchedOn: c.matchedOn,
        ...(c.otherName ? { otherName: c.otherName } : {}),
        reasons: c.reasons,
        standing: { level: standing.level, label: standing.label },
      };
    }),
    ...listings.map((l): StoredCandidate => ({
      kind: 'firm',
      ref: '',
      name: l.name,
      ...(l.status ? { status: l.status } : {}),
      score: l.score,
      matchedOn: 'current',
      reasons: l.reasons,
      listing: {
        listedName: l.listedName,
        ...(l.status ? { status: l.status } : {}),
        ...(l.type ? { type: l.type } : {}),
        clone: l.clone,
        ...(l.cloneOf ? { cloneOf: l.cloneOf } : {}),
      },
      standing: { level: 'stop', label: l.clone ? 'Clone firm' : 'Unauthorised firm' },
    })),
  ];
}

/** What a row answered by an unauthorised or clone entry records. */
export function unauthorisedResult(listing: ListingCandidate, clonedFirm: Candidate | undefined, candidates: StoredCandidate[], report?: MatchReport): RowResult {
  const reason = unauthorisedRule(
    { listedName: listing.listedName, name: listing.name, status: listing.status, type: listing.type },
    clonedFirm ? { ref: clonedFirm.ref, name: clonedFirm.name } : undefined,
  );
  const standing = combine([reason], 'Unauthorised', ["the register's search listing"]);
  return {
    outcome: 'unauthorised',
    matchedKind: null,
    matchedRef: null,
    matchedName: listing.listedName,
    score: listing.score,
    candidates,
    fields: { Name: listing.listedName, ...(listing.status ? { Status: listing.status } : {}), ...(listing.type ? { 'Business type': listing.type } : {}) },
    standing,
    // The reasons are the standing's (on the page and in the downloads' reasons column); the note says which entry.
    message: `The name is "${listing.listedName}", an entry the register lists without a record (${listing.clone ? 'a clone' : 'unauthorised'}).${report ? foldedNote(report) : ''}`,
    requestCount: 0,
  };
}

function howMatched(report: MatchReport, best: Candidate): string | undefined {
  const parts: string[] = [];
  if (best.matchedOn === 'trading') parts.push(`Matched on its trading name "${best.otherName}".`);
  if (best.matchedOn === 'previous') parts.push(`Matched on a previous name, "${best.otherName}": the firm no longer uses it.`);
  if (best.spelling) parts.push(`Matched although the ${best.reasons.find((r) => r.startsWith('spelling differs')) ?? 'spelling differs'}.`);
  const form = best.reasons.find((r) => r.startsWith('legal form differs'));
  if (form) parts.push(`The ${form}.`);
  if (best.reasons.includes('middle names not given')) parts.push('Matched without the middle names.');
  const postcode = best.reasons.find((r) => /postcode/.test(r) && !/no postcode/.test(r));
  if (postcode) parts.push(`${postcode[0].toUpperCase()}${postcode.slice(1)}.`);
  const note = foldedNote(report).trim();
  if (note) parts.push(note);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** " The name was read as "castlegate securities" (legal forms read alike)." when folding changed it. */
function foldedNote(report: MatchReport): string {
  if (report.folded.notes.length === 0 || report.queries.length === 0) return '';
  return ` Searched as "${report.queries[0]}" (${report.folded.notes.join(', ')}).`;
}
