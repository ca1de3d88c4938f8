import type { ReactNode } from 'react';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { Pager } from '@/components/ui/pager';
import type { AllPagesOptions, AllPagesResult, RegisterResult } from '@/lib/register/result';
import { BadPageNotice } from './bad-page-notice';
import { ListModeBar } from './list-mode-bar';
import type { ListView } from '@/lib/page-data/list-view';
import { listHref, withQuery } from '@/lib/routes/portal-paths';
import { pageFacts } from '@/lib/page-data/page-facts';
import { PastEndNotice } from './past-end-notice';
import { ShowAllWalk } from './show-all-walk';
import type { PortalPath } from '@/lib/routes/portal-paths';
import { findLastPage } from '@/lib/page-data/last-page';
import { ListFindForm } from './list-find-form';

export interface PagedRegisterListProps<T> {
  view: ListView;
  /** The list's own URL, without a query. */
  basePath: PortalPath;
  /** Query parameters every link of the list keeps (a search's q and type). */
  params?: Record<string, string>;
  /** What a row is, singular and plural. */
  unit: [string, string];
  /** What is listed, in words, for the pager and progress ("appointed representatives"). */
  label: string;
  /** For failure messages: "appointed representatives of FRN 700100". */
  failureWhat: string;
  /** Pages follow the larger of two buckets (AR, firm CF): the page count is only known once a bucket ends. */
  buckets?: boolean;
  fetchPage: (page: number) => Promise<RegisterResult<T>>;
  fetchAll: (onProgress: NonNullable<AllPagesOptions['onProgress']>) => Promise<AllPagesResult<T>>;
  rows: (data: T) => number;
  /** When the register has none (it answers "not found", or an empty first page). */
  none: ReactNode;
  /**
   * The rows; `scope` says whether they are one register page or the whole list, and `where`
   * (for one page) which page it is and what the register says of the whole list; `match` is the
   * rows of every page that match a find.
   */
  render: (data: T, scope: 'page' | 'all' | 'match', where?: ListWhere) => ReactNode;
  /** Beside the page/show-all switch, e.g. a CSV download of the whole list. */
  actions?: ReactNode;
  /**
   * An impossible ?page=: the list's notice with the way back to its first page (the default),
   * or the reason alone in an alert, as the markets, fund and individual pages word it.
   */
  badPage?: 'notice' | 'reason';
  /**
   * A search within the whole list (`?find=`): what a row is matched on, in words ("name or FRN"),
   * the list holding only the matching rows, and the walk of every page (at the person's priority).
   */
  find?: {
    hint: string;
    filter: (data: T, text: string) => T;
    fetchAll: (onProgress: NonNullable<AllPagesOptions['onProgress']>) => Promise<AllPagesResult<T>>;
  };
  /**
   * The rows' own heading or caption says the page's position and the count (search results, the
   * markets, sub-funds), so the bar above them says neither. Otherwise the bar says both, once, above
   * the rows (and on paper); the pager never repeats the position.
   */
  positionInRows?: boolean;
}

/** Where one page sits in the register's list, for a table caption ("45 sub-funds, page 3 of 3"). */
export interface ListWhere {
  page: number;
  /** The page count, or the least it can be when the register has not revealed it. */
  pages: number;
  /** Rows in the whole list, when the register says. */
  totalCount?: number;
}

/** The reason alone, in an alert (the wording of the lists that had it before they shared this machine). */
export function BadPageReason({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      {message}
    </p>
  );
}

/**
 * A register list that the register pages: one page at a time (`?page=N` is the register's pgnp,
 * with its page count), or every page with visible progress (`?all=1`). An impossible page number
 * is explained without asking the register; a page past the end says so.
 */
export async function PagedRegisterList<T>(props: PagedRegisterListProps<T>) {
  const { view, basePath, unit, label } = props;
  const firstPageHref = listHref(basePath, props.params);
  const allHref = listHref(basePath, props.params, { all: true });
  const findForm = (text?: string) =>
    props.find ? (
      <ListFindForm
        id={`find-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
        basePath={basePath}
        params={props.params}
        label={label}
        hint={props.find.hint}
        text={text}
        clearHref={firstPageHref}
      />
    ) : null;

  if (view.mode === 'bad') {
    return props.badPage === 'reason' ? <BadPageReason message={view.message} /> : <BadPageNotice message={view.message} firstPageHref={firstPageHref} />;
  }

  if (view.mode === 'find') {
    if (!props.find)
      return (
        <BadPageNotice
          message={`The ${label} cannot be searched within; only appointed representatives, individuals and controlled functions can.`}
          firstPageHref={firstPageHref}
        />
      );
    const { filter, fetchAll } = props.find;
    const text = view.text;
    return (
      <div className="space-y-3">
        {findForm(text)}
        <p className="text-sm text-slate-700">
          Finding “{text}” in every page of the register’s list of {label}. The matching rows follow once every page is read.
        </p>
        <ShowAllWalk
          start={fetchAll}
          label={label}
          unit={unit}
          rows={props.rows}
          none={props.none}
          failureWhat={props.failureWhat}
          retryHref={withQuery(basePath, { ...props.params, find: text })}
          render={(data) => {
            const found = filter(data, text);
            const matched = props.rows(found);
            const all = props.rows(data);
            return (
              <div className="space-y-3">
                <p role="status" className="rounded border border-slate-300 bg-slate-50 p-3 text-sm font-medium" data-testid="find-count">
                  {matched.toLocaleString('en-GB')} of {all.toLocaleString('en-GB')} {all === 1 ? 'row matches' : 'rows match'} “{text}”.
                  {matched < all ? ' Only the matching rows are shown below.' : ''}
                </p>
                {matched > 0 ? props.render(found, 'match') : null}
              </div>
            );
          }}
        />
      </div>
    );
  }

  if (view.mode === 'all') {
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ListModeBar mode="all" firstPageHref={firstPageHref} allHref={allHref} unit={unit} />
          {props.actions}
        </div>
        {findForm()}
        <ShowAllWalk
          start={props.fetchAll}
          label={label}
          unit={unit}
          rows={props.rows}
          none={props.none}
          failureWhat={props.failureWhat}
          retryHref={allHref}
          render={props.render}
        />
      </div>
    );
  }

  // The last page: its number from the first page, or found between the bounds the first page gives (two-bucket lists).
  const last = view.mode === 'last' ? await findLastPage(props.fetchPage, { buckets: props.buckets, rows: props.rows }) : undefined;
  const pageNumber = last ? last.page : view.mode === 'page' ? view.page : 1;
  const result = last ? last.result : await props.fetchPage(pageNumber);
  if (result.kind === 'not-found' && pageNumber === 1) return <>{props.none}</>;
  if (result.kind === 'not-found') return <PastEndNotice page={pageNumber} firstPageHref={firstPageHref} />;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={props.failureWhat} />;

  const count = props.rows(result.data);
  const seen = pageFacts(result.page, { buckets: props.buckets, rowsOnPage: count });
  // A last page found is the last, whatever a full bucket on it suggests.
  const facts = last && !seen.pastEnd ? { ...seen, totalPages: seen.page, minTotalPages: undefined, hasNext: false } : seen;
  if (facts.pastEnd) return <PastEndNotice page={pageNumber} firstPageHref={firstPageHref} />;
  if (count === 0) return <>{props.none}</>;
  const sayInBar = !props.positionInRows;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListModeBar mode="page" firstPageHref={firstPageHref} allHref={allHref} facts={facts} totalCount={result.page.totalCount} unit={unit} say={sayInBar} />
        {props.actions}
      </div>
      {findForm()}
      {props.render(result.data, 'page', { page: facts.page, pages: facts.totalPages ?? facts.minTotalPages ?? facts.page, totalCount: result.page.totalCount })}
      <Pager
        basePath={basePath}
        params={props.params}
        page={facts.page}
        totalPages={facts.totalPages}
        hasNext={facts.hasNext}
        minTotalPages={facts.minTotalPages}
        label={label.charAt(0).toUpperCase() + label.slice(1)}
        showPosition={false}
      />
      <ResultProvenance provenance={result.provenance} notice={result.notice} />
    </div>
  );
}
