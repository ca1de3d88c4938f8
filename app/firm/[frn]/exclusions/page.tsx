import type { Metadata } from 'next';
import { ExclusionsTable } from '@/components/firm/exclusions-table';
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
  return firmPageMetadata(params, 'Exclusions');
}

/** /firm/[frn]/exclusions: The PSD2 exclusions a payment firm relies on. */
export default async function FirmExclusionsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="exclusions" heading="Exclusions" refreshCalls={listRefreshCalls('firmExclusions', frn, view)}>
      <SectionStream label="exclusions" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'exclusions')}
          view={view}
          fetchPage={(p) => client.firmExclusions(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmExclusions, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <ExclusionsTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
