import { NoneRecorded } from '@/components/firm/none-recorded';
import { PassportPermissionsView } from '@/components/firm/passport-permissions-view';
import type { FirmReportData } from '@/lib/report/firm-report-data';
import { DetailsCutNote } from './details-cut-note';
import { ReportListStatus } from './report-list-status';

/** Each passport country's permissions, under the passports list. */
export function ReportPassportDetails({ data, firmName }: { data: FirmReportData; firmName: string }) {
  if (data.passportPermissions.length === 0 && !data.detailsCut?.passports) return null;
  return (
    <div className="space-y-4" data-testid="report-passport-permissions">
      <h3 className="text-lg font-semibold">Permissions by country</h3>
      <DetailsCutNote cut={data.detailsCut?.passports} what="passport permissions" />
      {data.passportPermissions.map((detail, i) => (
        <section key={detail.key} aria-label={`Passport permissions for ${detail.key}`} className="space-y-2 border-l-4 border-slate-200 pl-3">
          <h4 className="font-semibold">{detail.key}</h4>
          <ReportListStatus
            list={detail.result}
            noun={`passport permissions for ${detail.key}`}
            none={<NoneRecorded noun={`passport permissions for ${detail.key}`} firmName={firmName} />}
            rows={(d) => d.length}
            maxPages={data.limits.maxPages}
          >
            {(d) => <PassportPermissionsView rows={d} idPrefix={`report-passport-${i}-`} headingLevel={5} />}
          </ReportListStatus>
        </section>
      ))}
    </div>
  );
}
