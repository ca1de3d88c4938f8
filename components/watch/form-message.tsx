import type { WatchActionState } from '@/lib/watchlists/action-state';

/** What a watchlist form's action said: a status line, and for imports each row at fault. */
export function FormMessage({ state, id }: { state: WatchActionState; id?: string }) {
  if (state.status === 'idle' || !state.message) return null;
  if (state.status === 'success') {
    return (
      <p id={id} role="status" className="text-sm font-medium text-emerald-900">
        <span aria-hidden="true">✓ </span>
        {state.message}
      </p>
    );
  }
  return (
    <div id={id} role="alert" className="space-y-1 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
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
