import type { ReactNode } from 'react';
import { TableFilter } from '@/components/tables/table-filter';

export type Column<Row> = {
  /** Header text; also the CSV column name where the table is exported. */
  header: string;
  /** The cell; defaults to `String(row[key])`. */
  cell: (row: Row) => ReactNode;
  /** Extra classes for the cells of this column (e.g. `whitespace-nowrap`). */
  className?: string;
  /** The header is the row's label (a `<th scope="row">` cell). */
  rowHeader?: boolean;
};

type Props<Row> = {
  id: string;
  caption: ReactNode;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string;
  /** Offer a client-side filter over the rows shown (for long tables). */
  filterable?: boolean;
  emptyText?: string;
  /** Extra content after the caption text, e.g. a count or an export link. */
  captionExtra?: ReactNode;
  /** Tighter cells and a taller scroll box, for a list people scan many rows of at once (the changes inbox). */
  compact?: boolean;
};

/**
 * A semantic table with a caption, column headers scoped to their columns, a header that stays
 * in view while a long table scrolls, and (optionally) a filter box. Rendered on the server; the
 * filter is a small client island that hides non-matching rows.
 */
export function DataTable<Row>({ id, caption, columns, rows, rowKey, filterable, emptyText, captionExtra, compact = false }: Props<Row>) {
  const showFilter = filterable ?? rows.length > 10;
  const cell = compact ? 'px-2 py-1' : 'px-3 py-2';
  return (
    <div className="space-y-2">
      {showFilter ? <TableFilter tableId={id} label={typeof caption === 'string' ? caption : 'rows'} /> : null}
      {/* The scroll box takes keyboard focus (named by the caption) so a long or wide table can be
          scrolled without a mouse (WCAG 2.1.1), and is positioned so that visually hidden text in
          the cells (absolutely placed) stays inside it instead of widening the page (1.4.10). */}
      <div
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-caption`}
        className={`relative ${compact ? 'max-h-[90vh]' : 'max-h-[75vh]'} overflow-auto rounded border border-slate-200 bg-white print:max-h-none print:overflow-visible`}
      >
        <table id={id} className="min-w-full border-collapse text-left text-sm">
          <caption id={`${id}-caption`} className="px-3 py-2 text-left text-base font-semibold text-slate-900">
            {caption}
            {captionExtra ? <span className="ml-2 text-sm font-normal text-slate-600">{captionExtra}</span> : null}
          </caption>
          <thead className="sticky top-0 z-10 bg-slate-100 print:static">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={`border-b border-slate-300 ${cell} font-semibold whitespace-nowrap`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-3 py-4 text-slate-600">
                  {emptyText ?? 'Nothing to show.'}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={rowKey(row, index)} className="border-b border-slate-100 align-top even:bg-slate-50/60">
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row" className={`${cell} font-medium ${column.className ?? ''}`}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={`${cell} ${column.className ?? ''}`}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
