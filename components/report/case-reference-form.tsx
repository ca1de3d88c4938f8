import type { ReportView } from '@/lib/report/firm-report-data';
import { CASE_REFERENCE_MAX } from '@/lib/report/case-reference';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';

const VIEWS: { value: ReportView; label: string; hint: string }[] = [
  { value: 'full', label: 'Full report', hint: 'every row of every list' },
  { value: 'summary', label: 'Summary report', hint: 'each list’s count and first rows; every list in full as a CSV file, its SHA-256 printed' },
];

/**
 * The optional case reference stamped on the report, and which report (full or summary): a GET
 * form back to the report page, so both are in the address (shareable, and a refresh generates
 * the same stamp). "Save as evidence" carries the case reference typed here too
 * (components/report/save-evidence-form.tsx), so the one typed is the one saved.
 */
export function CaseReferenceForm({ action, value, view = 'full', error }: { action: string; value?: string; view?: ReportView; error?: string }) {
  return (
    <form
      method="get"
      action={action}
      id="report-options"
      className="no-print flex flex-wrap items-end gap-x-6 gap-y-3 rounded border border-slate-200 bg-white p-3"
      aria-label="Report options"
    >
      <Field
        id="case-reference"
        label={
          <>
            Case reference <span className="font-normal text-slate-600">(optional, printed on the report)</span>
          </>
        }
      >
        <Input
          name="case"
          type="text"
          defaultValue={value}
          maxLength={CASE_REFERENCE_MAX}
          placeholder="e.g. KYC-2026-0142"
          aria-describedby={error ? 'case-reference-error' : undefined}
          aria-invalid={error ? true : undefined}
          className="w-72"
        />
      </Field>
      <fieldset className="text-sm">
        <legend className="font-medium">Report</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {VIEWS.map((v) => (
            <label key={v.value} className="flex items-start gap-1.5">
              <input type="radio" name="view" value={v.value} defaultChecked={v.value === view} className="mt-1" />
              <span>
                <span className="font-medium">{v.label}</span> <span className="text-slate-600">({v.hint})</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit">Generate report</Button>
      {error ? (
        <p id="case-reference-error" role="alert" className="w-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
