import { ENDPOINTS } from '@/lib/register/endpoints';
import type { EndpointName } from '@/lib/register/register-client-types';

/**
 * What a page hands its refresh button: the register calls whose answers it shows, as plain data
 * (they cross from a server component to a client component and back to a server action).
 */
export interface RegisterCall {
  endpoint: EndpointName;
  /** The endpoint's identifying arguments in order (["122702"], ["122702", "GIBRALTAR"], []). */
  args: string[];
  /** 1-based page, for paged endpoints; default 1. */
  page?: number;
}

/** What the refresh action reports back. */
export type RefreshOutcome =
  | {
      ok: true;
      /** Calls fetched again from the register. */
      refreshed: number;
      /** Calls whose data was already fetched within the last MIN_REFRESH_AGE_SECONDS (not sent again). */
      alreadyFresh: number;
      /** Calls the register could not answer, in words. */
      failures: { path: string; kind: string; message: string }[];
      /** When the refresh finished (ISO). */
      at: string;
    }
  | { ok: false; message: string };

/** A page shows a handful of calls; more than this is not a page's refresh, so it is refused. */
export const MAX_REFRESH_CALLS = 12;

/**
 * Data fetched this recently is not fetched again: a double click or an impatient user must not
 * spend the one API key's budget (50 requests per 10 s for every member of staff).
 */
export const MIN_REFRESH_AGE_SECONDS = 15;

type Parsed = { ok: true; calls: RegisterCall[] } | { ok: false; message: string };

function isEndpointName(value: unknown): value is EndpointName {
  return typeof value === 'string' && Object.hasOwn(ENDPOINTS, value);
}

/**
 * Checks the shape of what a browser sent to the refresh action. Only endpoint names the client
 * knows are accepted, with exactly as many string arguments as the endpoint takes; the argument
 * values themselves are checked by the client (an impossible FRN comes back as bad-input without
 * any request).
 */
export function parseRegisterCalls(input: unknown): Parsed {
  if (!Array.isArray(input) || input.length === 0) return { ok: false, message: 'Nothing to refresh: expected a list of register calls.' };
  if (input.length > MAX_REFRESH_CALLS) return { ok: false, message: `At most ${MAX_REFRESH_CALLS} register calls can be refreshed at once (got ${input.length}).` };
  const calls: RegisterCall[] = [];
  const seen = new Set<string>();
  for (const [index, item] of input.entries()) {
    const where = `Call ${index + 1}`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return { ok: false, message: `${where} is not a register call.` };
    const { endpoint, args, page } = item as Record<string, unknown>;
    if (!isEndpointName(endpoint)) return { ok: false, message: `${where}: "${String(endpoint).slice(0, 40)}" is not a register endpoint.` };
    // build()'s declared parameters are the endpoint's identifying arguments.
    const arity = ENDPOINTS[endpoint].build.length;
    if (!Array.isArray(args) || args.length !== arity || !args.every((a) => typeof a === 'string' && a.length <= 200)) {
      return { ok: false, message: `${where}: ${endpoint} takes ${arity} text argument${arity === 1 ? '' : 's'}.` };
    }
    if (page !== undefined && (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > 10_000)) {
      return { ok: false, message: `${where}: page must be a whole number from 1 to 10000.` };
    }
    const call: RegisterCall = page === undefined || page === 1 ? { endpoint, args: [...args] } : { endpoint, args: [...args], page };
    const key = JSON.stringify([call.endpoint, call.args, call.page ?? 1]);
    if (seen.has(key)) continue;
    seen.add(key);
    calls.push(call);
  }
  return { ok: true, calls };
}
