import { Suspense } from 'react';
import { WalkOutcome, type WalkOutcomeProps } from './walk-outcome';
import type { WalkProgress } from './walk-progress';
import { WalkProgressNote } from './walk-progress-note';
import type { AllPagesResult } from '@/lib/register/result';

export type WalkStepProps<T> = Omit<WalkOutcomeProps<T>, 'result'> & {
  progress: WalkProgress<AllPagesResult<T>>;
  /** This step waits for page `step` (or the end of the walk). */
  step: number;
  label: string;
};

/**
 * One link of the progress chain: waits for its page, then either renders the finished list or
 * the next link behind a fallback that says how far the walk has got. Each resolved link streams
 * to the browser as it happens, so the progress moves without any client-side code.
 */
export async function WalkStep<T>({ progress, step, label, ...outcome }: WalkStepProps<T>) {
  const reached = await progress.waitFor(step);
  if (reached.done) return <WalkOutcome result={reached.result} {...outcome} />;
  return (
    <Suspense fallback={<WalkProgressNote state={reached.state} unit={outcome.unit} label={label} />}>
      <WalkStep progress={progress} step={reached.state.pagesFetched + 1} label={label} {...outcome} />
    </Suspense>
  );
}
