import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { BulkProgress } from '@/components/bulk/bulk-progress';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import { pageColumns, resultRows, rowMessage, type ResultColumn, type ResultRow } from '@/lib/bulk/bulk-results';
import { BULK_NOTICES, checkBulkId, isBulkNotice, mayActOnBulkJob, progressBody } from '@/lib/bulk/bulk-service';
import { getDb } from '@/lib/db/client';
import { getBulkJob, listBulkRows, listWatchlistChoices } from '@/lib/db/queries/bulk';
import { FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';
import { formatDateTime } from '@/lib/format/date';
import { bulkApiPath, bulkPath, entityPath } from '@/lib/routes/portal-paths';

export const metadata: Metadata = { title: 'Bulk check results' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Rows shown on the page; the downloads hold every row. */
const SHOWN = 2000;

const OUTCOME_STYLE: Record<string, string> = {
  Matched: 'border-green-700 text-green-900',
  'Not found': 'border-slate-500 text-slate-800',
  'Invalid input': 'border-red-700 text-red-900',
  Ambiguous: 'border-amber-600 text-amber-900',
  'Register error': 'border-red-700 text-red-900',
};

function Outcome({ r }: { r: ResultRow }) {
  return (
    <span className={`inline-block rounded border px-1.5 text-xs font-semibold ${OUTCOME_STYLE[r.outcome] ?? 'border-slate-400 text-slate-700'}`}>
      {r.outcome}
      {r.result.outcome === 'register-error' ? (r.result.retryable ? ' (retryable)' : ' (not retryable)') : ''}
    </span>
  );
}

function Candidates({ r, action }: { r: ResultRow; action: string }) {
  const legend = `Which entry is row ${r.row.rowNo}?`;
  return (
    <form method="post" action={action} className="mt-1 space-y-1">
      <fieldset>
        <legend className="text-xs font-medium">{legend}</legend>
        {r.row.candidates.map((c) => (
          <label key={`${c.kind}:${c.ref}`} className="flex items-start gap-2 text-xs">
            <input type="radio" name="choice" value={`${c.kind}:${c.ref}`} required />
            <span>
              {c.name} ({c.kind === 'firm' ? 'FRN' : c.kind === 'individual' ? 'IRN' : 'PRN'} {c.ref}
              {c.status ? `, ${c.status}` : ''}
              {c.postcode ? `, ${c.postcode}` : ''}) — score {c.score} ({c.reasons.join(', ')})
            </span>
          </label>
        ))}
        <label className="flex items-center gap-2 text-xs">
          <input type="radio" name="choice" value="none" required />
          None of these
        </label>
      </fieldset>
      <button type="submit" className="rounded bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white hover:bg-blue-800 focus:outline-none focus:ring-2 focus:ring-blue-700">
        Record choice for row {r.row.rowNo}
      </button>
    </form>
  );
}

/**
 * One cell of the results table: the column's text, or for the few columns the page shows richer,
 * a badge (outcome), a link (match), the time and source (retrieved) or the notes with the
 * candidate chooser. Every other column (the person's own, the fetched fields, any added to
 * lib/bulk/bulk-results.ts) is its text. `action` is where a choice for an ambiguous row is sent;
 * undefined when this person may not act on the check (it is another analyst's).
 */
function ResultCell({ column, r, action }: { column: ResultColumn; r: ResultRow; action: string | undefined }) {
  switch (column.id) {
    case 'input':
      return <td className="max-w-xs break-words py-1 pr-3 font-mono">{r.row.input || '(empty)'}</td>;
    case 'outcome':
      return (
        <td className="py-1 pr-3" data-testid="outcome">
          <Outcome r={r} />
        </td>
      );
    case 'match':
      return (
        <td className="py-1 pr-3">
          {r.result.matchedRef && r.result.matchedKind && r.result.outcome === 'matched' ? (
            <Link href={entityPath(r.result.matchedKind, r.result.matchedRef)} className="text-blue-800 underline">
              {r.result.matchedName ?? r.result.matchedRef} ({r.result.matchedRef})
            </Link>
          ) : null}
          {r.result.inputKind === 'name' && r.result.outcome === 'matched' && r.result.score !== null ? (
            <span className="block text-xs text-slate-600">score {r.result.score}</span>
          ) : null}
        </td>
      );
    case 'retrieved':
      return (
        <td className="py-1 pr-3">
          {r.result.retrievedAt ? (
            <>
              {formatDateTime(r.result.retrievedAt)}
              <span className="block text-xs text-slate-600">{r.result.provenanceSource === 'cache' ? 'from the cache' : 'live'}</span>
            </>
          ) : null}
        </td>
      );
    case 'notes':
      return (
        <td className="max-w-md py-1">
          {rowMessage(r)}
          {r.row.duplicateOf === null && r.row.outcome === 'ambiguous' && action ? <Candidates r={r} action={action} /> : null}
        </td>
      );
    default: {
      const value = column.value(r);
      return <td className="max-w-sm break-words py-1 pr-3">{value === null || value === undefined ? '' : String(value)}</td>;
    }
  }
}

/** /bulk/[id]: a bulk check's progress, actions and results, one row per input row in input order. */
export default async function BulkJobPage({ params, searchParams }: Props) {
  const user = await requireRole('analyst');
  const id = checkBulkId((await params).id);
  if (!id) notFound();
  const db = await getDb();
  const job = await getBulkJob(db, id);
  if (!job) notFound();
  const [rows, watchlists, progress] = await Promise.all([listBulkRows(db, id), listWatchlistChoices(db), progressBody(db, job)]);
  await recordAudit({ action: 'bulk.view', user, reference: id });
  const query = await searchParams;
  const notice = typeof query.notice === 'string' && isBulkNotice(query.notice) ? BULK_NOTICES[query.notice] : undefined;
  const table = resultRows(job, rows);
  const columns = pageColumns(job, rows);
  // Every analyst reads; only its owner or an administrator acts (the handlers refuse others too).
  const mayAct = mayActOnBulkJob(user, job);
  const retryable = rows.some((r) => r.duplicateOf === null && (r.outcome === 'register-error' || (r.outcome === null && r.inputKind !== 'invalid')));
  const fetched =
    job.mode === 'status'
      ? 'status only'
      : `status and ${job.sections
          .filter(isFirmSectionSlug)
          .map((s) => FIRM_SECTIONS[s].title.toLowerCase())
          .join(', ')}`;

  return (
    <div className="space-y-6">
      <div>
        <p className="text-sm">
          <Link href={bulkPath()} className="text-blue-800 underline">
            Bulk checks
          </Link>
        </p>
        <h1 className="text-2xl font-bold tracking-tight">Bulk check of {job.rowCount.toLocaleString('en-GB')} rows</h1>
        <p className="mt-1 text-sm text-slate-700">
          Started {formatDateTime(job.createdAt)} by {job.createdByEmail} from {job.filename ?? (job.source === 'paste' ? 'pasted rows' : job.source)}; fetching {fetched}. Results
          are kept until {formatDateTime(job.expiresAt)}.
        </p>
        {job.inputLayout && (
          <p className="mt-1 text-sm text-slate-700" data-testid="bulk-read-as">
            Read {job.inputLayout.sheet ? `from the sheet "${job.inputLayout.sheet}", ` : ''}
            {job.inputLayout.headerRow !== null ? `with the column names in row ${job.inputLayout.headerRow}` : 'without a header row'}
            {job.inputLayout.columns.length > 0 ? `: ${job.inputLayout.columns.map((c) => `${c.role} in column ${c.column}${c.header ? ` ("${c.header}")` : ''}`).join(', ')}` : ''}
            {job.userColumns.length > 0 ? `; your own columns kept: ${job.userColumns.join(', ')}` : ''}.
          </p>
        )}
      </div>
      {notice && (
        <p role="status" className="rounded border border-blue-300 bg-blue-50 p-2 text-sm text-blue-950">
          {notice}
        </p>
      )}
      {progress && <BulkProgress url={bulkApiPath(id)} initial={progress} />}
      <section aria-labelledby="bulk-actions-heading" className="flex flex-wrap items-end gap-4 text-sm">
        <h2 id="bulk-actions-heading" className="sr-only">
          Actions
        </h2>
        <a href={bulkApiPath(id, 'download', 'csv')} className="rounded border border-slate-400 px-3 py-1.5 font-medium text-blue-900 underline">
          Download CSV
        </a>
        <a href={bulkApiPath(id, 'download', 'xlsx')} className="rounded border border-slate-400 px-3 py-1.5 font-medium text-blue-900 underline">
          Download XLSX
        </a>
        {!mayAct && <p className="basis-full text-slate-700">{BULK_NOTICES['not-owner']}</p>}
        {mayAct && job.state === 'running' && (
          <form method="post" action={bulkApiPath(id, 'cancel')}>
            <button type="submit" className="rounded border border-red-700 px-3 py-1.5 font-medium text-red-900 hover:bg-red-50">
              Cancel bulk check
            </button>
          </form>
        )}
        {mayAct && job.state !== 'running' && retryable && (
          <form method="post" action={bulkApiPath(id, 'retry')}>
            <button type="submit" className="rounded border border-slate-500 px-3 py-1.5 font-medium hover:bg-slate-50">
              Retry failed rows
            </button>
          </form>
        )}
        {!mayAct ? null : watchlists.length > 0 ? (
          <form method="post" action={bulkApiPath(id, 'watchlist')} className="flex items-end gap-2">
            <div>
              <label htmlFor="bulk-watchlist" className="block font-medium">
                Watchlist
              </label>
              <select id="bulk-watchlist" name="watchlist" required className="mt-1 rounded border border-slate-400 px-2 py-1">
                {watchlists.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="rounded border border-slate-500 px-3 py-1.5 font-medium hover:bg-slate-50">
              Add matched rows to watchlist
            </button>
          </form>
        ) : (
          <p className="text-slate-700">No watchlist exists yet: create one to add the matched rows to it.</p>
        )}
      </section>
      <section aria-labelledby="bulk-results-heading">
        <h2 id="bulk-results-heading" className="text-lg font-semibold">
          Results
        </h2>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse text-left text-sm" data-testid="bulk-results">
            <caption className="text-left text-sm text-slate-700">
              One row per input row, in input order
              {rows.length > SHOWN ? ` (the first ${SHOWN.toLocaleString('en-GB')}; the downloads hold all ${rows.length.toLocaleString('en-GB')})` : ''}.
            </caption>
            <thead>
              <tr className="border-b border-slate-300 align-bottom">
                {columns.map((c) => (
                  <th key={c.id} scope="col" className="py-1 pr-3">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.slice(0, SHOWN).map((r) => (
                <tr key={r.row.rowNo} className="border-b border-slate-200 align-top" data-row={r.row.rowNo}>
                  {columns.map((c) => (
                    <ResultCell key={c.id} column={c} r={r} action={mayAct ? bulkApiPath(id, `rows/${r.row.rowNo}`) : undefined} />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
