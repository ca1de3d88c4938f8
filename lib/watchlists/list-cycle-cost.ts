import 'server-only';
import type { Db } from '@/lib/db/schema';
import { getRegisterClient } from '@/lib/register/client';
import { cachedPages, cycleTargets, estimateCycle } from '@/lib/watch/cycles';
import { cycleCost, type CycleCostEstimate } from './cycle-cost';
import { portalBackgroundRate } from './cycle-progress';
import { bindStore } from '@/lib/db/bind-store';

/**
 * What "Check now" on a list would cost, by the engine's own estimate (each watched section's
 * pages at its last reading; for a record never checked, the sizes the portal's cache knows from
 * its pages, else unknown until the first check), and how long at the background share of the
 * register budget.
 */
export async function listCycleCost(db: Db, watchlistId: string): Promise<CycleCostEstimate> {
  const targets = await cycleTargets(db, { scope: 'list', watchlistId });
  const estimate = await estimateCycle(db, targets, cachedPages(getRegisterClient()));
  return cycleCost(targets.length, estimate.requests, portalBackgroundRate(), estimate.unknownRecords);
}

/** Bound to the process's database, for the watchlist's page. */
export const listCycleCosts = bindStore({ listCycleCost });
