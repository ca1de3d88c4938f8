'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';

const WORDS = {
  individual: { param: 'irn', label: 'IRN', noun: 'individual', type: 'individual' },
  fund: { param: 'prn', label: 'PRN', noun: 'fund', type: 'fund' },
} as const;

/**
 * The body of a record's not-found page (HTTP 404). Next gives not-found files no props, so the
 * number looked for comes from the route's params.
 */
export function NotFoundLookup({ kind }: { kind: keyof typeof WORDS }) {
  const words = WORDS[kind];
  const params = useParams<Record<string, string>>();
  const raw = params?.[words.param];
  // Only well-formed numbers get this far (impossible ones are answered 400 before any lookup).
  const ref = raw ? raw.toUpperCase() : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">
        No {words.noun} {ref ? `with ${words.label} ${ref}` : 'with that reference number'} is on the register
      </h1>
      <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
        <p>
          The register answered that it has no {words.noun} {ref ? `with ${words.label} ${ref}` : 'with this number'}. The number may be
          mistyped, or the record may have been withdrawn or renumbered.
        </p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {ref && kind === 'fund' ? (
          <li>
            {/* Digits are also FRNs: the search checks funds, then firms, for this number. */}
            <Link href={`/search?${new URLSearchParams({ q: ref, type: 'fund' }).toString()}`} className="text-brand-700 underline">
              Check whether {ref} is a firm reference number (FRN) instead
            </Link>
          </li>
        ) : null}
        <li>
          <Link href={`/search?type=${words.type}`} className="text-brand-700 underline">
            Search for {kind === 'individual' ? 'an individual' : 'a fund'} by name
          </Link>
        </li>
      </ul>
    </div>
  );
}
