import type { ReactNode } from 'react';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { Pager } from '@/components/ui/pager';
import type { AllPagesOptions, AllPagesResult, RegisterResult } from '@/lib/register/result';
import { BadPageNotice } from './bad-page-notice';
import { ListModeBar } from './list-mode-bar';
import type { ListView } from '@/lib/page-data/list-view';
import { listHref } from '@/lib/routes/portal-paths';
import { pageFacts } from '@/lib/page-data/page-facts';
import { PastEndNotice } from './past-end-notice';
import { ShowAllWalk } from './show-all-walk';
import type { PortalPath } from '@/lib/routes/portal-paths';

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
   * (for one page) which page it is and what the register says of the whole list.
   */
  render: (data: T, scope: 'page' | 'all', where?: ListWhere) => ReactNode;
  /** Beside the page/show-all switch, e.g. a CSV download of the whole list. */
  actions?: ReactNode;
  /**
   * An impossible ?page=: the list's notice with the way back to its first page (the default),
   * or the reason alone in an alert, as the markets, fund and individual pages word it.
   */
  badPage?: 'notice' | 'reason';
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

  if (view.mode === 'bad') {
    return props.badPage === 'reason' ? <BadPageReason message={view.message} /> : <BadPageNotice message={view.message} firstPageHref={firstPageHref} />;
  }

  if (view.mode === 'all') {
    return (
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ListModeBar mode="all" firstPageHref={firstPageHref} allHref={allHref} unit={unit} />
          {props.actions}
        </div>
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

  const result = await props.fetchPage(view.page);
  if (result.kind === 'not-found' && view.page === 1) return <>{props.none}</>;
  if (result.kind === 'not-found') return <PastEndNotice page={view.page} firstPageHref={firstPageHref} />;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={props.failureWhat} />;

  const count = props.rows(result.data);
  const facts = pageFacts(result.page, { buckets: props.buckets, rowsOnPage: count });
  if (facts.pastEnd) return <PastEndNotice page={view.page} firstPageHref={firstPageHref} />;
  if (count === 0) return <>{props.none}</>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ListModeBar mode="page" firstPageHref={firstPageHref} allHref={allHref} facts={facts} totalCount={result.page.totalCount} unit={unit} />
        {props.actions}
      </div>
      {props.render(result.data, 'page', { page: facts.page, pages: facts.totalPages ?? facts.minTotalPages ?? facts.page, totalCount: result.page.totalCount })}
      <Pager
        basePath={basePath}
        params={props.params}
        page={facts.page}
        totalPages={facts.totalPages}
        hasNext={facts.hasNext}
        minTotalPages={facts.minTotalPages}
        label={label.charAt(0).toUpperCase() + label.slice(1)}
      />
      <ResultProvenance provenance={result.provenance} notice={result.notice} />
    </div>
  );
}
