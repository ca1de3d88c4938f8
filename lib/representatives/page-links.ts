import { after } from 'next/server';
import { getDb } from '@/lib/db/client';
import type { AppointedRepresentatives } from '@/lib/register/model';
import { getLogger } from '@/lib/runtime/logger';
import { linksFromArList, recordLinks } from './ar-links';

/**
 * Keeps the principal↔AR links of an AR list page someone opened (the firm's appointed
 * representatives section): the rows the page already read, recorded after the response is sent
 * (Next's `after`), so it costs no register call and never delays the page. A failure to record is
 * logged, never shown.
 */
export function recordPageLinksAfterResponse(principalFrn: string, data: AppointedRepresentatives): void {
  const links = linksFromArList(data);
  if (links.length === 0) return;
  const principalName = [...data.current, ...data.previous].find((r) => r.principalFrn === principalFrn && r.principalName)?.principalName ?? null;
  after(async () => {
    try {
      await recordLinks(await getDb(), { frn: principalFrn, name: principalName }, links, 'page');
    } catch (error) {
      getLogger().warn({ err: error, principalFrn }, 'The AR list page’s principal links were not recorded.');
    }
  });
}
