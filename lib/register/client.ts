import 'server-only';
import { getRegisterConfig } from './config';
import type { RegisterHealth } from './metrics';
import { createRegisterClient } from './register-client';
import type { RegisterClient } from './register-client-types';

/**
 * The process-wide register client that pages and route handlers use. One per process, not per
 * module instance: Next may load this module more than once (dev reloads, separate bundles for
 * route handlers and pages), and two pacers would spend the one API key's budget twice.
 */

const KEY = Symbol.for('fsr-portal.register-client');
type Holder = typeof globalThis & { [KEY]?: RegisterClient };

export function getRegisterClient(): RegisterClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= createRegisterClient({ config: getRegisterConfig() });
  return holder[KEY];
}

/** A snapshot of the client's counters and gauges for the health route handler. */
export function registerHealth(): Promise<RegisterHealth> {
  return getRegisterClient().health();
}
