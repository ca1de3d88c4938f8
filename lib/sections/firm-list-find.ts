import { findInList } from '@/lib/page-data/list-find';
import type { FirmSectionData, FirmSectionSlug } from './firm-sections';

/**
 * The firm lists that can be searched within (`?find=` on their pages): the long ones, whose
 * rows are people or firms known by a name and a reference number. Each says what a row is
 * matched on, in words for the form's hint, and gives the list holding only the matching rows.
 */
export interface FirmListFind<K extends FirmSectionSlug> {
  hint: string;
  filter: (data: FirmSectionData[K], text: string) => FirmSectionData[K];
}

export const FIRM_LIST_FINDS: { [K in FirmSectionSlug]?: FirmListFind<K> } = {
  'appointed-representatives': {
    hint: 'name or FRN',
    filter: (data, text) => findInList(data, text, (row) => [row.name, row.frn]),
  },
  individuals: {
    hint: 'name or IRN',
    filter: (data, text) => findInList(data, text, (row) => [row.name, row.irn]),
  },
  'controlled-functions': {
    hint: 'person’s name, IRN or function',
    filter: (data, text) => findInList(data, text, (row) => [row.individualName, row.irn, row.name]),
  },
};

export function firmListFind<K extends FirmSectionSlug>(slug: K): FirmListFind<K> | undefined {
  return FIRM_LIST_FINDS[slug] as FirmListFind<K> | undefined;
}
