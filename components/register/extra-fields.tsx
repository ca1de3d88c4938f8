import type { Extra } from '@/lib/register/model';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value || '—';
  return JSON.stringify(value);
}

/**
 * Fields the register sent that the portal's model does not know yet, shown as sent so a new
 * upstream field still reaches the people checking a record.
 */
export function ExtraFields({ extra, label = 'Other fields from the register' }: { extra: Extra; label?: string }) {
  const entries = Object.entries(extra);
  if (entries.length === 0) return null;
  return (
    <div className="rounded border border-slate-200 bg-white p-3 text-sm">
      <p className="font-medium text-slate-700">{label}</p>
      <dl className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-slate-600">{key}</dt>
            <dd className="break-words">{show(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
