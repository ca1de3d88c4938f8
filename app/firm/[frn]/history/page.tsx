import type { Metadata } from 'next';
import { BadReference } from '@/components/register/bad-reference';
import { FirmPageShell } from '@/components/firm/firm-page-shell';
import { EntityHistory } from '@/components/watch/entity-history';
import { requireUser } from '@/lib/auth/session';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';

type Props = { params: Promise<{ frn: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return firmPageMetadata(params, 'History');
}

/** /firm/[frn]/history: what the watch checks saw change on the firm, before and after (not a register section). */
export default async function FirmHistoryPage({ params }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <BadReference page={page} />;
  const name = page.firm.kind === 'ok' ? (page.firm.data.name ?? null) : null;
  return (
    <FirmPageShell page={page} section="history" heading="History" refreshCalls={[]}>
      <EntityHistory kind="firm" refNumber={page.frn} name={name} />
    </FirmPageShell>
  );
}
