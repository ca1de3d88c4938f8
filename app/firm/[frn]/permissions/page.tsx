import type { Metadata } from 'next';
import { PermissionsTable } from '@/components/firm/permissions-table';
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
  return firmPageMetadata(params, 'Permissions');
}

/** /firm/[frn]/permissions: The register pages permissions by key, 20 to a page; each row lists its customer types, investment types and limitations. */
export default async function FirmPermissionsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="permissions" heading="Permissions" refreshCalls={listRefreshCalls('firmPermissions', frn, view)}>
      <SectionStream label="permissions" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'permissions')}
          view={view}
          fetchPage={(p) => client.firmPermissions(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmPermissions, [frn], { onProgress })}
          rows={(d) => d.length}
          render={(d, scope) => <PermissionsTable rows={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
