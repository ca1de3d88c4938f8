import { NoneRecorded } from '@/components/firm/none-recorded';
import { firmSectionView } from '@/components/firm/firm-section-tables';
import { FIRM_SECTIONS, type FirmSectionData, type FirmSectionSlug, sectionSize } from '@/lib/sections/firm-sections';
import type { FirmReportData, ReportList } from '@/lib/report/firm-report-data';
import { ReportListStatus } from './report-list-status';
import { ReportPassportDetails } from './report-passport-details';
import { ReportRequirementDetails } from './report-requirement-details';

/** One firm section of the report: its heading, the whole list (or why not), and its details (passport countries, requirements' investment types). */
export function ReportSection({ slug, data, firmName }: { slug: FirmSectionSlug; data: FirmReportData; firmName: string }) {
  const info = FIRM_SECTIONS[slug];
  const list = data.sections[slug] as ReportList<FirmSectionData[FirmSectionSlug]>;
  const view = firmSectionView(slug);
  return (
    <section id={`report-${slug}`} aria-labelledby={`report-${slug}-heading`} className="report-section space-y-3" data-testid={`report-section-${slug}`}>
      <h2 id={`report-${slug}-heading`} className="border-b border-slate-300 pb-1 text-xl font-semibold">
        {info.title}
      </h2>
      <ReportListStatus
        list={list}
        noun={info.noun}
        none={<NoneRecorded noun={info.noun} firmName={firmName} />}
        rows={(d) => sectionSize(slug, d)}
        maxPages={data.limits.maxPages}
      >
        {(d) => view.table(d, 'all', data.frn)}
      </ReportListStatus>
      {slug === 'passports' ? <ReportPassportDetails data={data} firmName={firmName} /> : null}
      {slug === 'requirements' ? <ReportRequirementDetails data={data} firmName={firmName} /> : null}
    </section>
  );
}
