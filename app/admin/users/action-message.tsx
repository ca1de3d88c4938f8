import type { AdminActionState } from './action-state';
import { OneTimePassword } from './one-time-password';

/** The outcome of the last action of one form, in a live region so it is announced. */
export function ActionMessage({ state }: { state: AdminActionState }) {
  return (
    <div role="status" aria-live="polite">
      {state.status === 'idle' ? null : (
        <div>
          <p className={state.status === 'error' ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-green-800'}>{state.message}</p>
          {state.oneTimePassword ? <OneTimePassword {...state.oneTimePassword} /> : null}
        </div>
      )}
    </div>
  );
}
