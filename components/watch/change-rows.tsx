import type { ChangeRowDiff } from '@/lib/watch/watch-store';
import type { EntityKind } from '@/lib/db/schema';
import { describeRows, type ChangeWords, type RowChangeKind } from '@/lib/watch/change-words';

const CHANGE_TEXT: Record<RowChangeKind, string> = { added: 'Added', removed: 'Removed', ended: 'Ended', changed: 'Changed' };

/**
 * What the row said before and says now, field by field, in one table: the fields that differ
 * say so in words (never by colour alone). A row added has only "Now", a row removed only "Before".
 */
function FieldsTable({ words }: { words: ChangeWords }) {
  const labels = [...new Set([...Object.keys(words.before ?? {}), ...Object.keys(words.after ?? {})])];
  if (labels.length === 0) return null;
  const changed = new Set(words.changed);
  const sides = [...(words.before ? (['before'] as const) : []), ...(words.after ? (['after'] as const) : [])];
  return (
    <table className="min-w-full border-collapse text-left text-sm" data-testid="change-fields">
      <caption className="sr-only">{words.text}: the row before and after</caption>
      <thead className="bg-slate-100">
        <tr>
          <th scope="col" className="border-b border-slate-300 px-2 py-1">
            Field
          </th>
          {sides.map((side) => (
            <th key={side} scope="col" className="border-b border-slate-300 px-2 py-1">
              {side === 'before' ? 'Before' : 'Now'}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((label) => (
          <tr key={label} className={`border-b border-slate-200 align-top ${changed.has(label) ? 'bg-amber-50' : ''}`}>
            <th scope="row" className="px-2 py-1 font-medium">
              {label}
              {changed.has(label) ? (
                <>
                  {' '}
                  <span className="text-xs font-semibold text-amber-900">(changed)</span>
                </>
              ) : null}
            </th>
            {sides.map((side) => (
              <td key={side} className="px-2 py-1 break-words">
                {words[side]?.[label] ?? <span className="text-slate-600">none</span>}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Each row a change touched, as its sentence, then what the row said before and says now. */
export function ChangeRows({ kind, section, rows }: { kind: EntityKind; section: string; rows: ChangeRowDiff[] }) {
  const words = describeRows(kind, section, rows);
  if (words.length === 0) {
    return <p className="text-sm text-slate-700">Only the order or numbering of the register’s rows changed: nothing the register says is different.</p>;
  }
  return (
    <ol className="space-y-3" data-testid="change-rows">
      {words.map((w, i) => (
        <li key={`${w.key}-${i}`} className="space-y-2 rounded border border-slate-200 bg-white p-3" data-change={w.change}>
          <p className="font-medium">
            <span className="mr-2 rounded border border-slate-400 px-1.5 py-0.5 text-xs font-semibold">{CHANGE_TEXT[w.change]}</span>
            {w.text}
          </p>
          <FieldsTable words={w} />
        </li>
      ))}
    </ol>
  );
}
