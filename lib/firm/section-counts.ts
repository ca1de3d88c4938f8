import 'server-only';
import { getRegisterClient } from '@/lib/register/client';
import type { CallOptions, RegisterResult } from '@/lib/register/result';
import { type FirmSectionSlug, sectionEndpoint, sectionSize } from '@/lib/sections/firm-sections';

/**
 * Section sizes for the overview's links. Each costs one register call (page 1 of the section,
 * whose total_count is the size), so they are asked for at background priority with a short
 * wait limit: a count never takes a request slot a person is waiting for, and when the shared
 * budget is busy the link simply shows no count. A cached first page costs nothing, and a count
 * fetched here leaves that page in the cache for the click that usually follows.
 */
export const COUNT_CALL: CallOptions = { priority: 'background', maxWaitMs: 1500, onBlock: 'fail' };

/** The size of a list from its first page: the register's total, or the rows when nothing follows; "not found" means none. */
export function countFromFirstPage<T>(result: RegisterResult<T>, rows: (data: T) => number): number | undefined {
  if (result.kind === 'not-found') return 0;
  if (result.kind !== 'ok') return undefined;
  if (result.page.totalCount !== undefined) return result.page.totalCount;
  return result.page.hasNext ? undefined : rows(result.data);
}

export async function sectionCount(frn: string, slug: FirmSectionSlug): Promise<number | undefined> {
  const result = await sectionEndpoint(getRegisterClient(), slug)(frn, COUNT_CALL);
  return countFromFirstPage(result, (data) => sectionSize(slug, data));
}
