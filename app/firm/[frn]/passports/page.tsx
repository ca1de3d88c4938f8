import type { Metadata } from 'next';
import { PassportsTable } from '@/components/firm/passports-table';
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
  return firmPageMetadata(params, 'Passports');
}

/** /firm/[frn]/passports: Each country links to /firm/[frn]/passports/[country] (the country as a slug). */
export default async function FirmPassportsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="passports" heading="Passports" refreshCalls={listRefreshCalls('firmPassports', frn, view)}>
      <SectionStream label="passports" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'passports')}
          view={view}
          fetchPage={(p) => client.firmPassports(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmPassports, [frn], { onProgress })}
          rows={(d) => d.passports.length}
          render={(d, scope) => <PassportsTable frn={frn} data={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
