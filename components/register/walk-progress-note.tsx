import { walkProgressText, type WalkState } from './walk-progress';

/**
 * What the reader sees while every page of a list is fetched: how far the walk is, as text and as
 * a progress bar. Pages are paced through the portal's shared request budget, so a long list
 * takes a while, and the note says why.
 */
export function WalkProgressNote({ state, unit, label }: { state: WalkState; unit: [string, string]; label: string }) {
  return (
    <div role="status" className="space-y-2 rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-950" data-testid="walk-progress">
      <p className="font-medium">{walkProgressText(state, unit)}</p>
      {state.pageCount !== undefined ? (
        <progress className="h-2 w-full max-w-md" max={state.pageCount} value={state.pagesFetched} aria-label={`Pages of ${label} fetched`} />
      ) : (
        <progress className="h-2 w-full max-w-md" aria-label={`Pages of ${label} fetched`} />
      )}
      <p className="text-xs text-sky-900">
        Every page is fetched through the portal&apos;s shared request budget for the register, so a long list takes a while and searches by colleagues go first. Pages fetched now
        stay in the portal&apos;s cache for a while.
      </p>
    </div>
  );
}
