import type { PartProgress, ProgressTotals } from '@/lib/report/report-progress';

const STATE_TEXT: Record<PartProgress['state'], string> = {
  waiting: 'queued',
  fetching: 'reading',
  done: 'complete',
  none: 'none recorded',
  cut: 'complete up to the limit',
  failed: 'could not be read',
};

const n = (value: number) => value.toLocaleString('en-GB');

function partText(part: PartProgress): string {
  const pages = part.pages > 0 ? `${n(part.pages)} ${part.pages === 1 ? 'page' : 'pages'}` : '';
  const expected = part.expected !== undefined && part.state === 'fetching' ? ` of ${n(part.expected)}` : '';
  const rows = part.items > 0 ? `, ${n(part.items)} rows` : '';
  return `${STATE_TEXT[part.state]}${pages ? ` (${pages}${expected}${rows})` : ''}`;
}

/**
 * What the reader sees while a report is assembled: overall progress, and each part's state, so
 * a long list (a network's appointed representatives) visibly moves while the rest is done.
 */
export function ReportProgressNote({ parts, totals }: { parts: PartProgress[]; totals: ProgressTotals }) {
  return (
    <div role="status" className="no-print space-y-3 rounded border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950" data-testid="report-progress">
      <p className="font-medium">
        Assembling the report: {n(totals.partsDone)} of {n(totals.parts)} parts complete, {n(totals.pages)} register {totals.pages === 1 ? 'page' : 'pages'} read ({n(totals.items)}{' '}
        rows so far)…
      </p>
      <progress className="h-2 w-full max-w-md" max={totals.parts} value={totals.partsDone} aria-label="Parts of the report complete" />
      <ul className="grid gap-x-6 gap-y-0.5 text-xs sm:grid-cols-2">
        {parts.map((part) => (
          <li key={part.key}>
            <span className="font-medium">{part.label}:</span> {partText(part)}
          </li>
        ))}
      </ul>
      <p className="text-xs text-sky-900">
        Every page goes through the portal&apos;s shared request budget for the register at report priority, so searches and page views by colleagues go first; a large firm takes a
        minute or so. Pages read now stay in the portal&apos;s cache for a while.
      </p>
    </div>
  );
}
