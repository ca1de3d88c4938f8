import { enqueueJobs } from '@/lib/jobs/job-queue';
import type { Db } from '@/lib/db/schema';
import { sha256Hex } from '@/lib/db/queries/snapshots';
import type { AppointedRepresentative } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { WATCH_JOB_PRIORITY } from '@/lib/watch/cycles';
import { bookRows, createCheck, getCheck, latestBook, latestReading, recordReading, type FindingsApplied, type PrincipalCheck } from './principal-store';
import { reconcile, registerDateIso, shareNotOnRegister, type Finding, type RegisterArRow } from './reconcile';
import { bindStore } from '@/lib/db/bind-store';

/**
 * A principal's check: read its AR list on the register (every page, both buckets, past the
 * cache, at background priority, so people's pages go first), store the reading, reconcile it with
 * the principal's latest book, and record the findings (lib/principals/principal-store.ts). It runs
 * as a job on the portal's one queue (lib/jobs), started by "Check now", the API, or the nightly
 * schedule (principal-nightly.ts); its progress is the check's row, served at
 * GET /api/watch/cycles/{id} like a watch cycle's.
 */

export const PRINCIPAL_CHECK_JOB = 'principal-check';
/** The watch checks' priority on the queue: background work behind bulk rows and notifications' turn as the watch's. */
export const PRINCIPAL_CHECK_PRIORITY = WATCH_JOB_PRIORITY;
export const PRINCIPAL_CHECK_ATTEMPTS = 5;
/** The most pages of an AR list read (10 + 10 rows a page: 6,000 ARs a bucket). */
export const MAX_AR_PAGES = 600;

export interface PrincipalCheckPayload {
  checkId: string;
  frn: string;
}

/** Records a check and enqueues its job; a nightly key already used returns that night's check. */
export async function startPrincipalCheck(
  db: Db,
  input: { frn: string; trigger: 'manual' | 'nightly'; requestedBy: string; nightlyKey?: string; now?: number },
): Promise<{ checkId: string; created: boolean }> {
  const started = await createCheck(db, input);
  if (!started.created) return started;
  await enqueueJobs(
    db,
    [
      {
        kind: PRINCIPAL_CHECK_JOB,
        group: started.checkId,
        dedupeKey: `principal-check:${started.checkId}`,
        priority: PRINCIPAL_CHECK_PRIORITY,
        maxAttempts: PRINCIPAL_CHECK_ATTEMPTS,
        payload: { checkId: started.checkId, frn: input.frn } satisfies PrincipalCheckPayload,
      },
    ],
    input.now,
  );
  return started;
}

/** One register AR row as a reading keeps it. */
export function readingRow(r: AppointedRepresentative, bucket: 'current' | 'previous'): RegisterArRow | null {
  if (!r.frn) return null;
  return {
    arFrn: r.frn,
    name: r.name ?? '',
    bucket,
    subType: r.recordSubType ?? null,
    effective: registerDateIso(r.effectiveDate),
    termination: bucket === 'previous' ? registerDateIso(r.terminationDate) : null,
    tiedAgent: r.tiedAgent ?? null,
    eeaTiedAgent: r.eeaTiedAgent ?? null,
  };
}

/** Rows in a stable order, so the same list always hashes the same. */
function canonicalRows(rows: RegisterArRow[]): RegisterArRow[] {
  const key = (r: RegisterArRow) => `${r.bucket}|${r.arFrn}|${r.effective ?? ''}|${r.termination ?? ''}`;
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

export type CheckRun = { outcome: 'recorded'; applied: FindingsApplied; findings: Finding[]; requests: number } | { outcome: 'retry'; error: string; retryAfterMs?: number };

/** Runs one check: the reading, the reconciliation and the record. */
export async function runPrincipalCheck(deps: { db: Db; client: RegisterClient; now?: () => number }, payload: PrincipalCheckPayload): Promise<CheckRun> {
  const { db, client } = deps;
  const firm = await client.firm(payload.frn, { priority: 'background', refresh: true });
  let requests = 1;
  if (firm.kind !== 'ok' && firm.kind !== 'not-found') {
    return {
      outcome: 'retry',
      error: `The register did not answer for firm ${payload.frn}: ${firm.message}`,
      retryAfterMs: firm.kind === 'rate-limited' ? firm.retryAfterSeconds * 1000 : undefined,
    };
  }
  let rows: RegisterArRow[] = [];
  let pages = 0;
  if (firm.kind === 'ok') {
    // Progress for the widget every 10 pages (never over the final figures: only while the check is unfinished).
    const onProgress = ({ pagesFetched }: { pagesFetched: number }) => {
      if (pagesFetched % 10 !== 0) return;
      void db
        .updateTable('principal_checks')
        .set({ pages: pagesFetched, request_count: 1 + pagesFetched })
        .where('id', '=', payload.checkId)
        .where('finished_at', 'is', null)
        .execute()
        .catch(() => undefined);
    };
    const list = await client.allPages(client.firmAppointedRepresentatives, [payload.frn], { priority: 'background', refresh: true, maxPages: MAX_AR_PAGES, onProgress });
    if (list.kind !== 'ok') return { outcome: 'retry', error: `The register did not give ${payload.frn}'s AR list: ${list.message}` };
    if (list.truncated)
      return {
        outcome: 'retry',
        error: `The AR list of ${payload.frn} was not read to its end (${list.pagesFetched} pages${list.interruption ? `; ${list.interruption.kind}` : ''}).`,
      };
    pages = list.pagesFetched;
    requests += pages;
    rows = [...list.data.current.map((r) => readingRow(r, 'current')), ...list.data.previous.map((r) => readingRow(r, 'previous'))].filter((r): r is RegisterArRow => r !== null);
  }
  const registerState = firm.kind === 'not-found' ? 'not-found' : rows.length === 0 ? 'not-a-principal' : 'principal';
  const book = await latestBook(db, payload.frn);
  const ownRows = book ? await bookRows(db, book.id) : [];
  const findings = registerState === 'principal' && book ? reconcile(rows, ownRows) : [];
  let message: string | null = null;
  if (registerState === 'not-found') message = `There is no firm with FRN ${payload.frn} on the register. The book is kept; no findings are made.`;
  else if (registerState === 'not-a-principal')
    message = `FRN ${payload.frn} is not a principal on the register: its AR list is empty (current and previous). The book is kept; no findings are made until the register lists appointed representatives under it.`;
  else if (!book) message = 'No book has been uploaded yet: the reading is stored, and findings are made once a book is.';
  else {
    const share = shareNotOnRegister(rows, ownRows);
    if (share.total > 0 && share.notOnRegister * 2 > share.total)
      message = `${share.notOnRegister} of the book's ${share.total} ARs are not on the register under ${payload.frn}: is this the book of another principal?`;
  }
  const sorted = canonicalRows(rows);
  const canonical = JSON.stringify(sorted);
  const applied = await recordReading(
    db,
    payload.checkId,
    {
      registerState,
      principalName: firm.kind === 'ok' ? (firm.data.name ?? null) : null,
      rows: sorted,
      pages,
      requests,
      sha256: sha256Hex(canonical),
      canonical,
      book: book ? { id: book.id, rows: ownRows } : null,
      findings,
      message,
    },
    deps.now?.(),
  );
  return { outcome: 'recorded', applied, findings, requests };
}

/** A check's progress in the shape of GET /api/watch/cycles/{id}, plus what the check found. */
export async function principalCheckProgress(db: Db, checkId: string, backgroundRate: number) {
  const check: PrincipalCheck | null = await getCheck(db, checkId);
  if (!check) return null;
  const previous = await latestReading(db, check.principalFrn);
  // The last reading's cost; before any, at least the firm record and the AR list's first page.
  const estimatedRequests = previous && previous.check.id !== check.id ? previous.check.requestCount : check.finishedAt ? check.requestCount : Math.max(2, check.requestCount);
  const finished = check.finishedAt !== null;
  return {
    cycleId: check.id,
    kind: 'principal-check' as const,
    principalFrn: check.principalFrn,
    total: 1,
    done: check.outcome === 'ok' ? 1 : 0,
    failed: check.outcome === 'failed' ? 1 : 0,
    requestsSpent: check.requestCount,
    estimatedRequests,
    etaSeconds: finished ? 0 : Math.ceil(Math.max(0, estimatedRequests - check.requestCount) / Math.max(0.001, backgroundRate)),
    finished,
    outcome: check.outcome,
    message: check.message,
    findings: check.findingCount,
  };
}

/** Bound to the process's database, for the progress route. */
export const principalChecks = bindStore({ principalCheckProgress });
