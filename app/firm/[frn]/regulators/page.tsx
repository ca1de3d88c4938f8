import type { Metadata } from 'next';
import { RegulatorsTable } from '@/components/firm/regulators-table';
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
  return firmPageMetadata(params, 'Regulators');
}

/** /firm/[frn]/regulators: Which regulators have supervised the firm, and when. */
export default async function FirmRegulatorsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="regulators" heading="Regulators" refreshCalls={listRefreshCalls('firmRegulators', frn, view)}>
      <SectionStream label="regulators" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'regulators')}
          view={view}
          fetchPage={(p) => client.firmRegulators(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmRegulators, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <RegulatorsTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
