import type { Metadata } from 'next';
import { AppointedRepresentativesTables } from '@/components/firm/appointed-representatives-tables';
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
  return firmPageMetadata(params, 'Appointed representatives');
}

/** /firm/[frn]/appointed-representatives: Pages hold up to 10 current and 10 previous rows and follow the larger bucket (a network can have thousands: "show all" walks them with progress). */
export default async function FirmAppointedRepresentativesPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="appointed-representatives" heading="Appointed representatives" refreshCalls={listRefreshCalls('firmAppointedRepresentatives', frn, view)}>
      <SectionStream label="appointed representatives" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'appointed-representatives')}
          view={view}
          buckets
          fetchPage={(p) => client.firmAppointedRepresentatives(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmAppointedRepresentatives, [frn], { onProgress })}
          rows={(d) => d.current.length + d.previous.length}
          render={(d, scope) => <AppointedRepresentativesTables data={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
