import type { Metadata } from 'next';
import { IndividualsTable } from '@/components/firm/individuals-table';
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
  return firmPageMetadata(params, 'Individuals');
}

/** /firm/[frn]/individuals: Each person links to /individual/[irn]; the register’s joined statuses are split into one tag each. */
export default async function FirmIndividualsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="individuals" heading="Individuals" refreshCalls={listRefreshCalls('firmIndividuals', frn, view)}>
      <SectionStream label="individuals" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'individuals')}
          view={view}
          fetchPage={(p) => client.firmIndividuals(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmIndividuals, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <IndividualsTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
