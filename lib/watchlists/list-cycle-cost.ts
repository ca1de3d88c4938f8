import 'server-only';
import type { Db } from '@/lib/db/schema';
import { cycleTargets, estimateRequests } from '@/lib/watch/cycles';
import { cycleCost, type CycleCostEstimate } from './cycle-cost';
import { portalBackgroundRate } from './cycle-progress';

/**
 * What "Check now" on a list would cost, by the engine's own estimate (each watched section's
 * pages at its last reading, one page for a section never read), and how long at the background
 * share of the register budget.
 */
export async function listCycleCost(db: Db, watchlistId: string): Promise<CycleCostEstimate> {
  const targets = await cycleTargets(db, { scope: 'list', watchlistId });
  return cycleCost(targets.length, await estimateRequests(db, targets), portalBackgroundRate());
}
