import { CASE_REFERENCE_MAX } from '@/lib/report/case-reference';

/**
 * The optional case reference stamped on the report: a GET form back to the report page, so the
 * reference is in the address (shareable, and a refresh generates the same stamp).
 */
export function CaseReferenceForm({ action, value, error }: { action: string; value?: string; error?: string }) {
  return (
    <form method="get" action={action} className="no-print flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3" aria-label="Case reference">
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="case-reference" className="font-medium">
          Case reference <span className="font-normal text-slate-600">(optional, printed on the report)</span>
        </label>
        <input
          id="case-reference"
          name="case"
          type="text"
          defaultValue={value}
          maxLength={CASE_REFERENCE_MAX}
          placeholder="e.g. KYC-2026-0142"
          aria-describedby={error ? 'case-reference-error' : undefined}
          aria-invalid={error ? true : undefined}
          className="w-72 rounded border border-slate-400 px-2 py-1"
        />
      </div>
      <button type="submit" className="rounded border border-brand-700 bg-white px-3 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50">
        Generate with this reference
      </button>
      {error ? (
        <p id="case-reference-error" role="alert" className="w-full text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </form>
  );
}
