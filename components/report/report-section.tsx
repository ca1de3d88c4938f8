import { NoneRecorded } from '@/components/firm/none-recorded';
import { FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/firm/firm-sections';
import type { FirmReportData, ReportList } from '@/lib/report/firm-report-data';
import { SECTION_RENDERERS } from './firm-report-sections';
import { ReportListStatus } from './report-list-status';
import { ReportPassportDetails } from './report-passport-details';
import { ReportRequirementDetails } from './report-requirement-details';

/** One firm section of the report: its heading, the whole list (or why not), and its details (passport countries, requirements' investment types). */
export function ReportSection({ slug, data, firmName }: { slug: FirmSectionSlug; data: FirmReportData; firmName: string }) {
  const info = FIRM_SECTIONS[slug];
  // The mapped types pair each section's list with its renderer; TypeScript cannot follow that through a loop variable.
  const list = data.sections[slug] as ReportList<unknown>;
  const renderer = SECTION_RENDERERS[slug] as unknown as { rows: (d: unknown) => number; render: (d: unknown, frn: string) => React.ReactNode };
  return (
    <section id={`report-${slug}`} aria-labelledby={`report-${slug}-heading`} className="report-section space-y-3" data-testid={`report-section-${slug}`}>
      <h2 id={`report-${slug}-heading`} className="border-b border-slate-300 pb-1 text-xl font-semibold">
        {info.title}
      </h2>
      <ReportListStatus
        list={list}
        noun={info.noun}
        none={<NoneRecorded noun={info.noun} firmName={firmName} />}
        rows={renderer.rows}
        maxPages={data.limits.maxPages}
      >
        {(d) => renderer.render(d, data.frn)}
      </ReportListStatus>
      {slug === 'passports' ? <ReportPassportDetails data={data} firmName={firmName} /> : null}
      {slug === 'requirements' ? <ReportRequirementDetails data={data} firmName={firmName} /> : null}
    </section>
  );
}
