import 'server-only';
import type { Db } from '@/lib/db/schema';
import { getRegisterConfig } from '@/lib/register/config';
import { backgroundRate, cycleProgress } from '@/lib/watch/cycles';
import type { CycleProgressBody } from './cycle-progress-body';
import { bindStore } from '@/lib/db/bind-store';

/** Requests a second this portal's background work may spend (the engine's rule, from the register settings). */
export function portalBackgroundRate(): number {
  return backgroundRate(getRegisterConfig().rate);
}

/** A cycle's progress from the engine, in the shape the list page's widget polls; null for an unknown cycle. */
export async function cycleProgressBody(db: Db, cycleId: string): Promise<CycleProgressBody | null> {
  const p = await cycleProgress(db, cycleId, portalBackgroundRate());
  if (!p) return null;
  return {
    cycleId,
    total: p.entities.total,
    done: p.entities.checked,
    failed: p.entities.failed,
    requestsSpent: p.requests.spent,
    estimatedRequests: p.requests.estimated,
    etaSeconds: p.etaSeconds ?? 0,
    finished: p.finishedAt !== null,
  };
}

/** Bound to the process's database, for the progress route. */
export const cycleProgressStore = bindStore({ cycleProgressBody });
