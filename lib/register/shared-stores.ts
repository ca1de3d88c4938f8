import type { Clock } from './clock';
import type { RegisterConfig } from './load-config';
import { MemoryCacheStore } from './memory-cache-store';
import type { SharedStoresStatus } from './metrics';
import { RedisCacheLayer } from './redis-cache-layer';
import { RedisConnection } from './redis-connection';
import { RedisFlightLock, type FlightEvent } from './redis-flight-lock';
import { RedisRateStore } from './redis-rate-store';
import type { ScaleOutConfig } from './scale-out-config';
import { SharedRateStore } from './shared-rate-store';
import { TieredCacheStore } from './tiered-cache-store';
import { getLogger } from '@/lib/runtime/logger';

/**
 * Everything a scaled-out instance shares through Redis, built around one connection: the rate
 * store (with its fallback share), the tiered cache and the flight lock, plus the event channel
 * that carries cache invalidations, lock releases and raise requests between instances.
 */

export interface SharedStoresTiming {
  /** Heartbeat period; also how often recovery is probed. */
  heartbeatMs: number;
  /** Silence after which the others keep an instance's share free. */
  staleMs: number;
  /** An instance silent this long is forgotten (one that crashed without saying goodbye). */
  forgetMs: number;
  /** Hand-over after Redis returns; must exceed reconnectMaxMs plus a heartbeat. */
  graceMs: number;
  reconnectMaxMs: number;
  startupWaitMs: number;
  commandTimeoutMs: number;
  lockTtlMs: number;
}

export const DEFAULT_TIMING: SharedStoresTiming = {
  heartbeatMs: 1_000,
  staleMs: 3_000,
  forgetMs: 10 * 60_000,
  graceMs: 5_000,
  reconnectMaxMs: 1_000,
  startupWaitMs: 2_000,
  commandTimeoutMs: 1_000,
  lockTtlMs: 5_000,
};

export interface SharedStores {
  connection: RedisConnection;
  rateStore: SharedRateStore;
  cacheStore: TieredCacheStore;
  flightLock: RedisFlightLock;
  status(): SharedStoresStatus;
  /** Releases held locks, says goodbye to the other instances, closes the connections. */
  close(): Promise<void>;
}

type InvalidateEvent = { t: 'inv'; k: string; from: string };

export function createSharedStores(options: {
  config: RegisterConfig;
  scaleOut: ScaleOutConfig & { redisUrl: string };
  /** The API user's store key (apiUserKey of the e-mail). */
  userKey: string;
  clock: Clock;
  timing?: Partial<SharedStoresTiming>;
  log?: (message: string) => void;
}): SharedStores {
  const { config, scaleOut, clock } = options;
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const log = options.log ?? ((m: string) => getLogger().warn(m));
  const connection = new RedisConnection({
    url: scaleOut.redisUrl,
    clientName: `fsr-portal:${scaleOut.instanceId}`.replace(/\s/g, '_'),
    channel: `${scaleOut.prefix}:events`,
    commandTimeoutMs: timing.commandTimeoutMs,
    reconnectMaxMs: timing.reconnectMaxMs,
    startupWaitMs: timing.startupWaitMs,
    log,
  });
  const enforcedWindowMs = config.rate.windowMs + config.rate.marginMs;
  const redisRate = new RedisRateStore(connection, {
    prefix: scaleOut.prefix,
    instanceId: scaleOut.instanceId,
    // Longer than any request can be in flight: every attempt is bounded by the transport timeout.
    pendingLimitMs: config.timeoutMs + 5_000,
    fallbackShare: Math.max(1, Math.floor(config.rate.limit / scaleOut.instances)),
    staleMs: timing.staleMs,
    forgetMs: timing.forgetMs,
  });
  const rateStore = new SharedRateStore(connection, redisRate, clock, {
    limit: config.rate.limit,
    instances: scaleOut.instances,
    keys: [options.userKey],
    windowMs: enforcedWindowMs,
    staleMs: timing.staleMs,
    heartbeatMs: timing.heartbeatMs,
    graceMs: timing.graceMs,
    startupWaitMs: timing.startupWaitMs,
    log,
  });
  const publish = (message: string) => void connection.publish(message);
  const cacheStore = new TieredCacheStore(new MemoryCacheStore(config.cache.maxEntries, clock), new RedisCacheLayer(connection, scaleOut.prefix, clock), clock, {
    publishInvalidation: (key) => publish(JSON.stringify({ t: 'inv', k: key, from: scaleOut.instanceId } satisfies InvalidateEvent)),
  });
  const flightLock = new RedisFlightLock(connection, { prefix: scaleOut.prefix, instanceId: scaleOut.instanceId, ttlMs: timing.lockTtlMs, publish });

  connection.onMessage((raw) => {
    let event: FlightEvent | InvalidateEvent;
    try {
      event = JSON.parse(raw) as FlightEvent | InvalidateEvent;
    } catch {
      return;
    }
    if (event.t === 'inv') {
      if (event.from !== scaleOut.instanceId) cacheStore.forgetLocal(event.k);
    } else flightLock.handle(event);
  });

  return {
    connection,
    rateStore,
    cacheStore,
    flightLock,
    status(): SharedStoresStatus {
      return {
        mode: rateStore.mode,
        since: new Date(rateStore.since).toISOString(),
        instanceId: scaleOut.instanceId,
        fallbackShare: { limit: rateStore.share, instances: scaleOut.instances },
        redis: { state: connection.state, lastError: connection.lastError, outages: connection.outages },
        cache: { sharedHits: cacheStore.sharedHits, sharedErrors: cacheStore.sharedErrors },
      };
    },
    async close() {
      await flightLock.releaseAll();
      await rateStore.close();
      await connection.close();
    },
  };
}
