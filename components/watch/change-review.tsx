import type { ChangeState } from '@/lib/db/schema';
import type { ActionState } from '@/lib/actions/action-state';
import { ChangeStateForm } from './change-state-form';
import { Button } from '@/components/ui/button';

/**
 * One inbox row's "Review": the state, assignee and note behind one button, in a popover (the
 * browser's own: it opens in the top layer over the table, Escape or the Close button closes it,
 * and focus returns to the button), so a row of the inbox stays one or two lines high.
 */
export function ChangeReview({
  changeId,
  summary,
  state,
  assigneeEmail,
  note,
  save,
  noun = 'change',
}: {
  changeId: string;
  summary: string;
  state: ChangeState;
  assigneeEmail: string | null;
  note: string | null;
  /** The server action that saves the review (a watch change's by default; a principal's finding's on its page). */
  save?: (previous: ActionState, form: FormData) => Promise<ActionState>;
  noun?: 'change' | 'finding';
}) {
  const id = `review-${changeId}`;
  return (
    <>
      <Button size="sm" popoverTarget={id} className="whitespace-nowrap" aria-label={`Review: ${summary}`}>
        Review
      </Button>
      <div
        id={id}
        popover="auto"
        role="dialog"
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(32rem,calc(100vw-2rem))] space-y-3 rounded border border-slate-300 bg-white p-4 text-sm shadow-xl backdrop:bg-slate-900/30"
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Review the {noun}
        </h2>
        <p className="text-slate-700">{summary}</p>
        <ChangeStateForm compact changeId={changeId} state={state} assigneeEmail={assigneeEmail} note={note} popoverId={id} save={save} noun={noun} />
        <Button size="sm" popoverTarget={id} popoverTargetAction="hide">
          Close
        </Button>
      </div>
    </>
  );
}
