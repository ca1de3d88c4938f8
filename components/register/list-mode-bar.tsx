import type { PageFacts } from '@/lib/page-data/page-facts';
import type { PortalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

const n = (value: number) => value.toLocaleString('en-GB');

/**
 * Above a paged list: where the reader is, how many rows the register holds, and the switch
 * between one register page at a time and "show all" (every page, fetched with progress).
 */
export function ListModeBar({
  mode,
  firstPageHref,
  allHref,
  facts,
  totalCount,
  unit,
  say = true,
}: {
  mode: 'page' | 'all';
  /** The list one page at a time, and the list whole (listHref in lib/routes/portal-paths.ts). */
  firstPageHref: PortalPath;
  allHref: PortalPath;
  facts?: PageFacts;
  totalCount?: number;
  unit: [string, string];
  /** Say where the page is and how many rows there are (the default): the one place a list says its position; off where the rows' own heading says both (search results, markets, sub-funds). */
  say?: boolean;
}) {
  if (mode === 'all') {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>Showing every page of the register&apos;s list.</span>
        <TextLink href={firstPageHref} weight="medium" className="no-print">
          Show one page at a time
        </TextLink>
      </p>
    );
  }
  if (!facts) return null;
  const several = facts.totalPages === undefined ? facts.page > 1 || facts.hasNext : facts.totalPages > 1;
  const total = totalCount !== undefined ? `${n(totalCount)} ${totalCount === 1 ? unit[0] : unit[1]} in all` : undefined;
  const where = several
    ? facts.totalPages !== undefined
      ? `Page ${n(facts.page)} of ${n(facts.totalPages)}`
      : `Page ${n(facts.page)} of at least ${n(facts.minTotalPages ?? facts.page)}`
    : undefined;
  if (!several && (!total || !say)) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
      {say && (where || total) ? <span data-testid="list-position">{[where, total].filter(Boolean).join(' · ')}</span> : null}
      {several ? (
        <TextLink href={allHref} weight="medium" className="no-print">
          Show all {unit[1]} on one page
          <span className="sr-only"> (fetches every page from the register)</span>
        </TextLink>
      ) : null}
    </p>
  );
}
