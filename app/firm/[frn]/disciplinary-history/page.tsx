import type { Metadata } from 'next';
import { DisciplinaryHistoryTable } from '@/components/firm/disciplinary-history-table';
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
  return firmPageMetadata(params, 'Disciplinary history');
}

/** /firm/[frn]/disciplinary-history: The register answers "not found" for a firm without any: shown as none recorded. */
export default async function FirmDisciplinaryHistoryPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="disciplinary-history" heading="Disciplinary history" refreshCalls={listRefreshCalls('firmDisciplinaryHistory', frn, view)}>
      <SectionStream label="disciplinary history" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'disciplinary-history')}
          view={view}
          fetchPage={(p) => client.firmDisciplinaryHistory(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmDisciplinaryHistory, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <DisciplinaryHistoryTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
