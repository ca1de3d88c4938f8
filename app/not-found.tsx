import type { Metadata } from 'next';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Page not found' };

// The portal's own 404 for an unknown address or a record page's notFound() without a closer
// not-found file. Next's built-in page uses inline styles, which the Content-Security-Policy refuses.
export default function NotFound() {
  return (
    <div className="mx-auto max-w-2xl py-6">
      <PageHeader caption="Error 404" title="Page not found" />
      <p className="mt-3 text-slate-700">There is no page at this address. Check it for typing mistakes, or search the register.</p>
      <p className="mt-4">
        <TextLink href="/search" weight="medium">
          Search the register
        </TextLink>
      </p>
    </div>
  );
}
