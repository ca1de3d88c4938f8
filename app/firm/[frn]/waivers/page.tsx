import type { Metadata } from 'next';
import { WaiversTable } from '@/components/firm/waivers-table';
import { FirmBadInput } from '@/components/firm/firm-bad-input';
import { firmListProps, listRefreshCalls } from '@/components/firm/firm-list-props';
import { FirmPageShell } from '@/components/firm/firm-page-shell';
import { listViewKey, parseListView, type SearchParams } from '@/components/register/list-view';
import { PagedRegisterList } from '@/components/register/paged-register-list';
import { SectionStream } from '@/components/register/section-stream';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { getRegisterClient } from '@/lib/register/client';
import { requireUser } from '@/lib/auth/session';

type Props = { params: Promise<{ frn: string }>; searchParams: Promise<SearchParams> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return firmPageMetadata(params, 'Waivers');
}

/** /firm/[frn]/waivers: Each waiver lists its rules and links to its published document when there is one. */
export default async function FirmWaiversPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="waivers" heading="Waivers" refreshCalls={listRefreshCalls('firmWaivers', frn, view)}>
      <SectionStream label="waivers" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'waivers')}
          view={view}
          fetchPage={(p) => client.firmWaivers(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmWaivers, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <WaiversTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
