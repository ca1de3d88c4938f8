import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import type { AuditFilterValues, ParsedAuditFilters } from '@/lib/audit/audit-filters';

// Dates are text fields in the UK's order (dd/mm/yyyy): a browser's date picker shows the order of
// its own locale (mm/dd/yyyy in many), whatever the page's language.
const FIELDS: { name: keyof AuditFilterValues; label: string; type: string; hint: string; width: string; placeholder?: string; inputMode?: 'numeric' }[] = [
  { name: 'user', label: 'User e-mail', type: 'email', hint: 'Exact address', width: 'sm:w-64' },
  { name: 'reference', label: 'Reference', type: 'text', hint: 'FRN, IRN, PRN or e-mail', width: 'sm:w-44' },
  { name: 'action', label: 'Action', type: 'text', hint: 'e.g. firm.view, or auth. for a family', width: 'sm:w-52' },
  { name: 'from', label: 'From', type: 'text', hint: 'dd/mm/yyyy, inclusive', width: 'sm:w-44', placeholder: 'dd/mm/yyyy', inputMode: 'numeric' },
  { name: 'to', label: 'To', type: 'text', hint: 'dd/mm/yyyy, inclusive', width: 'sm:w-44', placeholder: 'dd/mm/yyyy', inputMode: 'numeric' },
];

/** The audit log's filters: a plain GET form, so a filtered view is a link an admin can share. */
export function AuditFilterForm({ parsed }: { parsed: ParsedAuditFilters }) {
  const problem = (field: string) => parsed.problems.find((p) => p.field === field)?.message;
  return (
    <form method="get" action="/admin/audit" className="no-print space-y-3 rounded border border-slate-200 bg-white p-4" aria-label="Filter the audit log">
      <div className="flex flex-wrap gap-4">
        {FIELDS.map((f) => {
          const error = problem(f.name);
          return (
            <Field key={f.name} id={`audit-${f.name}`} label={f.label} hint={f.hint} error={error} className={`w-full ${f.width}`}>
              <Input name={f.name} type={f.type} placeholder={f.placeholder} inputMode={f.inputMode} defaultValue={parsed.values[f.name]} maxLength={200} />
            </Field>
          );
        })}
      </div>
      <div className="flex items-center gap-4">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        <TextLink href="/admin/audit" className="text-sm">
          Clear filters
        </TextLink>
      </div>
    </form>
  );
}
