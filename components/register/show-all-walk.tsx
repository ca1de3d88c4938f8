import { Suspense } from 'react';
import type { AllPagesOptions, AllPagesResult } from '@/lib/register/result';
import type { WalkOutcomeProps } from './walk-outcome';
import { WalkProgress } from './walk-progress';
import { WalkProgressNote } from './walk-progress-note';
import { WalkStep } from './walk-step';

export type ShowAllWalkProps<T> = Omit<WalkOutcomeProps<T>, 'result'> & {
  /** Starts the walk, e.g. `(onProgress) => client.allPages(client.firmAppointedRepresentatives, [frn], { onProgress })`. */
  start: (onProgress: NonNullable<AllPagesOptions['onProgress']>) => Promise<AllPagesResult<T>>;
  /** What is being fetched, in words, for the progress bar's name ("appointed representatives"). */
  label: string;
};

/**
 * "Show all": walks every page of a register list once, through the pacer, with visible progress
 * and pure server streaming. The walk starts here; a chain of nested Suspense boundaries follows
 * it, each link waiting for the next page and showing "Fetched n of N pages…" until the last link
 * renders the complete list. Nothing runs in the browser and nothing is shared between requests
 * except the register client's cache, so it works the same behind several portal instances.
 * Used by every paged register list (PagedRegisterList) and meant for the printable report.
 */
export function ShowAllWalk<T>({ start, label, ...outcome }: ShowAllWalkProps<T>) {
  const progress = new WalkProgress<AllPagesResult<T>>();
  progress.follow(start(progress.onProgress));
  return (
    <Suspense fallback={<WalkProgressNote state={progress.current()} unit={outcome.unit} label={label} />}>
      <WalkStep progress={progress} step={1} label={label} {...outcome} />
    </Suspense>
  );
}
