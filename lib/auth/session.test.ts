import { beforeEach, describe, expect, it, vi } from 'vitest';

// requireUser/requireRole/authorizeRequest over a mocked session source: these tests are about
// what each guard does with "no user", "too low a role" and "allowed"; the session itself is
// tested in options.test.ts and, for real, in the e2e specs.
const state = vi.hoisted(() => ({
  session: null as null | { user: Record<string, unknown> },
  cookies: [] as Array<{ name: string; value: string }>,
  path: '/firm/1?tab=x' as string | null,
  enrolmentDue: false,
}));

vi.mock('next-auth', () => ({ getServerSession: vi.fn(async () => state.session) }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => state.cookies }),
  headers: async () => new Headers(state.path ? { 'x-fsr-request-path': state.path } : {}),
}));
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error(`redirect:${url}`), { kind: 'redirect' });
  },
  forbidden: () => {
    throw Object.assign(new Error('forbidden'), { kind: 'forbidden' });
  },
}));
vi.mock('./options', () => ({ getAuthOptions: () => ({}), authConfig: () => ({ userRevalidateSeconds: 30 }) }));
vi.mock('@/lib/db/client', () => ({ getDb: async () => ({}) }));
vi.mock('./two-factor-requirement', () => ({
  TWO_FACTOR_ENROL_PATH: '/account/two-factor',
  mustEnrolTwoFactor: vi.fn(async (_db: unknown, user: { provider: string }) => state.enrolmentDue && user.provider === 'credentials'),
}));

const { authorizeRequest, requireRole, requireUser, withAuth } = await import('./session');

const viewer = { id: 'u1', email: 'v@x', name: 'V', role: 'viewer', provider: 'credentials' };

beforeEach(() => {
  state.session = null;
  state.cookies = [];
  state.path = '/firm/1?tab=x';
  state.enrolmentDue = false;
});

describe('requireUser / requireRole (pages, server actions)', () => {
  it('redirects an anonymous visitor to sign-in with the page they asked for', async () => {
    await expect(requireUser()).rejects.toThrow('redirect:/login?callbackUrl=%2Ffirm%2F1%3Ftab%3Dx');
  });
  it('says the session ended when a session cookie no longer works', async () => {
    state.cookies = [{ name: 'next-auth.session-token', value: 'stale' }];
    await expect(requireUser('/admin/users')).rejects.toThrow('redirect:/login?callbackUrl=%2Fadmin%2Fusers&error=session-ended');
  });
  it('recognises the secure (https) session cookie too', async () => {
    state.cookies = [{ name: '__Secure-next-auth.session-token.0', value: 'stale' }];
    await expect(requireUser('/x')).rejects.toThrow('redirect:/login?callbackUrl=%2Fx&error=session-ended');
  });
  it('returns the user, and refuses a role above theirs with forbidden()', async () => {
    state.session = { user: viewer };
    expect(await requireUser()).toEqual(viewer);
    expect(await requireRole('viewer')).toEqual(viewer);
    await expect(requireRole('analyst')).rejects.toThrow('forbidden');
    state.session = { user: { ...viewer, role: 'admin' } };
    expect((await requireRole('analyst')).role).toBe('admin');
  });
});

describe('an administrator requires two-factor sign-in', () => {
  it('leads an un-enrolled local user to enrolment from every page, and back afterwards', async () => {
    state.session = { user: viewer };
    state.enrolmentDue = true;
    await expect(requireUser()).rejects.toThrow('redirect:/account/two-factor?required=1&next=%2Ffirm%2F1%3Ftab%3Dx');
    await expect(requireRole('viewer', '/search')).rejects.toThrow('redirect:/account/two-factor?required=1&next=%2Fsearch');
    // The enrolment page itself (and its actions) stay reachable.
    expect(await requireUser(undefined, { whileTwoFactorEnrolmentDue: true })).toEqual(viewer);
  });
  it('refuses route handlers with a 403 that says what to do', async () => {
    state.session = { user: viewer };
    state.enrolmentDue = true;
    const denied = await authorizeRequest();
    expect(denied.ok).toBe(false);
    if (!denied.ok) {
      expect(denied.response.status).toBe(403);
      expect(await denied.response.json()).toMatchObject({ error: 'two-factor-enrolment-required' });
    }
  });
  it('leaves single-sign-on users alone', async () => {
    state.session = { user: { ...viewer, provider: 'oidc' } };
    state.enrolmentDue = true;
    expect((await requireUser()).provider).toBe('oidc');
  });
});

describe('authorizeRequest / withAuth (route handlers)', () => {
  it('answers 401 JSON without a session and 403 JSON with too low a role', async () => {
    const anon = await authorizeRequest();
    expect(anon.ok).toBe(false);
    if (!anon.ok) {
      expect(anon.response.status).toBe(401);
      const body = await anon.response.json();
      expect(body).toMatchObject({
        error: 'unauthenticated',
        message: expect.stringMatching(/^You have been signed out, or you are not signed in\. Sign in again \(http.*\/login\), then try this again\.$/),
      });
      expect(new URL(body.signIn).pathname).toBe('/login');
    }
    state.session = { user: viewer };
    const low = await authorizeRequest('analyst');
    expect(low.ok).toBe(false);
    if (!low.ok) {
      expect(low.response.status).toBe(403);
      expect((await low.response.json()).message).toBe('This endpoint needs the analyst role; you are signed in as viewer.');
    }
  });
  it('runs the handler with the user when allowed', async () => {
    state.session = { user: { ...viewer, role: 'analyst' } };
    const handler = withAuth('analyst', async (_req, _ctx: unknown, user) => Response.json({ who: user.email }));
    const res = await handler(new Request('http://x/api/export'), {});
    expect(await res.json()).toEqual({ who: 'v@x' });
    state.session = null;
    expect((await handler(new Request('http://x/api/export'), {})).status).toBe(401);
  });
});
