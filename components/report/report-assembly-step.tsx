import { Suspense } from 'react';
import type { WalkProgress } from '@/components/register/walk-progress';
import type { ReportProgress } from '@/lib/report/report-progress';
import { ReportProgressNote } from './report-progress-note';

/** One link of the report's progress chain: waits for its register page, then renders the next link or the finished report. */
export async function ReportAssemblyStep<R>({
  walk,
  progress,
  step,
  render,
}: {
  walk: WalkProgress<R>;
  progress: ReportProgress;
  step: number;
  render: (result: R) => React.ReactNode;
}) {
  const reached = await walk.waitFor(step);
  if (reached.done) return <>{render(reached.result)}</>;
  return (
    <Suspense fallback={<ReportProgressNote parts={progress.snapshot()} totals={progress.totals()} />}>
      <ReportAssemblyStep walk={walk} progress={progress} step={reached.state.pagesFetched + 1} render={render} />
    </Suspense>
  );
}
