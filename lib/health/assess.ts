import type { RegisterHealth, SharedStoresStatus } from '@/lib/register/metrics';
import type { RegisterResult } from '@/lib/register/result';

/**
 * Turns what an instance knows about its database, Redis and the register into a readiness
 * verdict. Pure functions: the route handler gathers the facts (readiness.ts), these decide.
 *
 * Rules: an instance is not ready (503) when it is shutting down, its database does not answer,
 * or the register refused its API key; it is degraded (200) when Redis is out of reach (it runs on
 * its fallback share and its own cache, safely) or the register is blocking or failing (cached
 * pages are still served); otherwise ready. Messages are short and contain no addresses, errors
 * or settings: /api/ready is public. Details are for signed-in users (/api/health/register).
 */

export type ComponentStatus = 'ok' | 'degraded' | 'down';

export interface ComponentReport {
  status: ComponentStatus;
  message: string;
}

export interface Readiness {
  status: 'ready' | 'degraded' | 'not-ready';
  checkedAt: string;
  components: { database: ComponentReport; redis: ComponentReport; upstream: ComponentReport };
}

/** `unwritable`: the failure says the database cannot store anything (read-only, full, I/O, gone), not that it is slow. */
export type DatabaseCheck = { ok: true; ms: number } | { ok: false; reason: string; unwritable?: boolean };

export function assessDatabase(check: DatabaseCheck, engine: 'SQLite' | 'PostgreSQL'): ComponentReport {
  if (check.ok) return { status: 'ok', message: `${engine} took a write in ${Math.round(check.ms)} ms.` };
  if (check.unwritable) return { status: 'down', message: `${engine} does not take writes (read-only, full or failing storage, or unreachable): pages answer 503 until it does.` };
  return { status: 'down', message: `${engine} does not answer.` };
}

function utcTime(iso: string): string {
  return `${iso.slice(11, 19)} UTC`;
}

export function assessRedis(shared: SharedStoresStatus | null, configured: boolean): ComponentReport {
  if (!configured || !shared) return { status: 'ok', message: 'Not configured: budget and cache are in this process (one instance).' };
  const share = `${shared.fallbackShare.limit} requests per window (1/${shared.fallbackShare.instances} of the budget)`;
  switch (shared.mode) {
    case 'shared':
      return { status: 'ok', message: 'Shared budget, block and cache with the other instances.' };
    case 'recovering':
      return { status: 'degraded', message: `Redis is back; handing over to the shared budget (since ${utcTime(shared.since)}).` };
    case 'fallback':
      return {
        status: 'down',
        message: `Unreachable since ${utcTime(shared.since)}: this instance uses its own cache and at most ${share}; it reconnects by itself.`,
      };
  }
}

/**
 * The register's verdict without spending budget: this instance's last answer, else the outcome
 * of a cheap call that a shared cache usually answers (`probe`), plus the block in force.
 */
export function assessUpstream(health: Pick<RegisterHealth, 'block' | 'lastAnswer'>, probe?: RegisterResult<unknown>): ComponentReport {
  const lastKind = health.lastAnswer?.kind ?? (probe && probe.kind !== 'rate-limited' ? probe.kind : undefined);
  if (lastKind === 'unauthorised') return { status: 'down', message: 'The register refused the API key: check FSR_API_EMAIL and FSR_API_KEY.' };
  if (health.block.active && health.block.until) {
    return { status: 'degraded', message: `Rate-limited by the register until ${utcTime(health.block.until)}; cached pages are served.` };
  }
  if (health.lastAnswer) {
    if (health.lastAnswer.kind === 'upstream-error') return { status: 'degraded', message: `The register failed at ${utcTime(health.lastAnswer.at)}; cached pages are served.` };
    return { status: 'ok', message: `The register last answered at ${utcTime(health.lastAnswer.at)}.` };
  }
  if (!probe) return { status: 'degraded', message: 'The register has not been asked yet.' };
  if (probe.kind === 'rate-limited') return { status: 'degraded', message: 'Not checked: the request budget is busy.' };
  if (probe.kind === 'upstream-error') return { status: 'degraded', message: 'The register does not answer; cached pages are served.' };
  const at = probe.provenance?.retrievedAt;
  return { status: 'ok', message: at ? `The register accepted the key (answer retrieved at ${utcTime(at)}).` : 'The register accepted the key.' };
}

export function overall(components: Readiness['components'], shuttingDown: boolean, now: Date): Readiness {
  const all = Object.values(components);
  const notReady = shuttingDown || components.database.status === 'down' || components.upstream.status === 'down';
  const status = notReady ? 'not-ready' : all.every((c) => c.status === 'ok') ? 'ready' : 'degraded';
  return { status, checkedAt: now.toISOString(), components };
}
