import 'server-only';
import { cache } from 'react';
import type { SearchResult, SearchType } from '@/lib/register/model';
import { getRegisterClient } from '@/lib/register/client';

/**
 * The register reads pages make more than once per request, wrapped in React's per-request cache:
 * a page's metadata, header and sections ask for the same record and must see one answer (one
 * provenance), not a live answer and then a cached copy of it; the register client's own cache
 * and single-flight then make repeated requests across users cheap. Each page's refresh button
 * lists the same calls (endpoint + args + page) as these make.
 */

export const readIndividual = cache((irn: string) => getRegisterClient().individual(irn));

export const readIndividualControlledFunctions = cache((irn: string) => getRegisterClient().individualControlledFunctions(irn));

export const readIndividualDisciplinaryHistory = cache((irn: string, page: number = 1) => getRegisterClient().individualDisciplinaryHistory(irn, { page }));

export const readFirm = cache((frn: string) => getRegisterClient().firm(frn));

export const readFund = cache((prn: string) => getRegisterClient().fund(prn));

export const readFundNames = cache((prn: string, page: number = 1) => getRegisterClient().fundNames(prn, { page }));

export const readFundSubfunds = cache((prn: string, page: number = 1) => getRegisterClient().fundSubfunds(prn, { page }));

/**
 * A fund's name: /CIS/{PRN} does not carry one, so it comes from a fund search for the PRN (the
 * register's search matches reference numbers). Bounded wait: the name must not hold up the page.
 */
export const readFundListing = cache(async (prn: string): Promise<SearchResult | undefined> => {
  const result = await getRegisterClient().search(prn, 'fund', { maxWaitMs: 2_000 });
  return result.kind === 'ok' ? result.data.find((r) => r.referenceNumber === prn) : undefined;
});

export const readSearch = cache((q: string, type: SearchType, page: number = 1) => getRegisterClient().search(q, type, { page }));

export const readRegulatedMarkets = cache((page: number = 1) => getRegisterClient().regulatedMarkets({ page }));
