import type { Metadata } from 'next';
import { NamesTables } from '@/components/firm/names-tables';
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
  return firmPageMetadata(params, 'Names');
}

/** /firm/[frn]/names: Current and previous trading and registered names. */
export default async function FirmNamesPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="names" heading="Names" refreshCalls={listRefreshCalls('firmNames', frn, view)}>
      <SectionStream label="names" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'names')}
          view={view}
          fetchPage={(p) => client.firmNames(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmNames, [frn], { onProgress })}
          rows={(d) => d.current.length + d.previous.length}
          render={(d, scope) => <NamesTables data={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
