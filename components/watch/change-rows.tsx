import type { ChangeRowDiff } from '@/lib/db/queries/watch-changes';

/** A value from the register as read at a check, for people: nothing shown as "(none)". */
export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(none)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A field path as a label: "address.postcode" → "address › postcode". */
function pathLabel(path: string): string {
  return path.replace(/\./g, ' › ');
}

const CHANGE_TEXT: Record<ChangeRowDiff['change'], string> = { added: 'Added', removed: 'Removed', changed: 'Changed' };

function RecordFields({ record, caption }: { record: Record<string, unknown>; caption: string }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <p className="text-sm text-slate-700">{caption}: no fields.</p>;
  return (
    <table className="min-w-full border-collapse text-left text-sm">
      <caption className="py-1 text-left font-medium">{caption}</caption>
      <thead className="bg-slate-100">
        <tr>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            Field
          </th>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([k, v]) => (
          <tr key={k} className="border-b border-slate-200 align-top">
            <th scope="row" className="px-2 py-1 font-medium">
              {pathLabel(k)}
            </th>
            <td className="px-2 py-1 break-words">{showValue(v)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Field by field, what the register said before and what it says now. */
function FieldsTable({ row }: { row: ChangeRowDiff }) {
  return (
    <table className="min-w-full border-collapse text-left text-sm" data-testid="change-fields">
      <caption className="py-1 text-left font-medium">What changed in {row.label}</caption>
      <thead className="bg-slate-100">
        <tr>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            Field
          </th>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            Before
          </th>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {(row.fields ?? []).map((f) => (
          <tr key={f.path} className="border-b border-slate-200 align-top">
            <th scope="row" className="px-2 py-1 font-medium">
              {pathLabel(f.path)}
            </th>
            <td className="px-2 py-1 break-words">
              <span className="sr-only">Before: </span>
              <del className="decoration-red-700">{showValue(f.before)}</del>
            </td>
            <td className="px-2 py-1 break-words">
              <span className="sr-only">After: </span>
              <ins className="no-underline">{showValue(f.after)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each row a change touched: added (what it says now), removed (what it said), changed (before and after per field). */
export function ChangeRows({ rows }: { rows: ChangeRowDiff[] }) {
  if (rows.length === 0) return <p className="text-sm text-slate-700">The change has no row-level details.</p>;
  return (
    <ol className="space-y-4" data-testid="change-rows">
      {rows.map((row, i) => (
        <li key={`${row.change}-${row.key}-${i}`} className="space-y-2 rounded border border-slate-200 bg-white p-3">
          <p className="font-medium">
            <span className="mr-2 rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold">{CHANGE_TEXT[row.change]}</span>
            {row.label}
          </p>
          {row.change === 'changed' && row.fields?.length ? <FieldsTable row={row} /> : null}
          {row.change === 'changed' && !row.fields?.length ? (
            <div className="grid gap-3 md:grid-cols-2">
              {row.before ? <RecordFields record={row.before} caption="Before" /> : null}
              {row.after ? <RecordFields record={row.after} caption="After" /> : null}
            </div>
          ) : null}
          {row.change === 'added' && row.after ? <RecordFields record={row.after} caption="After (added)" /> : null}
          {row.change === 'removed' && row.before ? <RecordFields record={row.before} caption="Before (removed)" /> : null}
        </li>
      ))}
    </ol>
  );
}
