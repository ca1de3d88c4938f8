import type { Metadata } from 'next';
import { DataTable } from '@/components/tables/data-table';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { BulkProgress } from '@/components/bulk/bulk-progress';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import { StandingBadge } from '@/components/standing/standing-badge';
import { inReview, pageColumns, resultRows, REVIEW_FILTERS, rowLevel, rowMessage, type ResultColumn, type ResultRow, type ReviewFilter } from '@/lib/bulk/bulk-results';
import { bulkService, BULK_NOTICES, checkBulkId, isBulkNotice, mayActOnBulkJob } from '@/lib/bulk/bulk-service';
import { bulkStore } from '@/lib/bulk/bulk-store';
import { FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';
import { formatDateTime } from '@/lib/format/date';
import { bulkApiPath, bulkPath, entityPath, withQuery } from '@/lib/routes/portal-paths';
import { Button, ButtonAnchor } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { TextAnchor, TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Bulk check results' };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Rows shown on the page; the downloads hold every row. */
const SHOWN = 2000;

const OUTCOME_STYLE: Record<string, string> = {
  Matched: 'border-green-700 text-green-900',
  'Unauthorised or clone': 'border-red-700 text-red-900',
  'Name does not match reference': 'border-amber-600 text-amber-900',
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

const REF_WORD = { firm: 'FRN', individual: 'IRN', fund: 'PRN' } as const;

/**
 * The choice a row waits for, under the row across the whole table (readable at 1280 px): each
 * candidate with its number, its standing from the register's listing, status, postcode, score and
 * why; unauthorised and clone entries among them; or none. After a choice the page comes back at
 * the next row waiting, so rows are reviewed one after another.
 */
function Candidates({ r, action, show, nextRow }: { r: ResultRow; action: string; show?: ReviewFilter; nextRow?: number }) {
  const legend = r.row.outcome === 'mismatch' ? `Which entry is row ${r.row.rowNo}: the reference given, or the one its name fits?` : `Which entry is row ${r.row.rowNo}?`;
  return (
    <form method="post" action={action} className="space-y-2" data-testid="candidates">
      {show ? <input type="hidden" name="show" value={show} /> : null}
      <fieldset>
        <legend className="text-sm font-semibold">{legend}</legend>
        <ul className="mt-1 grid gap-1 md:grid-cols-2">
          {r.row.candidates.map((c, i) => (
            <li key={c.listing ? `listing:${i}` : `${c.kind}:${c.ref}`}>
              <label className="flex items-start gap-2 rounded border border-slate-200 p-2 text-sm hover:bg-slate-50">
                <input type="radio" name="choice" value={c.listing ? `listing:${i}` : `${c.kind}:${c.ref}`} required className="mt-1" />
                <span className="min-w-0 space-y-0.5">
                  <span className="block font-medium break-words">
                    {c.listing ? c.listing.listedName : c.name}
                    {c.listing ? null : (
                      <span className="font-mono text-xs font-normal">
                        {' '}
                        {REF_WORD[c.kind]} {c.ref}
                      </span>
                    )}
                    {c.matchedOn === 'reference' ? <span className="font-normal"> (the reference given)</span> : null}
                  </span>
                  <span className="flex flex-wrap items-center gap-1 text-xs text-slate-700">
                    {c.standing ? <StandingBadge standing={c.standing} /> : null}
                    {c.status ? <span>{c.status}</span> : null}
                    {c.postcode ? <span>· {c.postcode}</span> : null}
                    <span>· score {c.score}</span>
                  </span>
                  {c.reasons.length > 0 ? <span className="block text-xs text-slate-700">{c.reasons.join('; ')}</span> : null}
                </span>
              </label>
            </li>
          ))}
          <li>
            <label className="flex items-center gap-2 rounded border border-slate-200 p-2 text-sm hover:bg-slate-50">
              <input type="radio" name="choice" value="none" required />
              None of these
            </label>
          </li>
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" size="sm">
          Record choice for row {r.row.rowNo}
        </Button>
        {nextRow ? (
          <TextAnchor href={`#row-${nextRow}`} className="text-sm">
            Skip to the next row waiting (row {nextRow})
          </TextAnchor>
        ) : null}
      </div>
    </form>
  );
}

function RowStanding({ r }: { r: ResultRow }) {
  const level = rowLevel(r);
  const standing = r.result.standing;
  if (!level || !standing) return null;
  return (
    <div className="space-y-1">
      <StandingBadge standing={standing} />
      {standing.reasons.length > 0 ? (
        <ul className="list-disc pl-4 text-xs text-slate-800">
          {standing.reasons.map((reason, i) => (
            <li key={`${reason.code}-${i}`}>{reason.text}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * One cell of the results table: the column's text, or for the few columns the page shows richer,
 * a badge (outcome, standing), a link (match), the time and source (retrieved) or the notes. Every
 * other column (the person's own, the fetched fields, any added to lib/bulk/bulk-results.ts) is its
 * text. The candidate chooser of a row waiting for a person is a row of its own under it.
 */
/** Each result column's cell classes (the DataTable puts them on the cell). */
const RESULT_CELL_CLASS: Record<string, string> = {
  input: 'max-w-xs font-mono break-words',
  standing: 'min-w-48',
  notes: 'max-w-md',
};

function ResultCell({ column, r }: { column: ResultColumn; r: ResultRow }) {
  switch (column.id) {
    case 'input':
      return <>{r.row.input || '(empty)'}</>;
    case 'outcome':
      return (
        <span data-testid="outcome">
          <Outcome r={r} />
        </span>
      );
    case 'standing':
      return (
        <div data-testid="standing-cell">
          <RowStanding r={r} />
        </div>
      );
    case 'match':
      return (
        <>
          {r.result.matchedRef && r.result.matchedKind && r.result.outcome === 'matched' ? (
            <TextLink href={entityPath(r.result.matchedKind, r.result.matchedRef)}>
              {r.result.matchedName ?? r.result.matchedRef} ({r.result.matchedRef})
            </TextLink>
          ) : r.result.outcome === 'unauthorised' ? (
            <span className="font-medium">{r.result.matchedName}</span>
          ) : null}
          {(r.result.outcome === 'matched' || r.result.outcome === 'unauthorised') && r.result.score !== null && (r.result.inputKind === 'name' || r.result.resolvedBy) ? (
            <span className="block text-xs text-slate-600">score {r.result.score}</span>
          ) : null}
        </>
      );
    case 'retrieved':
      return r.result.retrievedAt ? (
        <>
          {formatDateTime(r.result.retrievedAt)}
          <span className="block text-xs text-slate-600">{r.result.provenanceSource === 'cache' ? 'from the cache' : 'live'}</span>
        </>
      ) : null;
    case 'notes':
      return <>{rowMessage(r)}</>;
    default: {
      const value = column.value(r);
      return <>{value === null || value === undefined ? '' : String(value)}</>;
    }
  }
}

/** /bulk/[id]: a bulk check's progress, actions and results, one row per input row in input order. */
export default async function BulkJobPage({ params, searchParams }: Props) {
  const user = await requireRole('analyst');
  const id = checkBulkId((await params).id);
  if (!id) notFound();
  const job = await bulkStore.getBulkJob(id);
  if (!job) notFound();
  const [rows, watchlists, progress] = await Promise.all([bulkStore.listBulkRows(id), bulkStore.listWatchlistChoices(), bulkService.progressBody(job)]);
  await recordAudit({ action: 'bulk.view', user, reference: id });
  const query = await searchParams;
  const notice = typeof query.notice === 'string' && isBulkNotice(query.notice) ? BULK_NOTICES[query.notice] : undefined;
  const table = resultRows(job, rows);
  const show = typeof query.show === 'string' && Object.hasOwn(REVIEW_FILTERS, query.show) ? (query.show as ReviewFilter) : undefined;
  const counts = Object.fromEntries((Object.keys(REVIEW_FILTERS) as ReviewFilter[]).map((f) => [f, table.filter((r) => inReview(r, f)).length])) as Record<ReviewFilter, number>;
  const shown = show ? table.filter((r) => inReview(r, show)) : table;
  const waiting = table.filter((r) => r.row.duplicateOf === null && (r.row.outcome === 'ambiguous' || r.row.outcome === 'mismatch')).map((r) => r.row.rowNo);
  const nextWaiting = (rowNo: number) => waiting.find((n) => n > rowNo);
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
      <PageHeader
        caption={<TextLink href={bulkPath()}>Bulk checks</TextLink>}
        title={`Bulk check of ${job.rowCount.toLocaleString('en-GB')} rows`}
        description={
          <>
            Started {formatDateTime(job.createdAt)} by {job.createdByEmail} from {job.filename ?? (job.source === 'paste' ? 'pasted rows' : job.source)}; fetching {fetched}.
            Results are kept until {formatDateTime(job.expiresAt)}.
          </>
        }
      >
        {job.inputLayout && (
          <p className="text-sm text-slate-700" data-testid="bulk-read-as">
            Read {job.inputLayout.sheet ? `from the sheet "${job.inputLayout.sheet}", ` : ''}
            {job.inputLayout.headerRow !== null ? `with the column names in row ${job.inputLayout.headerRow}` : 'without a header row'}
            {job.inputLayout.columns.length > 0 ? `: ${job.inputLayout.columns.map((c) => `${c.role} in column ${c.column}${c.header ? ` ("${c.header}")` : ''}`).join(', ')}` : ''}
            {job.userColumns.length > 0 ? `; your own columns kept: ${job.userColumns.join(', ')}` : ''}.
          </p>
        )}
      </PageHeader>
      {notice && (
        <p role="status" className="rounded border border-brand-100 bg-brand-50 p-2 text-sm text-brand-800">
          {notice}
        </p>
      )}
      {progress && <BulkProgress url={bulkApiPath(id)} initial={progress} />}
      <section aria-labelledby="bulk-actions-heading" className="flex flex-wrap items-end gap-4 text-sm">
        <h2 id="bulk-actions-heading" className="sr-only">
          Actions
        </h2>
        <ButtonAnchor href={bulkApiPath(id, 'download', 'csv')}>Download CSV</ButtonAnchor>
        <ButtonAnchor href={bulkApiPath(id, 'download', 'xlsx')}>Download XLSX</ButtonAnchor>
        {!mayAct && <p className="basis-full text-slate-700">{BULK_NOTICES['not-owner']}</p>}
        {mayAct && job.state === 'running' && (
          <form method="post" action={bulkApiPath(id, 'cancel')}>
            <Button type="submit" variant="danger">
              Cancel bulk check
            </Button>
          </form>
        )}
        {mayAct && job.state !== 'running' && retryable && (
          <form method="post" action={bulkApiPath(id, 'retry')}>
            <Button type="submit">Retry failed rows</Button>
          </form>
        )}
        {!mayAct ? null : watchlists.length > 0 ? (
          <form method="post" action={bulkApiPath(id, 'watchlist')} className="flex max-w-full flex-wrap items-end gap-2">
            <Field id="bulk-watchlist" label="Watchlist" className="max-w-full min-w-0">
              <Select name="watchlist" required className="max-w-full">
                {watchlists.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button type="submit">Add matched rows to watchlist</Button>
          </form>
        ) : (
          <p className="text-slate-700">No watchlist exists yet: create one to add the matched rows to it.</p>
        )}
      </section>
      <section aria-labelledby="bulk-results-heading" className="space-y-3">
        <h2 id="bulk-results-heading" className="text-lg font-semibold">
          Results
        </h2>
        <nav aria-label="Show rows" data-testid="review-filters">
          <ul className="flex flex-wrap gap-2 text-sm">
            <li>
              <Link
                href={bulkPath(id)}
                aria-current={show ? undefined : 'page'}
                className={`inline-block rounded border px-3 py-1 ${show ? 'border-slate-400 text-brand-800 underline' : 'border-slate-900 bg-slate-900 font-semibold text-white'}`}
              >
                All rows ({table.length.toLocaleString('en-GB')})
              </Link>
            </li>
            {(Object.keys(REVIEW_FILTERS) as ReviewFilter[]).map((f) => (
              <li key={f}>
                <Link
                  href={withQuery(bulkPath(id), { show: f })}
                  aria-current={show === f ? 'page' : undefined}
                  data-testid={`review-${f}`}
                  className={`inline-block rounded border px-3 py-1 ${show === f ? 'border-slate-900 bg-slate-900 font-semibold text-white' : 'border-slate-400 text-brand-800 underline'}`}
                >
                  {REVIEW_FILTERS[f]} ({counts[f].toLocaleString('en-GB')})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <DataTable
          id="bulk-results-table"
          testId="bulk-results"
          caption={
            <span className="text-sm font-normal text-slate-700">
              {show
                ? `${REVIEW_FILTERS[show]}: ${shown.length.toLocaleString('en-GB')} of ${table.length.toLocaleString('en-GB')} rows, in input order`
                : 'One row per input row, in input order'}
              {shown.length > SHOWN ? ` (the first ${SHOWN.toLocaleString('en-GB')}; the downloads hold all ${shown.length.toLocaleString('en-GB')})` : ''}.
            </span>
          }
          filterable={false}
          rows={shown.slice(0, SHOWN)}
          rowKey={(r) => String(r.row.rowNo)}
          rowProps={(r) => ({ id: `row-${r.row.rowNo}`, 'data-row': String(r.row.rowNo) })}
          columns={columns.map((c) => ({ header: c.header, cell: (r: ResultRow) => <ResultCell column={c} r={r} />, className: RESULT_CELL_CLASS[c.id] }))}
          // Only the check's owner or an administrator is offered the choice (the handler refuses others too).
          afterRow={(r) =>
            mayAct && r.row.duplicateOf === null && (r.row.outcome === 'ambiguous' || r.row.outcome === 'mismatch') ? (
              <Candidates r={r} action={bulkApiPath(id, `rows/${r.row.rowNo}`)} show={show} nextRow={nextWaiting(r.row.rowNo)} />
            ) : null
          }
        />
      </section>
    </div>
  );
}
