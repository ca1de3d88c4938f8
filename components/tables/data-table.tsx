import { Fragment, type ReactNode } from 'react';
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
  /** Only on paper: a column the screen's page already says (e.g. whose list it is), which a loose printed page needs. */
  printOnly?: boolean;
  /** Extra classes for the column's header cell (e.g. `text-right` over numbers). */
  headerClassName?: string;
};

/** What a body row carries besides its cells: a class (which replaces the stripes, e.g. a disabled user's grey) and test or data attributes. */
export type RowAttributes = { className?: string; id?: string } & { [attribute: `data-${string}`]: string | undefined };

/**
 * The region a table sits in: it scrolls sideways when the table is wider than the page, never up
 * and down (no height is set, so every row is on the page). Every table of the portal is a DataTable (no hand-built tables remain).
 */
export const TABLE_REGION = 'relative overflow-x-auto rounded border border-slate-200 bg-white print:overflow-visible';

/** A body row: an opaque stripe, which the held first cell inherits so the columns scrolled under it do not show through. */
const ROW_BASE = 'border-b border-slate-100 align-top';
const ROW_STRIPES = 'bg-white even:bg-slate-50';

/**
 * The first cell of every row (and of the header row) is held at the left edge while the rest
 * of a wide table scrolls sideways. On a phone it takes at most two fifths of the screen (its
 * words wrap), so the next columns are in view beside it.
 */
export const TABLE_FIRST_CELL =
  'sticky left-0 z-[1] bg-inherit shadow-[1px_0_0_0_var(--color-slate-200)] max-sm:max-w-[40vw] max-sm:min-w-0 max-sm:whitespace-normal break-words print:static';

const PRINT_ONLY = 'hidden print:table-cell';

/** The caption stays at the region's left edge, as wide as the screen, while a wide table scrolls under it. */
export const TABLE_CAPTION = 'sticky left-0 px-3 text-left text-base font-semibold text-slate-900 max-sm:max-w-[calc(100vw-2rem)]';

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
  /** Tighter cells, for a list people scan many rows of at once (the changes inbox). */
  compact?: boolean;
  /** The caption is for screen readers only (the page's heading already says what the table is). */
  captionHidden?: boolean;
  /** A `data-testid` on the table. */
  testId?: string;
  /** Attributes of each body row. */
  rowProps?: (row: Row, index: number) => RowAttributes;
  /** Under a row, a full-width row of its own when this gives something (a choice to make about the row); the two read as one. */
  afterRow?: (row: Row) => ReactNode;
};

/**
 * A semantic table with a caption, column headers scoped to their columns, and (optionally) a
 * filter box. Every row is on the page: the table never scrolls up and down inside the page (a
 * printed or captured page would lose the hidden rows). A table wider than the screen scrolls
 * sideways in its own region with its first column held in place, so each row's label stays in
 * view (`TABLE_FIRST_CELL`). Rendered on the server; the filter is a small client island that
 * hides non-matching rows.
 */
export function DataTable<Row>({
  id,
  caption,
  columns,
  rows,
  rowKey,
  filterable,
  emptyText,
  captionExtra,
  compact = false,
  captionHidden = false,
  testId,
  rowProps,
  afterRow,
}: Props<Row>) {
  const showFilter = filterable ?? rows.length > 10;
  const cell = compact ? 'px-2 py-1 leading-[1.125rem]' : 'px-2 py-2 sm:px-3';
  return (
    <div className="space-y-2">
      {showFilter ? <TableFilter tableId={id} label={typeof caption === 'string' ? caption : 'rows'} /> : null}
      {/* The sideways scroll region takes keyboard focus (named by the caption) so a wide table can
          be scrolled without a mouse (WCAG 2.1.1), and is positioned so that visually hidden text in
          the cells (absolutely placed) stays inside it instead of widening the page (1.4.10). It has
          no height of its own: every row is on the page. */}
      <div tabIndex={0} role="region" aria-labelledby={`${id}-caption`} className={TABLE_REGION}>
        <table id={id} className="min-w-full border-collapse text-left text-sm" data-testid={testId}>
          <caption id={`${id}-caption`} className={captionHidden ? 'sr-only' : `${TABLE_CAPTION} ${compact ? 'py-1' : 'py-2'}`}>
            {caption}
            {captionExtra ? <span className="ml-2 text-sm font-normal text-slate-600">{captionExtra}</span> : null}
          </caption>
          <thead>
            <tr className="bg-slate-100">
              {columns.map((column, index) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`border-b border-slate-300 ${cell} font-semibold whitespace-nowrap max-sm:whitespace-normal ${index === 0 ? TABLE_FIRST_CELL : ''} ${column.printOnly ? PRINT_ONLY : ''} ${column.headerClassName ?? ''}`}
                >
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
              rows.map((row, index) => {
                const { className: rowClass, ...attributes } = rowProps?.(row, index) ?? {};
                const after = afterRow?.(row);
                const main = (
                  <tr key={rowKey(row, index)} className={`${ROW_BASE} ${rowClass ?? ROW_STRIPES}`} {...attributes}>
                    {columns.map((column, columnIndex) =>
                      column.rowHeader ? (
                        <th
                          key={column.header}
                          scope="row"
                          className={`${cell} font-medium ${column.className ?? ''} ${columnIndex === 0 ? TABLE_FIRST_CELL : ''} ${column.printOnly ? PRINT_ONLY : ''}`}
                        >
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td key={column.header} className={`${cell} ${column.className ?? ''} ${columnIndex === 0 ? TABLE_FIRST_CELL : ''} ${column.printOnly ? PRINT_ONLY : ''}`}>
                          {column.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                );
                if (after === null || after === undefined) return main;
                return (
                  <Fragment key={rowKey(row, index)}>
                    {main}
                    <tr className="border-b border-slate-200 bg-slate-50">
                      <td colSpan={columns.length} className="px-2 py-2">
                        {after}
                      </td>
                    </tr>
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
