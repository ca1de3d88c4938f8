import type { Metadata } from 'next';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Not allowed' };

// What forbidden() (requireRole) shows a signed-in user without the role, with HTTP 403. Next's
// built-in page uses inline styles, which the Content-Security-Policy refuses.
export default function Forbidden() {
  return (
    <div className="mx-auto max-w-2xl py-6">
      <PageHeader caption="Error 403" title="You do not have access to this page" />
      <p className="mt-3 text-slate-700">Your role does not include it. Ask a portal administrator if you need it.</p>
      <p className="mt-4">
        <TextLink href="/" weight="medium">
          Go to the home page
        </TextLink>
      </p>
    </div>
  );
}
