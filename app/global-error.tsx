'use client';

import './globals.css';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';

// Shown only when the root layout itself fails (each section has its own error boundary). It
// replaces the layout, so it brings its own <html> and the stylesheet; Next's built-in version
// uses inline styles, which the Content-Security-Policy refuses.
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en-GB">
      <body className="bg-slate-50 font-sans text-slate-900 antialiased">
        <main className="mx-auto max-w-2xl px-4 py-10">
          <PageHeader title="The portal could not show this page" />
          <p className="mt-3 text-slate-700">Something went wrong on the portal’s side. Try again; if it keeps happening, tell the portal’s operator.</p>
          <Button variant="primary" onClick={reset} className="mt-4">
            Try again
          </Button>
        </main>
      </body>
    </html>
  );
}
