import { Suspense } from 'react';
import { WalkProgress } from '@/components/register/walk-progress';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { ReportProgress } from '@/lib/report/report-progress';
import { ReportAssemblyStep } from './report-assembly-step';
import { ReportProgressNote } from './report-progress-note';

type Props<R> = {
  /** Starts the assembly, reporting into `progress`; resolves with whatever `render` needs. */
  start: (progress: ReportProgress) => Promise<R>;
  render: (result: R) => React.ReactNode;
};

/**
 * Streams a report while it is assembled: the assembly starts here, and a chain of Suspense
 * boundaries follows it (the firm pages' "show all" technique, with the same WalkProgress), each
 * link waiting for the next register page and showing the progress so far, until the last link
 * renders the finished report. Pure server streaming: no client code, nothing shared between
 * requests except the register client's cache.
 */
export function ReportAssembly<R>({ start, render }: Props<R>) {
  const walk = new WalkProgress<R>();
  const progress = new ReportProgress((t) => walk.onProgress({ pagesFetched: t.pages, items: t.items }));
  walk.follow(start(progress));
  return (
    <SectionErrorBoundary label="report">
      <Suspense fallback={<ReportProgressNote parts={progress.snapshot()} totals={progress.totals()} />}>
        <ReportAssemblyStep walk={walk} progress={progress} step={1} render={render} />
      </Suspense>
    </SectionErrorBoundary>
  );
}
