import Link from 'next/link';

/**
 * The page for an impossible reference number (served with HTTP 400 by the proxy): what was
 * asked for, why it cannot exist, and a way on. Nothing was sent to the register.
 */
export function BadReference({ kind, input, message }: { kind: 'individual' | 'fund'; input: string; message: string }) {
  const what = kind === 'individual' ? 'individual reference number (IRN)' : 'product reference number (PRN)';
  const searchType = kind === 'individual' ? 'individual' : 'fund';
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">That is not a valid {what}</h1>
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">The address asks for “{input}”.</p>
        <p className="mt-1">{message}</p>
        <p className="mt-1">The register was not asked: no {kind} can have this number.</p>
      </div>
      <p className="text-sm">
        <Link href={`/search?type=${searchType}`} className="text-brand-700 underline">
          Search for {kind === 'individual' ? 'an individual' : 'a fund'} by name instead
        </Link>
      </p>
    </div>
  );
}
