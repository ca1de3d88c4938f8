'use server';

import { refresh } from 'next/cache';
import { requireUser } from '@/lib/auth/session';
import { getRegisterClient } from '@/lib/register/client';
import type { CallOptions, RegisterResult } from '@/lib/register/result';
import { MIN_REFRESH_AGE_SECONDS, parseRegisterCalls, type RefreshOutcome, type RegisterCall } from './refresh-calls';

type AnyEndpoint = (...args: unknown[]) => Promise<RegisterResult<unknown>>;

async function run(call: RegisterCall, options: CallOptions): Promise<RegisterResult<unknown>> {
  // parseRegisterCalls has checked the name against the client's endpoint list and the argument count.
  const fn = getRegisterClient()[call.endpoint] as unknown as AnyEndpoint;
  return fn(...call.args, { ...options, page: call.page, priority: 'interactive' });
}

/**
 * Fetches the given register calls again (bypassing the portal's cache) and re-renders the page
 * that asked. A call whose data is younger than MIN_REFRESH_AGE_SECONDS is not sent again.
 */
export async function refreshRegisterCalls(input: unknown): Promise<RefreshOutcome> {
  // A server action is a public POST endpoint: it checks the caller itself, like a page.
  await requireUser();
  const parsed = parseRegisterCalls(input);
  if (!parsed.ok) return parsed;

  let refreshed = 0;
  let alreadyFresh = 0;
  const failures: { path: string; kind: string; message: string }[] = [];
  const fail = (call: RegisterCall, result: Exclude<RegisterResult<unknown>, { kind: 'ok' | 'not-found' }>) =>
    failures.push({ path: result.provenance?.path ?? `${call.endpoint}(${call.args.join(', ')})`, kind: result.kind, message: result.message });

  await Promise.all(
    parsed.calls.map(async (call) => {
      // Reading first costs nothing when the answer is cached, and says how old the copy on screen is.
      const current = await run(call, {});
      if (current.kind !== 'ok' && current.kind !== 'not-found') {
        // Rejected input, a refused key, rate limiting or an outage: asking again now would fail the same way.
        fail(call, current);
        return;
      }
      if (current.provenance.source === 'live') {
        refreshed += 1; // the cache had nothing usable, so this read went to the register
        return;
      }
      if (current.provenance.ageSeconds < MIN_REFRESH_AGE_SECONDS) {
        alreadyFresh += 1;
        return;
      }
      const result = await run(call, { refresh: true });
      if (result.kind === 'ok' || result.kind === 'not-found') refreshed += 1;
      else fail(call, result);
    }),
  );
  // Re-render the page that called, on the server, with what the cache now holds.
  refresh();
  return { ok: true, refreshed, alreadyFresh, failures, at: new Date().toISOString() };
}
