import type { AccountActionState } from './action-state';
import { RecoveryCodeList } from './recovery-code-list';

/** The outcome of a form's last action, in a live region so it is announced. */
export function AccountMessage({ state, testId }: { state: AccountActionState; testId?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid={testId}>
      {state.status === 'idle' ? null : (
        <div className="space-y-3">
          <p className={state.status === 'error' ? 'text-sm font-medium text-red-800' : 'text-sm font-medium text-green-800'}>
            <span className="sr-only">{state.status === 'error' ? 'Error: ' : 'Done: '}</span>
            {state.message}
          </p>
          {state.recoveryCodes ? <RecoveryCodeList codes={state.recoveryCodes} /> : null}
        </div>
      )}
    </div>
  );
}
