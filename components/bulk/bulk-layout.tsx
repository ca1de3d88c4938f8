'use client';

import type { InputLayout } from '@/lib/bulk/bulk-columns';
import { ROLE_LABELS, ROLES } from '@/lib/bulk/bulk-roles';
import { Field, Select } from '@/components/ui/field';

/**
 * How the input was read, and the controls to correct it, inside the bulk form (the form reads
 * again whenever one of them changes): the sheet of a workbook with several, the header row, and
 * which column holds each of reference, name, type, postcode and Companies House number. The
 * person's own columns are listed as kept. Named form fields (`sheet`, `header`, `column-<role>`)
 * carry the choice to the estimate and to the start.
 */
export function BulkLayout({ layout, busy }: { layout: InputLayout; busy: boolean }) {
  const withData = layout.sheets.filter((s) => s.hasData);
  const key = `${layout.sheet ?? ''}:${layout.header.number ?? 'none'}:${layout.columns.map((c) => c.role ?? '').join(',')}`;
  const columnText = (index: number) => {
    const c = layout.columns.find((col) => col.index === index)!;
    const examples = c.samples.length ? ` (e.g. ${c.samples.join(', ')})` : '';
    return `Column ${c.letter}${c.header ? `: ${c.header}` : ''}${examples}`.slice(0, 120);
  };
  return (
    <section aria-labelledby="bulk-layout-heading" className="space-y-3 rounded border border-slate-200 bg-white p-3 text-sm" key={key}>
      <h3 id="bulk-layout-heading" className="font-semibold">
        {layout.format === 'xlsx' ? 'How your workbook was read' : 'How your rows were read'}
      </h3>
      {layout.format === 'xlsx' && layout.sheets.length > 1 && (
        <Field
          id="bulk-sheet"
          label="Sheet"
          hint={
            withData.length > 1
              ? `${withData.length} of the workbook's ${layout.sheets.length} sheets have data; one is checked at a time.`
              : `The workbook has ${layout.sheets.length} sheets; only this one has data.`
          }
        >
          <Select name="sheet" defaultValue={layout.sheet ?? ''} disabled={busy} className="w-full max-w-md">
            {layout.sheets.map((s) => (
              <option key={s.index} value={s.name} disabled={!s.hasData}>
                {s.name}
                {s.hidden ? ' (hidden)' : ''}
                {s.hasData ? (s.firstRow?.length ? `: ${s.firstRow.join(', ').slice(0, 60)}` : '') : ' (empty)'}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div>
        <Field id="bulk-header" label="Header row (the column names)">
          <Select name="header" defaultValue={layout.header.number === null ? 'none' : String(layout.header.number)} disabled={busy} className="w-full max-w-md">
            <option value="none">No header row: every row is data</option>
            {layout.headerChoices.map((h) => (
              <option key={h.number} value={String(h.number)}>
                Row {h.number}: {h.text.slice(0, 80)}
              </option>
            ))}
          </Select>
        </Field>
        {layout.header.number !== null && layout.skippedAbove > 0 && (
          <p className="mt-1 text-xs text-slate-600">
            {layout.skippedAbove === 1 ? 'The row above it (a title or a note) is' : `The ${layout.skippedAbove} rows above it (titles or notes) are`} not checked.
          </p>
        )}
      </div>
      {layout.byShape ? (
        <p>
          Read without column names: the first cell of each row is its reference number or name, and a postcode, a Companies House number or a type (firm, individual, fund) is
          recognised in any other cell. Choose a header row, or a column below, to read it by columns instead.
        </p>
      ) : null}
      <fieldset>
        <legend className="font-medium">What each column holds</legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {ROLES.map((role) => {
            const current = layout.columns.find((c) => c.role === role);
            return (
              <Field key={role} id={`bulk-column-${role}`} label={ROLE_LABELS[role]}>
                <Select
                  name={`column-${role}`}
                  defaultValue={layout.byShape ? 'auto' : current ? String(current.index) : 'none'}
                  disabled={busy}
                  className="w-full"
                  data-testid={`column-${role}`}
                >
                  {layout.byShape && <option value="auto">Recognised by shape</option>}
                  <option value="none">Not in the file</option>
                  {layout.columns.map((c) => (
                    <option key={c.index} value={String(c.index)}>
                      {columnText(c.index)}
                    </option>
                  ))}
                </Select>
              </Field>
            );
          })}
        </div>
      </fieldset>
      {layout.userColumns.length > 0 && (
        <p data-testid="bulk-user-columns">
          <strong>Your own columns, kept beside the results:</strong>{' '}
          {layout.userColumns
            .map((c) => c.header)
            .join(', ')
            .replace(/\.?$/, '.')}
        </p>
      )}
      {layout.notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5" aria-label="Notes on reading the input">
          {layout.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
