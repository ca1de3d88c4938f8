import { ExtraFields } from '@/components/register/extra-fields';
import { SummaryList } from '@/components/ui/summary-list';
import type { FirmAddress } from '@/lib/register/model';
import { TextAnchor } from '@/components/ui/text-link';

const TITLES: Record<FirmAddress['kind'], string> = {
  'principal-place-of-business': 'Principal place of business',
  'complaints-contact': 'Complaints contact',
  other: 'Address',
};

function missing() {
  return <span className="text-slate-600">Not recorded</span>;
}

/** One of the firm's addresses: postal address, phone, website and (for complaints) the contact's name. */
/** `headingLevel` 3 where the card sits under a section heading of its own (the printable report). */
export function AddressCard({ address, index, headingLevel = 2 }: { address: FirmAddress; index: number; headingLevel?: 2 | 3 }) {
  const title = address.kind === 'other' ? (address.type ?? TITLES.other) : TITLES[address.kind];
  const postal = [...address.lines, address.town, address.county, address.postcode, address.country].filter((l): l is string => Boolean(l));
  const headingId = `address-${index}-heading`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <Heading id={headingId} className="text-lg font-semibold">
        {title}
      </Heading>
      <SummaryList
        items={[
          { label: 'Address type (as the register names it)', value: address.type ?? missing() },
          ...(address.kind === 'complaints-contact' || address.contactName ? [{ label: 'Contact', value: address.contactName ?? missing() }] : []),
          {
            label: 'Address',
            value:
              postal.length > 0 ? (
                <address className="not-italic">
                  {postal.map((line, i) => (
                    <span key={`${i}-${line}`} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : (
                missing()
              ),
          },
          {
            label: 'Phone',
            value: address.phone ? <TextAnchor href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}>{address.phone}</TextAnchor> : missing(),
          },
          {
            label: 'Website',
            value: address.websiteUrl ? (
              <TextAnchor href={address.websiteUrl} rel="noopener noreferrer">
                {address.website ?? address.websiteUrl}
              </TextAnchor>
            ) : (
              (address.website ?? missing())
            ),
          },
        ]}
      />
      <ExtraFields extra={address.extra} />
    </section>
  );
}
