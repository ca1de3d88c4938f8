import { ResultProvenance } from '@/components/register/result-provenance';
import { WarningCallout } from '@/components/ui/warning-callout';
import { formatDateTime } from '@/lib/format/date';
import type { ReportList } from '@/lib/report/firm-report-data';

const n = (value: number) => value.toLocaleString('en-GB');

/**
 * Around one list of the report: "none recorded", why it could not be read, or the list itself
 * with a line saying it is complete (or where and why it stops) and where it came from.
 */
export function ReportListStatus<T>({
  list,
  noun,
  none,
  rows,
  maxPages,
  children,
}: {
  list: ReportList<T>;
  noun: string;
  none: React.ReactNode;
  rows: (data: T) => number;
  maxPages: number;
  children: (data: T) => React.ReactNode;
}) {
  if (list.status === 'none') return <>{none}</>;
  if (list.status === 'failed') {
    return (
      <WarningCallout tone="danger" title={`The ${noun} could not be read from the register`}>
        {list.failure.message} ({list.failure.kind}). The report is incomplete here; generate it again later.
      </WarningCallout>
    );
  }
  const count = rows(list.data);
  const pages = `${n(list.pagesFetched)} ${list.pagesFetched === 1 ? 'page' : 'pages'}`;
  let note: React.ReactNode;
  if (list.interruption) {
    note = (
      <WarningCallout tone="danger" title={`Incomplete: the register stopped answering after ${pages}`}>
        This list holds the {n(count)} rows of the first {pages}
        {list.pageCount ? ` of ${n(list.pageCount)}` : ''}; the next page failed: {list.interruption.message}
      </WarningCallout>
    );
  } else if (list.truncated) {
    note = (
      <WarningCallout title={`Incomplete: only the first ${pages} were read`}>
        The report reads at most {n(maxPages)} pages of any list (FSR_REPORT_MAX_PAGES), to keep the shared register budget for everyone. This list holds {n(count)}
        {list.totalCount !== undefined ? ` of the ${n(list.totalCount)}` : ''} rows the register reports; open the section on its own page for the rest.
      </WarningCallout>
    );
  } else {
    note = (
      <p className="text-sm text-slate-700" data-testid="list-complete">
        Complete: {n(count)} {count === 1 ? 'row' : 'rows'} from {pages}
        {list.pagesFetched > 1 ? `, retrieved between ${formatDateTime(list.provenance.retrievedAt)} and ${formatDateTime(list.newestRetrievedAt)}` : ''}.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {note}
      {children(list.data)}
      <ResultProvenance provenance={list.provenance} notice={list.notice}>
        <span aria-hidden="true">·</span>
        <span className="font-mono">{list.provenance.path}</span>
      </ResultProvenance>
    </div>
  );
}
