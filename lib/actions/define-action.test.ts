import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The caller, the audit log and the log are the wrapper's collaborators; each is replaced here so
// the test sees what the wrapper asked of them.
const calls = vi.hoisted(() => ({
  requireRole: [] as Array<[string, string | undefined]>,
  requireUser: [] as Array<[string | undefined, unknown]>,
  audits: [] as unknown[],
  errors: [] as unknown[],
  signedOut: false,
}));
const user = { id: 'u1', email: 'analyst@example.test', name: 'Analyst', role: 'analyst', provider: 'credentials' };

vi.mock('@/lib/auth/session', () => ({
  requireRole: vi.fn(async (role: string, path?: string) => {
    calls.requireRole.push([role, path]);
    if (calls.signedOut) throw new Error('NEXT_REDIRECT to sign-in');
    return user;
  }),
  requireUser: vi.fn(async (path?: string, options?: unknown) => {
    calls.requireUser.push([path, options]);
    return user;
  }),
}));
vi.mock('@/lib/audit/record', () => ({ recordAudit: vi.fn(async (entry: unknown) => (calls.audits.push(entry), 1)) }));
vi.mock('@/lib/runtime/logger', () => ({ log: { error: vi.fn((fields: unknown, message: string) => calls.errors.push({ fields, message })) } }));

const { defineAction, defineCallAction } = await import('./define-action');
const { done, IDLE } = await import('./action-state');
const { redirect } = await import('next/navigation');

class ListError extends Error {}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const rename = (run: (input: { name: string }) => Promise<ReturnType<typeof done>>) =>
  defineAction({
    role: 'analyst',
    path: '/watchlists',
    input: (f) => ({ name: f.get('name') ?? '' }),
    schema: z.object({ name: z.string().trim().min(1, 'Enter a name.').max(5, 'At most 5 characters.') }),
    known: [ListError],
    failure: 'Saving failed. Try again.',
    logAs: '[test] saving failed',
    run: (input, ctx) => run(input).then(async (state) => (await ctx.audit({ action: 'list.rename', reference: input.name }), state)),
  });

beforeEach(() => {
  calls.requireRole.length = 0;
  calls.requireUser.length = 0;
  calls.audits.length = 0;
  calls.errors.length = 0;
  calls.signedOut = false;
});

describe('defineAction', () => {
  it('checks the role with the page to come back to, runs the work with the parsed input and records its audit entry as the acting user', async () => {
    const action = rename(async (input) => done(`Renamed to ${input.name}.`));
    expect(await action(IDLE, form({ name: '  Ab ' }))).toEqual({ status: 'success', message: 'Renamed to Ab.' });
    expect(calls.requireRole).toEqual([['analyst', '/watchlists']]);
    expect(calls.audits).toEqual([{ action: 'list.rename', reference: 'Ab', user }]);
  });

  it('answers a refused input with every issue joined and each field’s messages, without running the work', async () => {
    const work = vi.fn(async () => done('never'));
    const state = await rename(work)(IDLE, form({ name: '' }));
    expect(state).toEqual({ status: 'error', message: 'Enter a name.', fieldErrors: { name: ['Enter a name.'] } });
    expect(work).not.toHaveBeenCalled();
    expect(calls.audits).toEqual([]);
  });

  it('shows a known error’s message as it is, and logs nothing', async () => {
    const state = await rename(async () => {
      throw new ListError('That watchlist no longer exists.');
    })(IDLE, form({ name: 'A' }));
    expect(state).toEqual({ status: 'error', message: 'That watchlist no longer exists.' });
    expect(calls.errors).toEqual([]);
  });

  it('answers anything else with the generic message and logs the error', async () => {
    const boom = new Error('connection reset');
    const state = await rename(async () => {
      throw boom;
    })(IDLE, form({ name: 'A' }));
    expect(state).toEqual({ status: 'error', message: 'Saving failed. Try again.' });
    expect(calls.errors).toEqual([{ fields: { err: boom }, message: '[test] saving failed' }]);
  });

  it('lets a redirect from the work through to Next', async () => {
    const action = rename(async () => redirect('/watchlists/1'));
    await expect(action(IDLE, form({ name: 'A' }))).rejects.toMatchObject({ digest: expect.stringMatching(/^NEXT_REDIRECT/) });
    expect(calls.errors).toEqual([]);
  });

  it('does nothing when the caller is signed out: the sign-in redirect is thrown before the form is read', async () => {
    calls.signedOut = true;
    const work = vi.fn(async () => done('never'));
    await expect(rename(work)(IDLE, form({ name: 'A' }))).rejects.toThrow('NEXT_REDIRECT to sign-in');
    expect(work).not.toHaveBeenCalled();
  });

  it('asks only for a signed-in person when the role is signed-in, passing the enrolment exception', async () => {
    const action = defineAction({
      role: 'signed-in',
      path: '/account/two-factor',
      whileTwoFactorEnrolmentDue: true,
      input: (f) => String(f.get('code') ?? ''),
      failure: 'x',
      logAs: 'x',
      run: async (code, { user: who }) => done(`${who.email} sent ${code}`),
    });
    expect(await action(IDLE, form({ code: '123456' }))).toEqual({ status: 'success', message: 'analyst@example.test sent 123456' });
    expect(calls.requireUser).toEqual([['/account/two-factor', { whileTwoFactorEnrolmentDue: true }]]);
    expect(calls.requireRole).toEqual([]);
  });
});

describe('defineCallAction', () => {
  it('answers a failure in the action’s own shape', async () => {
    const call = defineCallAction({
      role: 'signed-in',
      input: (raw: unknown) => raw,
      refuse: (message) => ({ ok: false as const, message }),
      failure: 'The refresh failed.',
      logAs: '[test] refresh failed',
      run: async () => {
        throw new Error('boom');
      },
    });
    expect(await call(['x'])).toEqual({ ok: false, message: 'The refresh failed.' });
    expect(calls.errors).toHaveLength(1);
  });
});
