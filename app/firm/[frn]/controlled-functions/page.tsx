import type { Metadata } from 'next';
import { ControlledFunctionsTables } from '@/components/firm/controlled-functions-tables';
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
  return firmPageMetadata(params, 'Controlled functions');
}

/** /firm/[frn]/controlled-functions: Pages hold up to 10 current and 10 previous rows and follow the larger bucket, so the page count is only known once a bucket ends. */
export default async function FirmControlledFunctionsPage({ params, searchParams }: Props) {
  await requireUser();
  const page = await loadFirmPage(params);
  if (page.kind === 'bad-input') return <FirmBadInput {...page} />;
  const view = parseListView(await searchParams);
  const { frn } = page;
  const client = getRegisterClient();
  return (
    <FirmPageShell page={page} section="controlled-functions" heading="Controlled functions" refreshCalls={listRefreshCalls('firmControlledFunctions', frn, view)}>
      <SectionStream label="controlled functions" viewKey={listViewKey(view)}>
        <PagedRegisterList
          {...firmListProps(page, 'controlled-functions')}
          view={view}
          buckets
          fetchPage={(p) => client.firmControlledFunctions(frn, { page: p })}
          fetchAll={(onProgress) => client.allPages(client.firmControlledFunctions, [frn], { onProgress })}
          rows={(d) => d.current.length + d.previous.length}
          render={(d, scope) => <ControlledFunctionsTables data={d} scope={scope} />}
        />
      </SectionStream>
    </FirmPageShell>
  );
}
