import type * as M from '@/lib/register/model';
import type { CsvColumn } from './csv';

/** Cells and columns every register CSV writes the same way. */

/** A list of strings as one cell. */
export const joined = (values: readonly string[] | undefined): string => (values ?? []).join('; ');

/** Fields the portal's model does not know, as JSON (empty when none), so nothing the register sent is lost. */
export const extraJson = (extra: Record<string, unknown>): string => (Object.keys(extra).length ? JSON.stringify(extra) : '');

/** The last data column of every register table: what the model does not know. */
export function otherFieldsColumn<R extends { extra: M.Extra }>(): CsvColumn<R> {
  return { header: 'Other fields (JSON)', value: (r) => extraJson(r.extra) };
}

/** The columns of a disciplinary history (firm and individual alike). */
export function disciplinaryColumns(): CsvColumn<M.DisciplinaryAction>[] {
  return [
    { header: 'Action type', value: (r) => r.actionType },
    { header: 'Enforcement type', value: (r) => r.enforcementType },
    { header: 'Effective from', value: (r) => r.effectiveFrom },
    { header: 'Description', value: (r) => r.description },
    otherFieldsColumn(),
  ];
}
