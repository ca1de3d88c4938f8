'use client';

import { useId, useState } from 'react';
import { Input } from '@/components/ui/field';

/**
 * Filters the rows of a server-rendered table by their text, in the browser, without a round
 * trip. On screen only: a printed page shows every row.
 */
export function TableFilter({ tableId, label }: { tableId: string; label: string }) {
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<number | null>(null);

  // Filtering happens as the text changes (an event, not an effect): the rows are the server's
  // markup, marked in place, and the count follows from the same pass.
  const filter = (value: string) => {
    setQuery(value);
    const table = document.getElementById(tableId);
    if (!table) return;
    const words = value.toLowerCase().split(/\s+/).filter(Boolean);
    let visible = 0;
    for (const row of Array.from(table.querySelectorAll<HTMLTableRowElement>('tbody tr'))) {
      const text = row.textContent?.toLowerCase() ?? '';
      const match = words.every((word) => text.includes(word));
      // Not the hidden attribute: rows filtered out on screen still print (globals.css).
      row.toggleAttribute('data-filtered-out', !match);
      if (match) visible += 1;
    }
    setShown(words.length ? visible : null);
  };

  return (
    <div className="no-print flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="text-sm font-medium">
        Filter {label.toLowerCase()}
      </label>
      <Input id={inputId} type="search" value={query} onChange={(event) => filter(event.target.value)} className="w-64 max-w-full" aria-describedby={`${inputId}-count`} />
      <span id={`${inputId}-count`} aria-live="polite" className="text-sm text-slate-600">
        {shown === null ? '' : `${shown} matching row${shown === 1 ? '' : 's'}`}
      </span>
    </div>
  );
}
