import type { EntityKind } from '@/lib/db/schema';
import type * as M from '@/lib/register/model';
import { checkIrn, checkPrn } from '@/lib/register/validate';
import { ENTITY_SECTIONS, entitySection } from '@/lib/sections/entity-sections';
import { REGULATED_MARKETS, SEARCH_RESULTS } from '@/lib/sections/register-lists';
import { entryEndpoint, entryRows, listOf, type AnyListSection } from '@/lib/sections/section-kit';
import { defineExport, type RegisterExport } from './register-export';
import type { ExportRequest } from './serve-export';

/**
 * The CSV of every section of every entity (its rows and columns are the section's entry under
 * lib/sections/), of search results and of the regulated markets. Two-bucket lists become one
 * file with a "List" column saying current or previous. Dates stay ISO (yyyy-mm-dd) so they sort
 * in a spreadsheet.
 */

/** Every page of one section of an entity, as CSV. */
export function sectionExport(kind: EntityKind, ref: string, entry: AnyListSection): RegisterExport {
  const { rows, columns } = entryRows(entry);
  return defineExport({
    subject: kind,
    reference: ref,
    table: entry.slug,
    filename: [kind, ref, entry.slug],
    // A register "not found" for a list means it has none: an empty file says exactly that.
    notFoundIsEmpty: true,
    what: listOf(kind, entry, ref),
    walk: (c, o) => c.allPages(entryEndpoint(c, entry), [ref], o),
    rows,
    columns,
  });
}

export function searchExport(q: string, type: M.SearchType): RegisterExport {
  return defineExport<M.SearchResult[], M.SearchResult>({
    subject: 'search',
    table: `search/${type}`,
    filename: ['search', type, q],
    notFoundIsEmpty: true,
    what: `${type} search results for "${q}"`,
    walk: (c, o) => c.allPages(c.search, [q, type], o),
    rows: (d) => d,
    columns: SEARCH_RESULTS.columns,
  });
}

export function marketsExport(): RegisterExport {
  return defineExport<M.RegulatedMarket[], M.RegulatedMarket>({
    subject: 'markets',
    table: 'markets',
    filename: ['regulated-markets'],
    notFoundIsEmpty: true,
    what: REGULATED_MARKETS.label,
    walk: (c, o) => c.allPages(c.regulatedMarkets, [], o),
    rows: (d) => d,
    columns: REGULATED_MARKETS.columns,
  });
}

const ENTITY = {
  individual: { check: checkIrn, a: 'an individual' },
  fund: { check: checkPrn, a: 'a fund' },
} as const;

/** /api/export/{individual|fund}/{ref}/{section}: which file that address asks for, or why it cannot be made. */
export function entitySectionRequest(kind: keyof typeof ENTITY, ref: string, section: string): ExportRequest {
  const entry = entitySection(kind, section);
  if (!entry) {
    const known = ENTITY_SECTIONS[kind].map((s) => s.slug).join(' or ');
    return { ok: false, field: 'section', message: `"${section.slice(0, 60)}" is not ${ENTITY[kind].a} table that can be exported: use ${known}.`, table: section };
  }
  const checked = ENTITY[kind].check(ref);
  if (!checked.ok) return { ok: false, field: checked.field, message: checked.message, table: section };
  return { ok: true, export: sectionExport(kind, checked.value, entry) };
}
