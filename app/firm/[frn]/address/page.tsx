import type { Metadata } from 'next';
import { AddressSection } from '@/components/firm/address-section';
import { FirmBadInput } from '@/components/firm/firm-bad-input';
import { firmName } from '@/components/firm/firm-list-props';
import { FirmPageShell } from '@/components/firm/firm-page-shell';
import { SectionStream } from '@/components/register/section-stream';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { requireUser } from '@/lib/auth/session';

type Props = { params: Promise<{ frn: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return firmPageMetadata(params, 'Address');
}

/** /firm/[frn]/address: principal place of business and complaints contact, with phone and website. */
export default async function FirmAddressPage({ params }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  return (
    <FirmPageShell page={page} section="address" heading="Address" refreshCalls={[{ endpoint: 'firmAddresses', args: [page.frn] }]}>
      <SectionStream label="addresses">
        <AddressSection frn={page.frn} firmName={firmName(page)} />
      </SectionStream>
    </FirmPageShell>
  );
}
