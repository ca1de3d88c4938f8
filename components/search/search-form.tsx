import type { SearchType } from '@/lib/register/model';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

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
  return (
    <form action="/search" method="get" role="search" aria-label="Search the register" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <Field
        id={inputId}
        label="Name or reference number"
        hint="Words match names that contain all of them. An FRN, IRN (e.g. MXC29012) or PRN goes straight to its record."
        error={error}
      >
        <Input
          name="q"
          type="search"
          defaultValue={defaultQuery}
          // Long enough to paste a register URL; the page says when the text is too long to search for.
          maxLength={300}
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          className="w-full"
        />
      </Field>
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
      <Button type="submit" variant="primary">
        Search
      </Button>
    </form>
  );
}
