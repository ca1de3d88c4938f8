import { OneTimeSecret } from './one-time-secret';
import type { TokenActionState } from './token-action-state';

/** The outcome of the last action of one form, in a live region so it is announced. */
export function TokenActionMessage({ state }: { state: TokenActionState }) {
  return (
    <div role="status" aria-live="polite">
      {state.status === 'idle' ? null : (
        <div>
          <p className={state.status === 'error' ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-green-800'}>{state.message}</p>
          {state.oneTimeSecret ? <OneTimeSecret {...state.oneTimeSecret} /> : null}
        </div>
      )}
    </div>
  );
}
