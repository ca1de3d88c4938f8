'use client';

import { useParams } from 'next/navigation';
import { checkFirmParams } from '@/lib/page-data/entity-params';
import { firmPath, fundPath, searchFormPath, searchPath, type PortalPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

type Kind = 'firm' | 'passport' | 'requirement' | 'individual' | 'fund';
type Params = { frn?: string; country?: string; ref?: string; irn?: string; prn?: string };
interface Words {
  heading: string;
  body: string;
  links: { href: PortalPath; text: string }[];
}

const SEARCH_FIRM = { href: searchFormPath('firm'), text: 'Search for a firm by name' };

/** What the page says for each kind of record the register does not have. */
function words(kind: Kind, params: Params): Words {
  if (kind === 'individual' || kind === 'fund') {
    // Only well-formed numbers get this far (impossible ones are answered 400 before any lookup).
    const raw = kind === 'individual' ? params.irn : params.prn;
    const ref = raw ? raw.toUpperCase() : undefined;
    const label = kind === 'individual' ? 'IRN' : 'PRN';
    const whom = ref ? `with ${label} ${ref}` : undefined;
    const links = [{ href: searchFormPath(kind), text: `Search for ${kind === 'individual' ? 'an individual' : 'a fund'} by name` }];
    // Digits are also FRNs: the search checks funds, then firms, for this number.
    if (ref && kind === 'fund') links.unshift({ href: searchPath(ref, 'fund'), text: `Check whether ${ref} is a firm reference number (FRN) instead` });
    return {
      heading: `No ${kind} ${whom ?? 'with that reference number'} is on the register`,
      body: `The register answered that it has no ${kind} ${whom ?? 'with this number'}. The number may be mistyped, or the record may have been withdrawn or renumbered.`,
      links,
    };
  }
  const checked = checkFirmParams({ frn: params.frn ?? '', country: params.country, ref: params.ref });
  const frn = checked.ok ? checked.frn : undefined;
  const overview = frn ? [{ href: firmPath(frn), text: `Go to the firm's overview (FRN ${frn})` }] : [];
  if (kind === 'passport' && checked.ok && frn) {
    return {
      heading: `No passport for ${checked.country} under FRN ${frn}`,
      body: `The register has no passport permissions for ${checked.country} under FRN ${frn}. Either the firm has no passport for that country (it may never have had one, or it has ended), or no firm has this FRN.`,
      links: [{ href: firmPath(frn, 'passports'), text: 'See the countries this firm passports to' }, ...overview, SEARCH_FIRM],
    };
  }
  if (kind === 'requirement' && checked.ok && frn) {
    return {
      heading: `No requirement ${checked.ref} under FRN ${frn}`,
      body: `The register does not list a requirement with reference ${checked.ref} for FRN ${frn}. The reference may be mistyped or the requirement removed, or no firm has this FRN.`,
      links: [{ href: firmPath(frn, 'requirements'), text: "See this firm's requirements" }, ...overview, SEARCH_FIRM],
    };
  }
  return {
    heading: frn ? `No firm with FRN ${frn} is on the register` : 'No firm with that reference number is on the register',
    body: `The register answered that it has no firm ${frn ? `with FRN ${frn}` : 'with this number'}. The number may be mistyped, or the firm may be listed under another FRN.`,
    // Fund PRNs are digits too: a number pasted into the wrong box is a common slip.
    links: [
      ...(frn && kind === 'firm' ? [{ href: fundPath(frn), text: `Check whether ${frn} is a fund's product reference number (PRN) instead` }] : kind === 'firm' ? [] : overview),
      SEARCH_FIRM,
    ],
  };
}

/**
 * The body of every record's not-found page (HTTP 404): a firm, a passport country or requirement
 * of a firm, an individual, a fund. Next gives not-found files no props, so what was looked for
 * comes from the route's params, read back through the same checks the page used.
 */
export function RecordNotFound({ kind }: { kind: Kind }) {
  const params = useParams<Params>();
  const { heading, body, links } = words(kind, params ?? {});
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeader title={heading} />
      <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
        <p>{body}</p>
      </div>
      <ul className="list-disc space-y-1 pl-6 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <TextLink href={link.href}>{link.text}</TextLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
