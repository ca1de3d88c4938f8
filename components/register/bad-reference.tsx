import type { BadInputPage } from '@/lib/page-data/entity-page';
import { firmPath, searchFormPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

const WHAT: Record<string, string> = {
  frn: 'firm reference number (FRN)',
  irn: 'individual reference number (IRN)',
  prn: 'product reference number (PRN)',
  country: 'passport country',
  requirementRef: 'requirement reference',
};

const ENTITY = {
  firm: { field: 'frn', a: 'a firm' },
  individual: { field: 'irn', a: 'an individual' },
  fund: { field: 'prn', a: 'a fund' },
} as const;

/**
 * The page for an address that can never work (served with HTTP 400 by the proxy), for firm,
 * individual and fund pages alike: what the address asked for, why it is impossible, and a way
 * on. Nothing was sent to the register. `field` is the part of the address that is wrong (a
 * firm page's country or requirement reference, when the FRN itself is fine: then `frn` links
 * back to the firm).
 */
export function BadReference({ page }: { page: BadInputPage }) {
  const { entity: kind, field, input, message, frn } = page;
  const what = WHAT[field] ?? 'address';
  const isNumber = field === ENTITY[kind].field;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={<>That is not a valid {what}</>} />
      <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">The address asks for “{input}”.</p>
        <p className="mt-1">{message}</p>
        <p className="mt-1">The register was not asked: nothing on it can have this {isNumber ? 'number' : 'name'}.</p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {frn && !isNumber ? (
          <li>
            <TextLink href={firmPath(frn)}>Go to the firm&apos;s overview (FRN {frn})</TextLink>
          </li>
        ) : null}
        <li>
          <TextLink href={searchFormPath(kind)}>Search for {ENTITY[kind].a} by name</TextLink>
        </li>
      </ul>
    </div>
  );
}
