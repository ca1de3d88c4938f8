import type { ReactNode } from 'react';
import type { ActionState } from '@/lib/actions/action-state';

interface Props {
  /** The form's action state (lib/actions/action-state.ts). */
  state: ActionState;
  /**
   * `region` (the default): a live region always on the page, so the message is announced when it
   * appears (the account and administration forms). `inline`: the message alone, only once there
   * is one: done with a ✓ and `role="status"`, refused in a bordered box with `role="alert"` and an
   * import's rows at fault (the watchlist, change, finding and evidence forms).
   */
  layout?: 'region' | 'inline';
  /** Screen readers hear "Done:" or "Error:" before the message (region only). */
  statusWord?: boolean;
  id?: string;
  testId?: string;
  /** What is shown once below the message (a one-time password, a token's secret, recovery codes). */
  children?: ReactNode;
}

/** What a form's last server action said: the one message component of every form (lib/actions/define-action.ts). */
export function FormMessage({ state, layout = 'region', statusWord = false, id, testId, children }: Props) {
  if (layout === 'inline') return <InlineMessage state={state} id={id} testId={testId} />;
  return (
    <div id={id} role="status" aria-live="polite" data-testid={testId}>
      {state.status === 'idle' ? null : (
        <div className="space-y-3">
          <p className={state.status === 'error' ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-green-800'}>
            {statusWord ? <span className="sr-only">{state.status === 'error' ? 'Error: ' : 'Done: '}</span> : null}
            {state.message}
          </p>
          {children}
        </div>
      )}
    </div>
  );
}

function InlineMessage({ state, id, testId }: { state: ActionState; id?: string; testId?: string }) {
  if (state.status === 'idle' || !state.message) return null;
  if (state.status === 'success') {
    return (
      <p id={id} role="status" data-testid={testId} className="text-sm font-medium text-emerald-900">
        <span aria-hidden="true">✓ </span>
        {state.message}
      </p>
    );
  }
  return (
    <div id={id} role="alert" data-testid={testId} className="space-y-1 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{state.message}</p>
      {state.rowErrors?.length ? (
        <ul className="list-disc space-y-0.5 pl-5" data-testid="row-errors">
          {state.rowErrors.map((e) => (
            <li key={`${e.row}-${e.input}`}>
              Row {e.row}
              {e.input ? (
                <>
                  {' '}
                  (<span className="font-mono">{e.input.length > 40 ? `${e.input.slice(0, 40)}…` : e.input}</span>)
                </>
              ) : null}
              : {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
