import type { SearchType } from '@/lib/register/model';

const TYPES: Array<[SearchType, string]> = [
  ['firm', 'Firms'],
  ['individual', 'Individuals'],
  ['fund', 'Funds'],
];

/**
 * The search form: a GET to /search so the query lives in the URL and works without JavaScript.
 * `error` is shown above the field and tied to it (aria-describedby, aria-invalid).
 */
export function SearchForm({
  idPrefix,
  defaultQuery = '',
  defaultType = 'firm',
  error,
  autoFocus,
}: {
  idPrefix: string;
  defaultQuery?: string;
  defaultType?: SearchType;
  error?: string;
  autoFocus?: boolean;
}) {
  const inputId = `${idPrefix}-q`;
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  return (
    <form action="/search" method="get" role="search" aria-label="Search the register" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium">
          Name or reference number
        </label>
        <p id={hintId} className="mt-0.5 text-sm text-slate-600">
          Words match names that contain all of them. An FRN, IRN (e.g. MXC29012) or PRN goes straight to its record.
        </p>
        {error ? (
          <p id={errorId} className="mt-1 text-sm font-semibold text-red-800">
            <span className="sr-only">Error: </span>
            {error}
          </p>
        ) : null}
        <input
          id={inputId}
          name="q"
          type="search"
          defaultValue={defaultQuery}
          // Long enough to paste a register URL; the page says when the text is too long to search for.
          maxLength={300}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className={`mt-1 block w-full rounded border px-3 py-2 text-base ${error ? 'border-red-700' : 'border-slate-400'}`}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium">Look for</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {TYPES.map(([value, label]) => (
            <label key={value} className="inline-flex items-center gap-2 text-sm">
              <input type="radio" name="type" value={value} defaultChecked={value === defaultType} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Search
      </button>
    </form>
  );
}
