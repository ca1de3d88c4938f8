import Link from 'next/link';
import { withQuery, type PortalPath } from '@/lib/routes/portal-paths';

type Props = {
  /** The page's path and the query to keep (without `page`). */
  basePath: PortalPath;
  params?: Record<string, string | undefined>;
  page: number;
  /** Number of pages; leave out when the register has not revealed it yet. */
  totalPages?: number;
  /** When totalPages is unknown: whether a later page exists, and the least the page count can be. */
  hasNext?: boolean;
  minTotalPages?: number;
  label: string;
  /** Say "Page N of M" at the pager (the default, for a list with nothing else saying it: the changes inbox); off in a paged register list, whose bar above the rows says it once (components/register/list-mode-bar.tsx). */
  showPosition?: boolean;
  /** The query parameter that holds the page (default `page`): a page with two paged tables gives each its own. */
  param?: string;
  /** An element id the links go to (the table's own), so a step keeps the reader at the table rather than the top of the page. */
  fragment?: string;
};

function href(basePath: PortalPath, params: Record<string, string | undefined>, page: number | 'last', param = 'page', fragment?: string): PortalPath {
  const target = withQuery(basePath, { ...params, [param]: page === 'last' ? 'last' : page > 1 ? String(page) : undefined });
  // A fragment only names where on the page to land: the path is the list's own.
  return (fragment ? `${target}#${fragment}` : target) as PortalPath;
}

/** The numbered pages around the current one, with the first and last always reachable. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push('gap');
    out.push(p);
  }
  return out;
}

/**
 * The numbered pages when the last page is not known yet (the register's two-bucket lists reveal
 * their page count only when a bucket ends): the first page, the current one's neighbours, and
 * the next one when it exists.
 */
export function openPageWindow(page: number, hasNext: boolean): (number | 'gap')[] {
  return pageWindow(page, hasNext ? page + 1 : page);
}

/** Where the pager's "Last" goes: the page itself when the count is known, else `?page=last`, which the list finds (lib/page-data/last-page.ts). */
export function lastTarget(page: number, totalPages: number | undefined, hasNext: boolean): number | 'last' | undefined {
  if (totalPages !== undefined) return page < totalPages ? totalPages : undefined;
  return hasNext ? 'last' : undefined;
}

const LINK = 'inline-flex min-h-8 items-center rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100';
const ABSENT = 'inline-flex min-h-8 items-center rounded border border-slate-200 px-3 py-1 text-slate-500';

/**
 * The pager of every paged list: first, previous, the numbered pages around this one, next and
 * last, and a small GET form to go to any page (it works without JavaScript). A step that goes
 * nowhere (previous on page 1) is shown greyed as text, not a link, so the row does not jump.
 */
export function Pager({ basePath, params = {}, page, totalPages, hasNext, minTotalPages, label, showPosition = true, param = 'page', fragment }: Props) {
  const known = totalPages !== undefined;
  const more = known ? page < totalPages : Boolean(hasNext);
  if (known ? totalPages <= 1 : page <= 1 && !more) return null;
  const numbers = known ? pageWindow(page, totalPages) : openPageWindow(page, more);
  const last = lastTarget(page, totalPages, more);
  const least = Math.max(minTotalPages ?? 0, page + (more ? 1 : 0));
  const position = known ? `Page ${page} of ${totalPages}` : `Page ${page} of at least ${least}`;
  // A step that goes nowhere (previous on page 1) is greyed text, hidden from screen readers: the row keeps its shape.
  const step = (target: number | 'last' | undefined, word: string, arrow: string, arrowAfter: boolean, rel?: string) => {
    const body = (
      <>
        {arrowAfter ? null : <span aria-hidden="true">{arrow}&nbsp;</span>}
        {word}
        <span className="sr-only"> page</span>
        {arrowAfter ? <span aria-hidden="true">&nbsp;{arrow}</span> : null}
      </>
    );
    return target === undefined ? (
      <span className={ABSENT} aria-hidden="true">
        {body}
      </span>
    ) : (
      <Link href={href(basePath, params, target, param, fragment)} className={LINK} rel={rel}>
        {body}
      </Link>
    );
  };
  const jumpId = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-jump`;
  return (
    <nav aria-label={`${label} pages`} className="no-print flex flex-wrap items-center gap-x-1 gap-y-2 text-sm">
      {step(page > 1 ? 1 : undefined, 'First', '«', false)}
      {step(page > 1 ? page - 1 : undefined, 'Previous', '‹', false, 'prev')}
      {numbers.map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="inline-flex min-h-8 items-center rounded border border-brand-700 bg-brand-700 px-3 py-1 font-semibold text-white">
            <span className="sr-only">Page </span>
            {p}
          </span>
        ) : (
          <Link key={p} href={href(basePath, params, p, param, fragment)} className={LINK}>
            <span className="sr-only">Page </span>
            {p}
          </Link>
        ),
      )}
      {step(more ? page + 1 : undefined, 'Next', '›', true, 'next')}
      {step(last, 'Last', '»', true)}
      <form
        method="get"
        action={fragment ? `${basePath}#${fragment}` : basePath}
        className="ml-1 flex items-center gap-1"
        aria-label={`Go to a page of the ${label.toLowerCase()}`}
      >
        {Object.entries(params).map(([name, value]) => (value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />))}
        <label htmlFor={jumpId} className="text-slate-700">
          Go to page
        </label>
        <input
          id={jumpId}
          name={param}
          type="number"
          inputMode="numeric"
          min={1}
          max={known ? totalPages : 10_000}
          required
          className="w-20 rounded border border-slate-400 px-2 py-1"
          aria-describedby={showPosition ? `${jumpId}-position` : undefined}
        />
        <button type="submit" className={LINK}>
          Go
        </button>
      </form>
      {showPosition ? (
        <span id={`${jumpId}-position`} className="ml-2 text-slate-600">
          {position}
        </span>
      ) : null}
    </nav>
  );
}
