import type { Metadata } from 'next';
import { listRefreshCall, listViewKey, parseListView, type SearchParams } from '@/lib/page-data/list-view';
import { PagedRegisterList } from '@/components/register/paged-register-list';
import { StreamedBody } from '@/components/register/streamed-body';
import { requireUser } from '@/lib/auth/session';
import { FIRM_SECTIONS, type FirmSectionSlug, sectionEndpoint, sectionSize } from '@/lib/sections/firm-sections';
import { firmPageMetadata, loadFirmPage } from '@/lib/firm/load-firm-page';
import { getRegisterClient } from '@/lib/register/client';
import { BadReference } from '@/components/register/bad-reference';
import { firmListProps, firmName } from './firm-list-props';
import { FirmPageShell } from './firm-page-shell';
import { firmSectionView } from './firm-section-tables';

type Props = { params: Promise<{ frn: string }>; searchParams: Promise<SearchParams> };

/**
 * The route of one firm section, /firm/[frn]/{slug}: every section page is this, made from the
 * section's entry in lib/sections/firm-sections.ts and its view in firm-section-tables.tsx. Each
 * app/firm/[frn]/{slug}/page.tsx only names its slug.
 */
export function firmSectionRoute(slug: FirmSectionSlug) {
  const info = FIRM_SECTIONS[slug];
  const view = firmSectionView(slug);

  function generateMetadata({ params }: Props): Promise<Metadata> {
    return firmPageMetadata(params, info.title);
  }

  async function FirmSectionPage({ params, searchParams }: Props) {
    await requireUser();
    const page = await loadFirmPage(params);
    if (page.kind === 'bad-input') return <BadReference page={page} />;
    const { frn } = page;

    if (!info.paged && view.whole) {
      return (
        <FirmPageShell page={page} section={slug} heading={info.title} refreshCalls={[{ endpoint: info.endpoint, args: [frn] }]}>
          <StreamedBody label={info.label}>{view.whole(frn, firmName(page))}</StreamedBody>
        </FirmPageShell>
      );
    }

    const listView = parseListView(await searchParams);
    const client = getRegisterClient();
    const endpoint = sectionEndpoint(client, slug);
    return (
      <FirmPageShell page={page} section={slug} heading={info.title} refreshCalls={[listRefreshCall(info.endpoint, frn, listView)]}>
        <StreamedBody label={info.label} viewKey={listViewKey(listView)}>
          <PagedRegisterList
            {...firmListProps(page, slug)}
            view={listView}
            buckets={info.paging === 'bucketed'}
            fetchPage={(p) => endpoint(frn, { page: p })}
            fetchAll={(onProgress) => client.allPages(endpoint, [frn], { onProgress })}
            rows={(d) => sectionSize(slug, d)}
            render={(d, scope) => {
              view.seen?.(frn, d);
              return view.table(d, scope, frn);
            }}
          />
        </StreamedBody>
      </FirmPageShell>
    );
  }

  return { generateMetadata, FirmSectionPage };
}
