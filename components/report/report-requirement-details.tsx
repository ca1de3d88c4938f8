import { InvestmentTypesTable } from '@/components/firm/investment-types-table';
import { NoneRecorded } from '@/components/firm/none-recorded';
import type { FirmReportData } from '@/lib/report/firm-report-data';
import { DetailsCutNote } from './details-cut-note';
import { ReportListStatus } from './report-list-status';

/** Each requirement's investment types, under the requirements list. */
export function ReportRequirementDetails({ data, firmName }: { data: FirmReportData; firmName: string }) {
  if (data.requirementInvestmentTypes.length === 0 && !data.detailsCut?.requirements) return null;
  return (
    <div className="space-y-4" data-testid="report-investment-types">
      <h3 className="text-lg font-semibold">Investment types by requirement</h3>
      <DetailsCutNote cut={data.detailsCut?.requirements} what="investment types" />
      {data.requirementInvestmentTypes.map((detail, i) => (
        <section key={detail.key} aria-label={`Investment types under requirement ${detail.key}`} className="space-y-2 border-l-4 border-slate-200 pl-3">
          <ReportListStatus
            list={detail.result}
            noun={`investment types under requirement ${detail.key}`}
            none={<NoneRecorded noun={`investment types under requirement ${detail.key}`} firmName={firmName} />}
            rows={(d) => d.length}
            maxPages={data.limits.maxPages}
          >
            {(d) => <InvestmentTypesTable reference={detail.key} rows={d} id={`report-investment-types-${i}`} />}
          </ReportListStatus>
        </section>
      ))}
    </div>
  );
}
