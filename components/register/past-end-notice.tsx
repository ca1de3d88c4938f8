import Link from 'next/link';
import type { PortalPath } from '@/lib/routes/portal-paths';

/** A ?page= beyond the register's last page (an old link, or a hand-edited one). */
export function PastEndNotice({ page, firstPageHref }: { page: number; firstPageHref: PortalPath }) {
  return (
    <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
      <p className="font-semibold">There is no page {page.toLocaleString('en-GB')} of this list.</p>
      <p className="mt-1">The register&apos;s list ends before it.</p>
      <p className="mt-2">
        <Link href={firstPageHref} className="font-medium text-brand-700 underline">
          Go to the first page
        </Link>
      </p>
    </div>
  );
}
