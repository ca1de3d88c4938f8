'use server';

import { refresh } from 'next/cache';
import { defineCallAction, type ActionContext } from '@/lib/actions/define-action';
import { getDb } from '@/lib/db/client';
import { getRegisterClient } from '@/lib/register/client';
import type { CallOptions, RegisterResult } from '@/lib/register/result';
import { MAX_REFRESH_CALLS, MIN_REFRESH_AGE_SECONDS, parseRegisterCalls, type RefreshOutcome, type RegisterCall } from './refresh-calls';
import { readRefreshLimit, refusalMessage, takeRefreshAllowance } from './refresh-limit';

type AnyEndpoint = (...args: unknown[]) => Promise<RegisterResult<unknown>>;

async function run(call: RegisterCall, options: CallOptions): Promise<RegisterResult<unknown>> {
  // parseRegisterCalls has checked the name against the client's endpoint list and the argument count.
  const fn = getRegisterClient()[call.endpoint] as unknown as AnyEndpoint;
  return fn(...call.args, { ...options, page: call.page });
}

const describeCall = (call: RegisterCall) => `${call.endpoint}(${call.args.join(', ')})${call.page && call.page > 1 ? ` page ${call.page}` : ''}`;

/**
 * Fetches the given register calls again, past the portal's cache, and re-renders the page that
 * asked. A person's fair share of the one register key (docs/performance.md):
 *
 * - a call whose cached answer is younger than MIN_REFRESH_AGE_SECONDS is not sent at all (the
 *   cache is looked at, the register is not asked);
 * - the calls that are sent count against the person's limit of register calls a minute
 *   (FSR_REFRESH_PER_MINUTE, lib/page-data/refresh-limit.ts), all or none; over it, nothing is sent
 *   and the refusal says so in words;
 * - they go at report priority: behind every colleague's page load, ahead of background work;
 * - every refresh that sends anything is audited (`register.refresh`), and the first refusal of a
 *   person in a minute too (`denied`).
 */
export const refreshRegisterCalls = defineCallAction({
  role: 'signed-in',
  input: (input: unknown) => parseRegisterCalls(input),
  refuse: (message): RefreshOutcome => ({ ok: false, message }),
  failure: 'The refresh failed. Try again; if it keeps failing, tell a portal administrator.',
  logAs: '[refresh] refreshing register calls failed',
  run: refreshCalls,
});

async function refreshCalls(parsed: ReturnType<typeof parseRegisterCalls>, { user, audit }: ActionContext<unknown>): Promise<RefreshOutcome> {
  if (!parsed.ok) return parsed;

  const client = getRegisterClient();
  const ages = await Promise.all(parsed.calls.map((call) => client.cachedAge(call.endpoint, call.args, { page: call.page })));
  const toSend = parsed.calls.filter((_, i) => ages[i] === null || ages[i]! >= MIN_REFRESH_AGE_SECONDS);
  const alreadyFresh = parsed.calls.length - toSend.length;
  const at = () => new Date().toISOString();
  if (toSend.length === 0) return { ok: true, refreshed: 0, alreadyFresh, failures: [], at: at() };

  const limit = readRefreshLimit(process.env).perMinute;
  const allowance = await takeRefreshAllowance(await getDb(), user.id, toSend.length, limit);
  if (!allowance.ok) {
    if (allowance.firstRefusal) {
      await audit({
        action: 'register.refresh',
        outcome: 'denied',
        detail: { reason: 'per-person limit', calls: toSend.length, usedLastMinute: allowance.used, limitPerMinute: limit, retryAfterSeconds: allowance.retryAfterSeconds },
      });
    }
    return { ok: false, message: refusalMessage(allowance, toSend.length) };
  }

  let refreshed = 0;
  const failures: { path: string; kind: string; message: string }[] = [];
  await Promise.all(
    toSend.map(async (call) => {
      const result = await run(call, { refresh: true, priority: 'report', onBlock: 'fail', maxWaitMs: 20_000 });
      if (result.kind === 'ok' || result.kind === 'not-found') refreshed += 1;
      else failures.push({ path: result.provenance?.path ?? describeCall(call), kind: result.kind, message: result.message });
    }),
  );
  await audit({
    action: 'register.refresh',
    outcome: failures.length === 0 ? 'success' : 'failure',
    detail: { calls: toSend.map(describeCall).slice(0, MAX_REFRESH_CALLS), refreshed, alreadyFresh, failed: failures.length, limitPerMinute: limit },
  });
  // Re-render the page that called, on the server, with what the cache now holds.
  refresh();
  return { ok: true, refreshed, alreadyFresh, failures, at: at() };
}
