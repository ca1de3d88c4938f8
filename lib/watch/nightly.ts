import type { Db } from '@/lib/db/schema';
import { startCycle, type StartedCycle } from './cycles';
import { londonClock } from '@/lib/format/london-time';
import { getLogger } from '@/lib/runtime/logger';

/**
 * The nightly watch cycle: every watched entity, once a night, after the register's evening
 * update, at a local time in Europe/London (WATCH_NIGHTLY_AT, default 02:00; WATCH_NIGHTLY=off to
 * stop it). Every process that runs the background engine keeps the schedule; the cycle is keyed
 * by its London date (`nightlyKey`), so however many instances reach the time, and however often
 * one looks, the night's cycle is started once.
 *
 * The schedule looks at the London clock (Intl with timeZone Europe/London, so summer time is
 * the operating system's time zone data, not arithmetic here) once a minute and at start-up: a
 * night is due from its local time until the end of that London day. That is also the catch-up:
 * a process that was down at 02:00 and starts at 07:30 starts that night's cycle at once, unless
 * one for that date exists. On the night the clocks go forward a time inside the missing hour
 * (01:00–01:59) is due from 02:00 summer time; on the night they go back a time inside the
 * repeated hour is due the first time it comes round, and the key stops the second.
 */

export interface NightlySettings {
  enabled: boolean;
  /** Minutes after London midnight. */
  atMinutes: number;
}

export const NIGHTLY_DEFAULTS: NightlySettings = { enabled: true, atMinutes: 2 * 60 };
/** Reads WATCH_NIGHTLY (on/off) and WATCH_NIGHTLY_AT (HH:MM, Europe/London); problems name the variable. */
export function readNightlySettings(env: Record<string, string | undefined>): { settings: NightlySettings; problems: string[] } {
  const problems: string[] = [];
  const settings = { ...NIGHTLY_DEFAULTS };
  const flag = env.WATCH_NIGHTLY?.trim().toLowerCase();
  if (flag) {
    if (flag === 'on') settings.enabled = true;
    else if (flag === 'off') settings.enabled = false;
    else problems.push('WATCH_NIGHTLY must be "on" or "off"');
  }
  const at = env.WATCH_NIGHTLY_AT?.trim();
  if (at) {
    const m = /^(\d{1,2}):(\d{2})$/.exec(at);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) problems.push('WATCH_NIGHTLY_AT must be a time of day HH:MM (24-hour clock, Europe/London), e.g. 02:00');
    else settings.atMinutes = Number(m[1]) * 60 + Number(m[2]);
  }
  return { settings, problems };
}

export function formatMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The London date whose nightly cycle is due at `ms` (its local time has come), or null before the time. */
export function dueNightlyKey(ms: number, atMinutes: number): string | null {
  const { date, minutes } = londonClock(ms);
  return minutes >= atMinutes ? date : null;
}

export interface NightlySchedule {
  /** Looks now: starts the night's cycle when it is due and this process has not yet seen it started. */
  tick(): Promise<StartedCycle | null>;
  /** Stops looking; resolves once a look in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

export interface NightlyDeps {
  db: Db;
  /** The clock (tests move it across the clock change). */
  now?: () => number;
  /** Told when a cycle was started here, so the engine's lanes start now. */
  onStarted?: (cycle: StartedCycle, nightlyKey: string) => void;
  log?: (message: string) => void;
  /** How often to look (ms); default one minute. */
  intervalMs?: number;
}

/** Whether anything is watched (no empty cycle is recorded on a portal nobody watches with). */
async function anythingWatched(db: Db): Promise<boolean> {
  return (await db.selectFrom('watchlist_entries').select('ref').limit(1).executeTakeFirst()) !== undefined;
}

/** Keeps the nightly schedule in this process: looks at once (the catch-up), then every minute. */
export function startNightlySchedule(deps: NightlyDeps, settings: NightlySettings): NightlySchedule {
  const now = deps.now ?? Date.now;
  const log = deps.log ?? ((message: string) => getLogger().error(message));
  let settled: string | null = null;
  let running: Promise<StartedCycle | null> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const look = async (): Promise<StartedCycle | null> => {
    if (!settings.enabled) return null;
    const key = dueNightlyKey(now(), settings.atMinutes);
    if (!key || key === settled) return null;
    if (!(await anythingWatched(deps.db))) {
      settled = key;
      return null;
    }
    const cycle = await startCycle(deps.db, { trigger: 'nightly', scope: 'all', requestedBy: 'system', nightlyKey: key, now: now() });
    settled = key;
    if (cycle.created) {
      log(`Watch: started the nightly cycle for ${key} (${cycle.entityCount} entities, about ${cycle.estimatedRequests} register requests).`);
      deps.onStarted?.(cycle, key);
    }
    return cycle;
  };

  const tick = (): Promise<StartedCycle | null> => {
    // One look at a time: a slow database must not start two looks at once.
    running ??= look()
      .catch((error: unknown) => {
        log(`Watch: the nightly cycle could not be started (tried again in a minute): ${error instanceof Error ? error.message : String(error)}`);
        return null;
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

  if (settings.enabled) {
    void tick().finally(schedule);
  }
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
