import { Suspense, type ReactNode } from 'react';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { SectionSkeleton } from '@/components/ui/section-skeleton';

/**
 * A section body that streams, for pages whose heading is already on the page (a sub-route's h1):
 * a skeleton while its register call runs, and an error boundary so an unexpected failure never
 * blanks the page. `viewKey` changes with ?page= or ?all=1, so moving between pages shows the
 * skeleton again instead of the old rows.
 */
export function StreamedBody({ label, viewKey, rows, children }: { label: string; viewKey?: string; rows?: number; children: ReactNode }) {
  return (
    <SectionErrorBoundary key={viewKey} label={label}>
      <Suspense key={viewKey} fallback={<SectionSkeleton label={label} rows={rows} />}>
        {children}
      </Suspense>
    </SectionErrorBoundary>
  );
}
