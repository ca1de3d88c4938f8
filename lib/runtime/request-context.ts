/**
 * What a log line says about the request it was written during: the request id (the portal's
 * HTTP server gives every request one, lib/server/http-server.ts), the method and the route
 * pattern. Kept in one AsyncLocalStorage on globalThis: the server runs outside Next's bundles
 * and Next may load this module once per bundle, and all of them must read the same store.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
  method: string;
  /** The route pattern (`/firm/[frn]`), never the path itself: paths and queries can hold personal data. */
  route: string;
}

const KEY = Symbol.for('fsr-portal.request-context');
type Holder = typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };

function storage(): AsyncLocalStorage<RequestContext> {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AsyncLocalStorage<RequestContext>();
  return holder[KEY];
}

export function runWithRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage().run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage().getStore();
}
