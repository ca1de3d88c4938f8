'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useId, useState, type KeyboardEvent } from 'react';
import useSWR from 'swr';
import {
  normaliseTypeaheadQuery,
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_MIN_CHARS,
  type TypeaheadBody,
  type TypeaheadErrorBody,
  type TypeaheadResult,
} from '@/lib/search/typeahead-query';
import { typeaheadApiPath } from '@/lib/routes/portal-paths';
import { useDebouncedValue } from './use-debounced-value';
import { Button } from '@/components/ui/button';

class SuggestionError extends Error {}

async function fetchSuggestions(url: string): Promise<TypeaheadBody> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => null)) as TypeaheadBody | TypeaheadErrorBody | null;
  if (res.status === 401) throw new SuggestionError('Sign in to see suggestions.');
  if (!res.ok || !body || !('results' in body)) {
    throw new SuggestionError(body && 'message' in body ? body.message : `Suggestions are unavailable (HTTP ${res.status}). Press Enter to search.`);
  }
  return body;
}

const ENTITY_WORDS: Record<TypeaheadResult['entity'], string> = { firm: 'Firm', individual: 'Individual', fund: 'Fund' };

/**
 * The header's register search with suggestions: an editable combobox with a listbox popup
 * (WAI-ARIA APG "combobox with list autocomplete"). Focus stays in the text field; Down/Up move
 * the active option (aria-activedescendant), Enter opens it (or, with none active, submits the
 * search form), Escape closes the list and a second Escape clears the field. A polite live region
 * says how many suggestions there are. Without JavaScript it is a plain GET form to /search.
 */
export function HeaderTypeahead() {
  const pathname = usePathname();
  const router = useRouter();
  const baseId = useId();
  const inputId = `${baseId}-q`;
  const listId = `${baseId}-list`;
  const hintId = `${baseId}-hint`;
  const optionId = (i: number) => `${baseId}-opt-${i}`;

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const query = useDebouncedValue(normaliseTypeaheadQuery(text), TYPEAHEAD_DEBOUNCE_MS);
  const key = query.length >= TYPEAHEAD_MIN_CHARS ? typeaheadApiPath(query) : null;
  const { data, error, isLoading } = useSWR<TypeaheadBody, Error>(key, fetchSuggestions, {
    // One request per distinct query: no refetch on focus or reconnect, no retry loop against a busy register.
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
    dedupingInterval: 60_000,
    keepPreviousData: true,
  });

  // While a new query loads, the previous answer stays (keepPreviousData) so the list does not flicker.
  const results = key && data && !error ? data.results : [];
  const showing = open && results.length > 0;
  const showError = open && key !== null && !!error;

  // A new answer resets the active option; focus stays in the field throughout. Adjusted while
  // rendering (React's pattern for state that follows a changed value), not in an effect, so the
  // stale option is never painted.
  const [answered, setAnswered] = useState(data);
  if (answered !== data) {
    setAnswered(data);
    setActive(-1);
  }

  // Navigating away (e.g. after choosing a suggestion) closes the list.
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
    setActive(-1);
  }

  if (pathname === '/login') return null;

  const live = !key
    ? ''
    : error
      ? error.message
      : isLoading && !data
        ? ''
        : results.length === 0
          ? `No suggestions for “${query}”. Press Enter to search.`
          : `${results.length} suggestion${results.length === 1 ? '' : 's'}. Use the up and down arrows to choose, Enter to open.`;

  const choose = (result: TypeaheadResult) => {
    setOpen(false);
    setActive(-1);
    setText('');
    router.push(result.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    switch (event.key) {
      case 'ArrowDown':
        if (!count) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive((i) => (i + 1) % count);
        break;
      case 'ArrowUp':
        if (!count) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(count - 1);
        } else setActive((i) => (i <= 0 ? count - 1 : i - 1));
        break;
      case 'Enter':
        if (open && active >= 0 && active < count) {
          event.preventDefault();
          choose(results[active]);
        }
        // Otherwise the form submits: a full search for the text.
        break;
      case 'Escape':
        if (showing || showError) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        break;
      default:
        break;
    }
  };

  return (
    <form action="/search" method="get" role="search" aria-label="Quick search" className="relative flex w-full items-center gap-2 max-md:order-1 md:w-auto">
      <label htmlFor={inputId} className="sr-only">
        Search the register by name or reference number
      </label>
      <input
        id={inputId}
        name="q"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        aria-describedby={hintId}
        autoComplete="off"
        spellCheck={false}
        maxLength={300}
        value={text}
        placeholder="Name, FRN, IRN or PRN"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        className="w-full min-w-0 rounded border border-slate-400 px-2 py-1 text-sm md:w-40"
      />
      <span id={hintId} className="sr-only">
        Suggestions appear after {TYPEAHEAD_MIN_CHARS} characters.
      </span>
      <Button type="submit" variant="primary" size="sm">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-none stroke-current stroke-2">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" strokeLinecap="round" />
        </svg>
        <span className="md:sr-only">Search</span>
      </Button>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!showing}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-96 overflow-auto rounded border border-slate-300 bg-white py-1 text-sm shadow-lg sm:right-auto sm:w-[28rem]"
      >
        {results.map((result, i) => (
          <li
            key={`${result.href}-${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Keep focus in the field (no blur) while the pointer chooses.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(result)}
            onMouseMove={() => setActive(i)}
            className={`cursor-pointer px-3 py-2 ${i === active ? 'bg-brand-50 outline-2 outline-brand-700 -outline-offset-2' : ''}`}
          >
            <span className="block font-medium text-slate-900">{result.name}</span>
            <span className="block text-xs text-slate-700">
              {ENTITY_WORDS[result.entity]}
              {result.referenceNumber ? ` · ${result.referenceNumber}` : ''}
              {result.status ? ` · ${result.status}` : ''}
              {result.warning ? <strong className="ml-1 font-semibold text-red-900">· Warning: {result.warning}</strong> : null}
            </span>
          </li>
        ))}
      </ul>
      {showError ? (
        // Beside the list, not in it: a listbox may only hold options. The live region says it too.
        <p className="absolute top-full right-0 left-0 z-30 mt-1 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 shadow-lg sm:right-auto sm:w-[28rem]">
          {error?.message}
        </p>
      ) : null}
      <span role="status" aria-live="polite" className="sr-only">
        {open ? live : ''}
      </span>
    </form>
  );
}
