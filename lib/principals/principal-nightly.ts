import type { Db } from '@/lib/db/schema';
import { getLogger } from '@/lib/runtime/logger';
import { dueNightlyKey, type NightlySettings } from '@/lib/watch/nightly';
import { startPrincipalCheck } from './principal-check';
import { allPrincipalFrns } from './principal-store';

/**
 * The nightly reconciliation of every principal, on the watch's schedule (WATCH_NIGHTLY,
 * WATCH_NIGHTLY_AT in Europe/London, lib/watch/nightly.ts): once the London time has come, one
 * check per principal keyed `<London date>:<FRN>`, so several engines (or a restart) start each
 * once, and a process down at the time catches up later that day.
 */

export interface PrincipalNightly {
  /** Looks now; returns how many checks this look started. */
  tick(): Promise<number>;
  stop(): Promise<void>;
}

export function startPrincipalNightly(
  deps: { db: Db; now?: () => number; log?: (message: string) => void; onStarted?: () => void; intervalMs?: number },
  settings: NightlySettings,
): PrincipalNightly {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => getLogger().error(message));
  let settled: string | null = null;
  let running: Promise<number> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const look = async (): Promise<number> => {
    if (!settings.enabled) return 0;
    const key = dueNightlyKey(now(), settings.atMinutes);
    if (!key || key === settled) return 0;
    let started = 0;
    for (const frn of await allPrincipalFrns(deps.db)) {
      const check = await startPrincipalCheck(deps.db, { frn, trigger: 'nightly', requestedBy: 'system', nightlyKey: `${key}:${frn}`, now: now() });
      if (check.created) started++;
    }
    settled = key;
    if (started > 0) {
      log(`Principals: started ${started} nightly check${started === 1 ? '' : 's'} for ${key}.`);
      deps.onStarted?.();
    }
    return started;
  };

  const tick = (): Promise<number> => {
    running ??= look()
      .catch((error: unknown) => {
        log(`Principals: the nightly checks could not be started (tried again in a minute): ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, deps.intervalMs ?? 60_000);
    timer.unref?.();
  };
  if (settings.enabled) void tick().finally(schedule);

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
