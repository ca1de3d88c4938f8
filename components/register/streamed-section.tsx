import { Suspense, type ReactNode } from 'react';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { SectionSkeleton } from '@/components/ui/section-skeleton';

/**
 * A page section that streams: its heading at once, its body (an async server component that
 * awaits its own register call) behind a skeleton, and an error boundary so an unexpected failure
 * in it never blanks the page. Expected failures are rendered by the body itself.
 */
export function StreamedSection({
  id,
  title,
  label,
  rows,
  children,
}: {
  id: string;
  title: ReactNode;
  /** What the section holds, in words, for the skeleton and the error message. */
  label: string;
  rows?: number;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 break-inside-avoid-page">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <SectionErrorBoundary label={label}>
        <Suspense fallback={<SectionSkeleton label={label} rows={rows} />}>{children}</Suspense>
      </SectionErrorBoundary>
    </section>
  );
}
