import { FirmKeyFacts } from '@/components/firm/firm-key-facts';
import { FirmWarnings } from '@/components/firm/firm-warnings';
import { ResultProvenance } from '@/components/register/result-provenance';
import { StandingDetails } from '@/components/standing/standing-badge';
import { WarningCallout } from '@/components/ui/warning-callout';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS } from '@/lib/sections/firm-sections';
import { type FirmReportData, reportFirmName } from '@/lib/report/firm-report-data';
import { type FileHref, ReportFilesTable } from './report-files';
import { ReportSection } from './report-section';
import { ReportStamp } from './report-stamp';
import { TextAnchor } from '@/components/ui/text-link';

/**
 * A firm report, rendered from its data alone: no register call, no clock, no session. The live
 * report page and a saved snapshot (/reports/[id]) both render this, so a snapshot shows exactly
 * what was shown when it was saved. A summary report (data.summary) shows each list's count and
 * first rows, with the files that hold every row.
 */
export function FirmReport({ data, fileHref }: { data: FirmReportData; /** Where a summary's files are downloaded (none: their names only). */ fileHref?: FileHref }) {
  const name = reportFirmName(data);
  return (
    <article className="firm-report space-y-8" data-testid="firm-report" aria-label={`Register report for ${name}`}>
      <ReportStamp data={data} />
      {data.summary ? <ReportFilesTable summary={data.summary} fileHref={fileHref} /> : null}

      <section aria-labelledby="report-firm-heading" className="space-y-3" data-testid="report-section-firm">
        <h2 id="report-firm-heading" className="text-xl font-semibold">
          The firm
        </h2>
        {data.firm.status === 'ok' ? (
          <>
            {data.standing ? <StandingDetails standing={data.standing} /> : null}
            <FirmWarnings firm={data.firm.data} sayNone />
            <FirmKeyFacts firm={data.firm.data} />
            <ResultProvenance provenance={data.firm.provenance}>
              <span aria-hidden="true">·</span>
              <span className="font-mono">{data.firm.provenance.path}</span>
            </ResultProvenance>
          </>
        ) : (
          <WarningCallout tone="danger" title="The firm record could not be read from the register">
            {data.firm.failure.message} ({data.firm.failure.kind})
          </WarningCallout>
        )}
      </section>

      <nav aria-label="Report contents" className="rounded border border-slate-200 bg-white p-3 text-sm">
        <h2 className="font-semibold">Contents</h2>
        <ol className="mt-1 columns-2 list-decimal pl-5 sm:columns-3">
          {FIRM_SECTION_SLUGS.map((slug) => (
            <li key={slug}>
              <TextAnchor href={`#report-${slug}`}>{FIRM_SECTIONS[slug].title}</TextAnchor>
            </li>
          ))}
        </ol>
      </nav>

      {FIRM_SECTION_SLUGS.map((slug) => (
        <ReportSection key={slug} slug={slug} data={data} firmName={name} fileHref={fileHref} />
      ))}
    </article>
  );
}
