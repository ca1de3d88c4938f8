import type { Column } from '@/components/tables/data-table';
import type { Extra } from '@/lib/register/model';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.join('; ');
  return JSON.stringify(value);
}

/** One row's unknown fields, as label and value pairs. */
export function ExtraCell({ extra }: { extra: Extra }) {
  const entries = Object.entries(extra);
  if (entries.length === 0) return <span aria-hidden="true">—</span>;
  return (
    <dl className="space-y-0.5">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="inline font-medium text-slate-700">{key}: </dt>
          <dd className="inline break-words">{shown(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An "Other fields" column, present only when some row carries fields the portal's model does not
 * know: a field the register adds tomorrow shows up in every table without a code change.
 */
export function extraColumn<Row extends { extra: Extra }>(rows: Row[]): Column<Row>[] {
  if (!rows.some((row) => Object.keys(row.extra).length > 0)) return [];
  return [{ header: 'Other fields', cell: (row) => <ExtraCell extra={row.extra} /> }];
}
