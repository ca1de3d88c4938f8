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
};

function href(basePath: PortalPath, params: Record<string, string | undefined>, page: number): PortalPath {
  return withQuery(basePath, { ...params, page: page > 1 ? String(page) : undefined });
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

export function Pager({ basePath, params = {}, page, totalPages, hasNext, minTotalPages, label }: Props) {
  const known = totalPages !== undefined;
  const more = known ? page < totalPages : Boolean(hasNext);
  if (known ? totalPages <= 1 : page <= 1 && !more) return null;
  const numbers = known ? pageWindow(page, totalPages) : openPageWindow(page, more);
  const linkClass = 'rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100';
  return (
    <nav aria-label={`${label} pages`} className="no-print flex flex-wrap items-center gap-1 text-sm">
      {page > 1 ? (
        <Link href={href(basePath, params, page - 1)} className={linkClass} rel="prev">
          ← Previous<span className="sr-only"> page</span>
        </Link>
      ) : null}
      {numbers.map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className="rounded border border-brand-700 bg-brand-700 px-3 py-1 font-semibold text-white">
            <span className="sr-only">Page </span>
            {p}
          </span>
        ) : (
          <Link key={p} href={href(basePath, params, p)} className={linkClass}>
            <span className="sr-only">Page </span>
            {p}
          </Link>
        ),
      )}
      {more ? (
        <Link href={href(basePath, params, page + 1)} className={linkClass} rel="next">
          Next<span className="sr-only"> page</span> →
        </Link>
      ) : null}
      <span className="ml-2 text-slate-600">{known ? `Page ${page} of ${totalPages}` : `Page ${page} of at least ${Math.max(minTotalPages ?? 0, page + (more ? 1 : 0))}`}</span>
    </nav>
  );
}
