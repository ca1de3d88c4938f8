import 'server-only';
import { getRegisterConfig } from './config';
import type { RegisterClient } from './register-client-types';
import { createInstanceRegisterClient } from './scaled-client';
import { loadScaleOutConfig } from './scale-out-config';

/**
 * The process-wide register client that pages and route handlers use. One per process, not per
 * module instance: Next may load this module more than once (dev reloads, separate bundles for
 * route handlers and pages), and two pacers would spend the one API key's budget twice.
 *
 *   const register = getRegisterClient();
 *   const result = await register.firm(frn);                       // RegisterResult<Firm>
 *   if (result.kind === 'ok') render(result.data, result.provenance);
 *   else render failure by result.kind (not-found, bad-input, unauthorised, rate-limited, upstream-error)
 *   await register.firmIndividuals(frn, { page: 2 });              // one upstream page
 *   await register.allPages(register.firmPermissions, [frn], { onProgress });  // every page, deduplicated
 *
 * Never construct a client in a page (createRegisterClient is for tests and benchmarks).
 *
 * With REDIS_URL set, the client's rate log, 429 block, cache and single-flight are shared with
 * every other instance through Redis (see docs/scale-out.md); without it, all in this process.
 */

const KEY = Symbol.for('fsr-portal.register-client');
type Holder = typeof globalThis & { [KEY]?: RegisterClient };

export function getRegisterClient(): RegisterClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= createInstanceRegisterClient({ config: getRegisterConfig(), scaleOut: loadScaleOutConfig(process.env) });
  return holder[KEY];
}

/** The client if one was made (shutdown must not create one just to close it). */
export function existingRegisterClient(): RegisterClient | undefined {
  return (globalThis as Holder)[KEY];
}
