import { systemClock, type Clock } from './clock';
import type { RegisterConfig } from './load-config';
import { apiUserKey, createRegisterClient, type RegisterClientOptions } from './register-client';
import type { RegisterClient } from './register-client-types';
import type { ScaleOutConfig } from './scale-out-config';
import { createSharedStores, type SharedStoresTiming } from './shared-stores';

/**
 * A register client for one instance of a possibly scaled-out portal: with REDIS_URL its budget,
 * 429 block, cache and single-flight are shared through Redis; without, everything is in memory.
 * Plain module (no server-only) so tests and scripts can build one exactly as the portal does.
 */
export function createInstanceRegisterClient(options: {
  config: RegisterConfig;
  scaleOut: ScaleOutConfig;
  clock?: Clock;
  fetch?: typeof fetch;
  backoffMs?: number;
  timing?: Partial<SharedStoresTiming>;
  log?: (message: string) => void;
}): RegisterClient {
  const { config, scaleOut } = options;
  const base: RegisterClientOptions = { config, clock: options.clock, fetch: options.fetch, backoffMs: options.backoffMs };
  if (!scaleOut.redisUrl) return createRegisterClient(base);
  const shared = createSharedStores({
    config,
    scaleOut: { ...scaleOut, redisUrl: scaleOut.redisUrl },
    userKey: apiUserKey(config.credentials.email),
    clock: options.clock ?? systemClock,
    timing: options.timing,
    log: options.log,
  });
  return createRegisterClient({ ...base, rateStore: shared.rateStore, cacheStore: shared.cacheStore, flightLock: shared.flightLock, shared });
}
