import 'server-only';
import { getRegisterClient } from '@/lib/register/client';
import type { CallOptions, RegisterResult } from '@/lib/register/result';
import type { FirmSectionSlug } from './firm-sections';

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

const buckets = (d: { current: unknown[]; previous: unknown[] }) => d.current.length + d.previous.length;
const list = (d: unknown[]) => d.length;

export async function sectionCount(frn: string, slug: FirmSectionSlug): Promise<number | undefined> {
  const client = getRegisterClient();
  switch (slug) {
    case 'permissions':
      return countFromFirstPage(await client.firmPermissions(frn, COUNT_CALL), list);
    case 'requirements':
      return countFromFirstPage(await client.firmRequirements(frn, COUNT_CALL), list);
    case 'individuals':
      return countFromFirstPage(await client.firmIndividuals(frn, COUNT_CALL), list);
    case 'controlled-functions':
      return countFromFirstPage(await client.firmControlledFunctions(frn, COUNT_CALL), buckets);
    case 'appointed-representatives':
      return countFromFirstPage(await client.firmAppointedRepresentatives(frn, COUNT_CALL), buckets);
    case 'disciplinary-history':
      return countFromFirstPage(await client.firmDisciplinaryHistory(frn, COUNT_CALL), list);
    case 'passports':
      return countFromFirstPage(await client.firmPassports(frn, COUNT_CALL), (d) => d.passports.length);
    case 'waivers':
      return countFromFirstPage(await client.firmWaivers(frn, COUNT_CALL), list);
    case 'exclusions':
      return countFromFirstPage(await client.firmExclusions(frn, COUNT_CALL), list);
    case 'names':
      return countFromFirstPage(await client.firmNames(frn, COUNT_CALL), buckets);
    case 'address':
      return countFromFirstPage(await client.firmAddresses(frn, COUNT_CALL), list);
    case 'regulators':
      return countFromFirstPage(await client.firmRegulators(frn, COUNT_CALL), list);
  }
}
