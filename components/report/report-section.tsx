import { NoneRecorded } from '@/components/firm/none-recorded';
import { firmSectionView } from '@/components/firm/firm-section-tables';
import { FIRM_SECTIONS, type FirmSectionData, type FirmSectionSlug, sectionSize } from '@/lib/sections/firm-sections';
import type { FirmReportData, ReportList } from '@/lib/report/firm-report-data';
import { firstRowsOf, longerThan } from '@/lib/report/report-summary';
import { type FileHref, ReportDetailsSummary, ReportFirstRowsNote } from './report-files';
import { ReportListStatus } from './report-list-status';
import { ReportPassportDetails } from './report-passport-details';
import { ReportRequirementDetails } from './report-requirement-details';

/**
 * One firm section of the report: its heading, the whole list (or why not), and its details
 * (passport countries, requirements' investment types). In a summary report a long list shows its
 * count and first rows, with the file that holds every row, and the details are counted instead.
 */
export function ReportSection({ slug, data, firmName, fileHref }: { slug: FirmSectionSlug; data: FirmReportData; firmName: string; fileHref?: FileHref }) {
  const info = FIRM_SECTIONS[slug];
  const list = data.sections[slug] as ReportList<FirmSectionData[FirmSectionSlug]>;
  const view = firmSectionView(slug);
  const summary = data.summary;
  const file = summary?.files.find((f) => f.key === slug);
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
        {(d) =>
          summary && longerThan(d, summary.firstRows) ? (
            <>
              <ReportFirstRowsNote file={file} firstRows={summary.firstRows} fileHref={fileHref} />
              {view.table(firstRowsOf(d, summary.firstRows), 'first', data.frn)}
            </>
          ) : (
            view.table(d, 'all', data.frn)
          )
        }
      </ReportListStatus>
      {slug === 'passports' ? (
        summary ? (
          <ReportDetailsSummary
            heading="Permissions by country"
            lists={data.passportPermissions.length}
            rows={summary.files.find((f) => f.key === 'passport-permissions')?.rows ?? 0}
            file={summary.files.find((f) => f.key === 'passport-permissions')}
            fileHref={fileHref}
            testId="report-passport-permissions-summary"
          />
        ) : (
          <ReportPassportDetails data={data} firmName={firmName} />
        )
      ) : null}
      {slug === 'requirements' ? (
        summary ? (
          <ReportDetailsSummary
            heading="Investment types by requirement"
            lists={data.requirementInvestmentTypes.length}
            rows={summary.files.find((f) => f.key === 'investment-types')?.rows ?? 0}
            file={summary.files.find((f) => f.key === 'investment-types')}
            fileHref={fileHref}
            testId="report-investment-types-summary"
          />
        ) : (
          <ReportRequirementDetails data={data} firmName={firmName} />
        )
      ) : null}
    </section>
  );
}
