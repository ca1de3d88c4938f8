import type { Metadata } from 'next';
import { RequirementsTable } from '@/components/firm/requirements-table';
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
  return firmPageMetadata(params, 'Requirements');
}

/** /firm/[frn]/requirements: Requirements with investment types link to /firm/[frn]/requirements/[ref]. */
export default async function FirmRequirementsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="requirements" heading="Requirements" refreshCalls={listRefreshCalls('firmRequirements', frn, view)}>
      <SectionStream label="requirements" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'requirements')}
          view={view}
          fetchPage={(p) => client.firmRequirements(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmRequirements, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <RequirementsTable frn={frn} rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
