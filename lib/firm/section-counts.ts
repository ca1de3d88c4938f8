import 'server-only';
import { cache } from 'react';
import { getRegisterClient } from '@/lib/register/client';
import type { CallOptions, RegisterResult } from '@/lib/register/result';
import { type FirmSectionData, type FirmSectionSlug, sectionEndpoint, sectionSize } from '@/lib/sections/firm-sections';

/**
 * Section sizes for the overview's links. Each costs one register call (page 1 of the section,
 * whose total_count is the size), so they are asked for at background priority with a short
 * wait limit: a count never takes a request slot a person is waiting for, and when the shared
 * budget is busy the link simply shows no count. A cached first page costs nothing, and a count
 * fetched here leaves that page in the cache for the click that usually follows.
 *
 * The overview of a firm costs, with a cold cache: the record (1 call, interactive), its
 * standing's requirements and disciplinary history (their first pages, shared with those two
 * counts), and the twelve counts: 13 calls, of which 12 are background and wait at most 1.5 s
 * each (before every section was counted, 6 of them: 7 calls). The header's principal address and
 * trading names are the address and names counts' own reads (one call each, per request).
 */
export const COUNT_CALL: CallOptions = { priority: 'background', maxWaitMs: 1500, onBlock: 'fail' };

/** The size of a list from its first page: the register's total, or the rows when nothing follows; "not found" means none. */
export function countFromFirstPage<T>(result: RegisterResult<T>, rows: (data: T) => number): number | undefined {
  if (result.kind === 'not-found') return 0;
  if (result.kind !== 'ok') return undefined;
  if (result.page.totalCount !== undefined) return result.page.totalCount;
  return result.page.hasNext ? undefined : rows(result.data);
}

/** A section's first page at the counts' priority, once per request (the count and the header's summary share it). */
export const readSectionFirstPage = cache(<K extends FirmSectionSlug>(frn: string, slug: K): Promise<RegisterResult<FirmSectionData[K]>> =>
  sectionEndpoint(getRegisterClient(), slug)(frn, COUNT_CALL),
) as <K extends FirmSectionSlug>(frn: string, slug: K) => Promise<RegisterResult<FirmSectionData[K]>>;

export async function sectionCount(frn: string, slug: FirmSectionSlug): Promise<number | undefined> {
  const result = await readSectionFirstPage(frn, slug);
  return countFromFirstPage(result, (data) => sectionSize(slug, data));
}
