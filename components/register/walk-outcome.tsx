import type { ReactNode } from 'react';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { ResultProvenance } from '@/components/register/result-provenance';
import { WarningCallout } from '@/components/ui/warning-callout';
import type { AllPagesResult } from '@/lib/register/result';
import type { PortalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

export interface WalkOutcomeProps<T> {
  result: AllPagesResult<T>;
  unit: [string, string];
  rows: (data: T) => number;
  /** Shown when the register has none at all. */
  none: ReactNode;
  /** What was being fetched, for failure messages ("appointed representatives of FRN 700100"). */
  failureWhat: string;
  /** The same list again (pages already fetched come from the cache). */
  retryHref: PortalPath;
  /** The rows; `scope` says whether they are one register page or the whole list. */
  render: (data: T, scope: 'page' | 'all') => ReactNode;
}

const n = (value: number) => value.toLocaleString('en-GB');

/** The end of a "show all" walk: the whole list, or as much as was fetched with a clear note of what is missing and why. */
export function WalkOutcome<T>({ result, unit, rows, none, failureWhat, retryHref, render }: WalkOutcomeProps<T>) {
  if (result.kind === 'not-found') return <>{none}</>;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={failureWhat} />;
  const count = rows(result.data);
  if (count === 0) return <>{none}</>;
  const rowsText = `${n(count)} ${count === 1 ? unit[0] : unit[1]}`;
  const pages = `${n(result.pagesFetched)} ${result.pagesFetched === 1 ? 'page' : 'pages'}`;
  let note: ReactNode;
  if (result.interruption) {
    note = (
      <WarningCallout title={`Incomplete: the register stopped answering after ${pages}`}>
        <p>
          This list shows the {rowsText} from the first {pages}
          {result.page.pageCount ? ` of ${n(result.page.pageCount)}` : ''}. Page {n(result.pagesFetched + 1)} failed: {result.interruption.message}
        </p>
        <p className="mt-1">
          <TextLink href={retryHref} weight="medium">
            Try again
          </TextLink>{' '}
          (the pages already fetched come from the portal&apos;s cache).
        </p>
      </WarningCallout>
    );
  } else if (result.truncated) {
    note = (
      <WarningCallout title={`Incomplete: only the first ${pages} were fetched`}>
        The register has more pages than the portal fetches in one go, to keep the shared request budget for everyone. This list shows the {rowsText} from those pages; use the
        page-by-page view for the rest.
      </WarningCallout>
    );
  } else {
    const total = result.page.totalCount;
    note = (
      <div role="status" className="space-y-1 text-sm text-slate-700">
        <p>
          Complete: all {pages} fetched, {rowsText}.
        </p>
        {total !== undefined && total !== count ? (
          // allPages drops rows identical in every field (the register's unstable paging repeats rows
          // across pages), so a list can hold fewer rows than the register's own count: say so.
          <p data-testid="walk-count-note">
            The register counts {n(total)} {total === 1 ? unit[0] : unit[1]}. Rows that are identical in every field, which the register&apos;s paging can repeat from one page to
            the next, are shown once.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {note}
      {render(result.data, 'all')}
      <ResultProvenance provenance={result.provenance} notice={result.notice} />
    </div>
  );
}
