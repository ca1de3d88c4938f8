import { useId } from 'react';
import { DataTable } from '@/components/tables/data-table';
import type { ChangeRowDiff } from '@/lib/watch/watch-store';
import type { EntityKind } from '@/lib/db/schema';
import { describeRows, type ChangeWords, type RowChangeKind } from '@/lib/watch/change-words';

const CHANGE_TEXT: Record<RowChangeKind, string> = { added: 'Added', removed: 'Removed', ended: 'Ended', changed: 'Changed' };

/**
 * What the row said before and says now, field by field, in one table: the fields that differ
 * say so in words (never by colour alone). A row added has only "Now", a row removed only "Before".
 */
function FieldsTable({ words }: { words: ChangeWords }) {
  // Several changes, each with its tables, can share a page (a record's history): each table needs its own id.
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const labels = [...new Set([...Object.keys(words.before ?? {}), ...Object.keys(words.after ?? {})])];
  if (labels.length === 0) return null;
  const changed = new Set(words.changed);
  const sides = [...(words.before ? (['before'] as const) : []), ...(words.after ? (['after'] as const) : [])];
  return (
    <DataTable
      id={`change-fields-${id}`}
      testId="change-fields"
      caption={`${words.text}: the row before and after`}
      captionHidden
      compact
      filterable={false}
      rows={labels}
      rowKey={(label) => label}
      rowProps={(label) => ({ className: changed.has(label) ? 'bg-amber-50' : undefined })}
      columns={[
        {
          header: 'Field',
          rowHeader: true,
          cell: (label) => (
            <>
              {label}
              {changed.has(label) ? (
                <>
                  {' '}
                  <span className="text-xs font-semibold text-amber-900">(changed)</span>
                </>
              ) : null}
            </>
          ),
        },
        ...sides.map((side) => ({
          header: side === 'before' ? 'Before' : 'Now',
          className: 'break-words',
          cell: (label: string) => words[side]?.[label] ?? <span className="text-slate-600">none</span>,
        })),
      ]}
    />
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
