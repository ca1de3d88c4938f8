import { ExportLink } from '@/components/register/export-link';
import { firmExportHref } from '@/lib/export/export-paths';
import { firmPath } from '@/lib/routes/portal-paths';
import { FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';
import type { FirmPage } from '@/lib/firm/load-firm-page';
import { NoneRecorded } from './none-recorded';

type ReadyPage = Extract<FirmPage, { kind: 'ready' }>;

/** The firm's name for sentences, or its FRN when the register could not give the record. */
export function firmName(page: ReadyPage): string {
  return page.firm.kind === 'ok' && page.firm.data.name ? page.firm.data.name : `the firm with FRN ${page.frn}`;
}

/** What every firm list section says the same way: its URL, units, failure wording and "none recorded". */
export function firmListProps(page: ReadyPage, slug: FirmSectionSlug) {
  const info = FIRM_SECTIONS[slug];
  return {
    basePath: firmPath(page.frn, slug),
    unit: info.unit,
    label: info.noun,
    failureWhat: `${info.noun} of FRN ${page.frn}`,
    none: <NoneRecorded noun={info.noun} firmName={firmName(page)} />,
    // Every page of the list as CSV, for analysts (the link hides itself from other roles).
    actions: <ExportLink href={firmExportHref(page.frn, slug)} what={info.noun} />,
  };
}
