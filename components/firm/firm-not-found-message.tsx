'use client';

import Link from 'next/link';
import { useParams } from 'next/navigation';
import type { ReactNode } from 'react';
import { checkFirmParams } from '@/lib/firm/firm-route-input';

/**
 * The body of the firm not-found pages (HTTP 404). Next gives not-found files no props, so what
 * was looked for comes from the route's params, read back through the same checks the page used.
 */
export function FirmNotFoundMessage({ kind }: { kind: 'firm' | 'passport' | 'requirement' }) {
  const params = useParams<{ frn?: string; country?: string; ref?: string }>();
  const checked = checkFirmParams({ frn: params?.frn ?? '', country: params?.country, ref: params?.ref });
  const frn = checked.ok ? checked.frn : undefined;
  const firmLink = frn ? (
    <li>
      <Link href={`/firm/${encodeURIComponent(frn)}`} className="text-brand-700 underline">
        Go to the firm&apos;s overview (FRN {frn})
      </Link>
    </li>
  ) : null;

  let heading: string;
  let body: string;
  let extra: ReactNode = null;
  if (kind === 'passport' && checked.ok) {
    heading = `No passport for ${checked.country} under FRN ${frn}`;
    body = `The register has no passport permissions for ${checked.country} under FRN ${frn}. Either the firm has no passport for that country (it may never have had one, or it has ended), or no firm has this FRN.`;
    extra = (
      <li>
        <Link href={`/firm/${encodeURIComponent(frn!)}/passports`} className="text-brand-700 underline">
          See the countries this firm passports to
        </Link>
      </li>
    );
  } else if (kind === 'requirement' && checked.ok) {
    heading = `No requirement ${checked.ref} under FRN ${frn}`;
    body = `The register does not list a requirement with reference ${checked.ref} for FRN ${frn}. The reference may be mistyped or the requirement removed, or no firm has this FRN.`;
    extra = (
      <li>
        <Link href={`/firm/${encodeURIComponent(frn!)}/requirements`} className="text-brand-700 underline">
          See this firm&apos;s requirements
        </Link>
      </li>
    );
  } else {
    heading = frn ? `No firm with FRN ${frn} is on the register` : 'No firm with that reference number is on the register';
    body = `The register answered that it has no firm ${frn ? `with FRN ${frn}` : 'with this number'}. The number may be mistyped, or the firm may be listed under another FRN.`;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
        <p>{body}</p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {extra}
        {kind === 'firm' ? null : firmLink}
        {frn && kind === 'firm' ? (
          <li>
            {/* Fund PRNs are digits too: a number pasted into the wrong box is a common slip. */}
            <Link href={`/fund/${encodeURIComponent(frn)}`} className="text-brand-700 underline">
              Check whether {frn} is a fund&apos;s product reference number (PRN) instead
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
