import Link from 'next/link';
import type { PortalPath } from '@/lib/routes/portal-paths';

/** An impossible ?page= value: said in words, with the way back; the register is not asked. */
export function BadPageNotice({ message, firstPageHref }: { message: string; firstPageHref: PortalPath }) {
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">That is not a page of this list.</p>
      <p className="mt-1">{message}</p>
      <p className="mt-2">
        <Link href={firstPageHref} className="font-medium underline">
          Go to the first page
        </Link>
      </p>
    </div>
  );
}
