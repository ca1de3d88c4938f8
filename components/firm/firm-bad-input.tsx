import Link from 'next/link';

const WHAT: Record<string, string> = {
  frn: 'firm reference number (FRN)',
  country: 'passport country',
  requirementRef: 'requirement reference',
};

/**
 * The page for a firm address that can never work (served with HTTP 400 by the proxy): what the
 * address asked for, why it is impossible, and a way on. Nothing was sent to the register.
 */
export function FirmBadInput({ field, input, message, frn }: { field: string; input: string; message: string; frn?: string }) {
  const what = WHAT[field] ?? 'address';
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">That is not a valid {what}</h1>
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">The address asks for “{input}”.</p>
        <p className="mt-1">{message}</p>
        <p className="mt-1">The register was not asked: nothing on it can have this {field === 'frn' ? 'number' : 'name'}.</p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {frn && field !== 'frn' ? (
          <li>
            <Link href={`/firm/${encodeURIComponent(frn)}`} className="text-brand-700 underline">
              Go to the firm&apos;s overview (FRN {frn})
            </Link>
          </li>
        ) : null}
        <li>
          <Link href="/search?type=firm" className="text-brand-700 underline">
            Search for a firm by name
          </Link>
        </li>
      </ul>
    </div>
  );
}
