import type { PortalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

/** A ?page= beyond the register's last page (an old link, or a hand-edited one). */
export function PastEndNotice({ page, firstPageHref }: { page: number; firstPageHref: PortalPath }) {
  return (
    <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
      <p className="font-semibold">There is no page {page.toLocaleString('en-GB')} of this list.</p>
      <p className="mt-1">The register&apos;s list ends before it.</p>
      <p className="mt-2">
        <TextLink href={firstPageHref} weight="medium">
          Go to the first page
        </TextLink>
      </p>
    </div>
  );
}
