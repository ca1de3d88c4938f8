import type { Account, AuthOptions } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { findUserSession } from '@/lib/db/queries/user-sessions';
import { createUser, findUserByEmail, revokeUserSessions, setUserDisabled } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { readAuthConfig } from './config';
import { buildAuthOptions, emailFromClaims, SessionRefused } from './options';
import { hashPassword } from './password';
import { clearUserCache } from './session-check';
import { sessionHandle } from './session-handle';

const pg = await postgresStatus();
const SECRET = 's'.repeat(40);

type Callbacks = Required<NonNullable<AuthOptions['callbacks']>>;
type Events = Required<NonNullable<AuthOptions['events']>>;

function account(provider: string): Account {
  return { provider, type: provider === 'credentials' ? 'credentials' : 'oauth', providerAccountId: 'p' } as Account;
}

describe('providers from the environment', () => {
  it('offers local accounts alone by default', () => {
    const o = buildAuthOptions({
      config: readAuthConfig({}),
      secret: SECRET,
      loadDb: async () => {
        throw new Error('unused');
      },
    });
    expect(o.providers.map((p) => p.id)).toEqual(['credentials']);
    expect(o.session).toEqual({ strategy: 'jwt', maxAge: 36_000 });
    expect(o.pages).toEqual({ signIn: '/login', error: '/login' });
  });

  it('adds Entra ID, Okta and a generic OIDC issuer with PKCE, from their variables', () => {
    const config = readAuthConfig({
      AUTH_LOCAL_ACCOUNTS: 'false',
      AZURE_AD_CLIENT_ID: 'az',
      AZURE_AD_CLIENT_SECRET: 'azs',
      AZURE_AD_TENANT_ID: 'tenant-1',
      OKTA_CLIENT_ID: 'ok',
      OKTA_CLIENT_SECRET: 'oks',
      OKTA_ISSUER: 'https://corp.okta.com',
      OIDC_ISSUER: 'http://127.0.0.1:9999',
      OIDC_CLIENT_ID: 'oi',
      OIDC_CLIENT_SECRET: 'ois',
      OIDC_NAME: 'Keycloak',
    });
    const o = buildAuthOptions({
      config,
      secret: SECRET,
      loadDb: async () => {
        throw new Error('unused');
      },
    });
    const byId = Object.fromEntries(o.providers.map((p) => [p.id, p as unknown as Record<string, unknown>]));
    expect(Object.keys(byId)).toEqual(['azure-ad', 'okta', 'oidc']);
    expect(byId['azure-ad'].wellKnown).toBe('https://login.microsoftonline.com/tenant-1/v2.0/.well-known/openid-configuration?appid=az');
    expect((byId['azure-ad'].options as Record<string, unknown>).checks).toEqual(['pkce', 'state']);
    expect(byId.okta.wellKnown).toBe('https://corp.okta.com/.well-known/openid-configuration');
    expect(byId.oidc).toMatchObject({
      name: 'Keycloak',
      type: 'oauth',
      wellKnown: 'http://127.0.0.1:9999/.well-known/openid-configuration',
      clientId: 'oi',
      idToken: true,
      checks: ['pkce', 'state'],
    });
  });

  it('reads the e-mail from email, else an address-shaped preferred_username or upn', () => {
    expect(emailFromClaims({ email: 'a@x', preferred_username: 'b@x' })).toBe('a@x');
    expect(emailFromClaims({ preferred_username: 'b@x' })).toBe('b@x');
    expect(emailFromClaims({ preferred_username: 'bob', upn: 'bob@corp' })).toBe('bob@corp');
    expect(emailFromClaims({ preferred_username: 'bob' })).toBeUndefined();
  });
});

forEachDialect('next-auth callbacks and events', pg, (db) => {
  const config = readAuthConfig({
    OIDC_ISSUER: 'http://127.0.0.1:9999',
    OIDC_CLIENT_ID: 'c',
    OIDC_CLIENT_SECRET: 's',
    AUTH_ROLE_CLAIM: 'groups',
    AUTH_ROLE_MAP: 'fsr-admins:admin,fsr-analysts:analyst',
  });
  const options = () => buildAuthOptions({ config, secret: SECRET, loadDb: async () => db(), address: '203.0.113.5' });
  const cb = () => options().callbacks as Callbacks;
  const ev = () => options().events as Events;
  beforeEach(() => clearUserCache());

  it('credentials: authorize returns the portal account; jwt binds it with its session version and sign-in time', async () => {
    await createUser(db(), { email: 'amy@x', role: 'analyst', passwordHash: await hashPassword('amy-pw', { ln: 10, r: 8, p: 1 }), authProvider: 'local' });
    const credentials = options().providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    const user = (await credentials.options.authorize({ email: 'AMY@x', password: 'amy-pw' }, {})) as { id: string };
    expect(user).toMatchObject({ email: 'amy@x', role: 'analyst', sv: 1 });
    await expect(credentials.options.authorize({ email: 'amy@x', password: 'bad' }, {})).resolves.toBeNull();

    const token = await cb().jwt({ token: {}, user: user as never, account: account('credentials'), trigger: 'signIn' });
    expect(token).toMatchObject({ sub: user.id, uid: user.id, sv: 1, role: 'analyst', provider: 'credentials', email: 'amy@x' });
    expect(Math.abs((token.authAt as number) - Date.now() / 1000)).toBeLessThan(5);

    const session = await cb().session({ session: { expires: 'x', user: {} }, token, user: undefined as never, newSession: undefined, trigger: 'update' });
    expect(session.user).toEqual({
      id: user.id,
      email: 'amy@x',
      name: 'amy',
      role: 'analyst',
      provider: 'credentials',
      sessionHandle: sessionHandle(token.sid as string),
    });
    // The session is listed under the account from sign-in on.
    expect(await findUserSession(db(), token.sid as string)).toMatchObject({ userId: user.id, sessionVersion: 1, provider: 'credentials' });
  });

  it('signing out ends the session itself: a copy of its token is refused afterwards, other sessions go on', async () => {
    const u = (await findUserByEmail(db(), 'amy@x'))!;
    const signIn = () => cb().jwt({ token: {}, user: { id: u.id } as never, account: account('credentials'), trigger: 'signIn' }) as Promise<JWT>;
    const [laptop, phone] = [await signIn(), await signIn()];
    expect(laptop.sid).toMatch(/^[\w-]{22}$/);
    expect(phone.sid).not.toBe(laptop.sid);
    expect((await cb().jwt({ token: laptop, user: undefined as never, account: null })).uid).toBe(u.id);
    await ev().signOut({ token: laptop, session: undefined as never });
    // At once on this instance, and on another one (no cache) from the database.
    await expect(cb().jwt({ token: laptop, user: undefined as never, account: null })).rejects.toThrow(/session refused: signed-out/);
    clearUserCache();
    await expect(cb().jwt({ token: laptop, user: undefined as never, account: null })).rejects.toThrow(/session refused: signed-out/);
    expect((await cb().jwt({ token: phone, user: undefined as never, account: null })).uid).toBe(u.id);
    const [entry] = await listAudit(db(), { action: 'auth.sign-out' });
    expect(entry).toMatchObject({ userId: u.id, outcome: 'success' });
  });

  it('credentials: the throttle message reaches next-auth as the error code', async () => {
    const credentials = options().providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    for (let i = 0; i < 5; i++) await expect(credentials.options.authorize({ email: 'tom@x', password: `bad-${i}` }, {})).resolves.toBeNull();
    await expect(credentials.options.authorize({ email: 'tom@x', password: 'whatever' }, {})).rejects.toThrow(/^throttled-account:15$/);
  });

  it('credentials: a database failure reaches the page as a code, not as the error text', async () => {
    const broken = buildAuthOptions({
      config,
      secret: SECRET,
      loadDb: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
      },
    });
    const provider = broken.providers[0] as unknown as { options: { authorize: (c: unknown, r: unknown) => Promise<unknown> } };
    await expect(provider.options.authorize({ email: 'amy@x', password: 'x' }, {})).rejects.toThrow(/^sign-in-unavailable$/);
  });

  it('each later check follows the account: new role applies, revocation ends the session', async () => {
    const u = (await findUserByEmail(db(), 'amy@x'))!;
    const token = (await cb().jwt({ token: {}, user: { id: u.id } as never, account: account('credentials') })) as JWT;
    const { setUserRole } = await import('@/lib/db/queries/users');
    await setUserRole(db(), u.id, 'viewer');
    clearUserCache();
    expect((await cb().jwt({ token, user: undefined as never, account: null })).role).toBe('viewer');
    await revokeUserSessions(db(), u.id);
    clearUserCache();
    await expect(cb().jwt({ token, user: undefined as never, account: null })).rejects.toBeInstanceOf(SessionRefused);
  });

  it('SSO: the first sign-in creates the account with the role mapped from groups', async () => {
    const claims = { sub: 'idp-1', email: 'Ola@Corp.example', name: 'Ola N', groups: ['staff', 'fsr-analysts'], email_verified: true };
    expect(await cb().signIn({ user: { id: 'idp-1', email: 'ola@corp.example' }, account: account('oidc'), profile: claims as never })).toBe(true);
    const u = await findUserByEmail(db(), 'ola@corp.example');
    expect(u).toMatchObject({ role: 'analyst', authProvider: 'oidc', name: 'Ola N', hasPassword: false });
    const token = await cb().jwt({ token: {}, user: { id: 'idp-1', email: 'ola@corp.example' } as never, account: account('oidc'), profile: claims as never });
    expect(token).toMatchObject({ uid: u!.id, role: 'analyst', provider: 'oidc' });
    // The IdP changes the groups: the next sign-in follows.
    await cb().signIn({ user: { id: 'idp-1', email: 'ola@corp.example' }, account: account('oidc'), profile: { ...claims, groups: ['fsr-admins'] } as never });
    expect((await findUserByEmail(db(), 'ola@corp.example'))?.role).toBe('admin');
  });

  it('SSO: refuses a disabled account, an unverified e-mail and a missing e-mail, and audits each', async () => {
    const u = (await findUserByEmail(db(), 'ola@corp.example'))!;
    await setUserDisabled(db(), u.id, true);
    const base = { sub: 'idp-1', email: 'ola@corp.example' };
    expect(await cb().signIn({ user: { id: 'idp-1' }, account: account('oidc'), profile: base as never })).toBe(false);
    expect(await cb().signIn({ user: { id: 'idp-2' }, account: account('oidc'), profile: { sub: 'idp-2', email: 'new@corp.example', email_verified: false } as never })).toBe(
      false,
    );
    expect(await cb().signIn({ user: { id: 'idp-3' }, account: account('oidc'), profile: { sub: 'idp-3' } as never })).toBe(false);
    const reasons = (await listAudit(db(), { action: 'auth.sign-in-failed' }))
      .map((e) => e.detail?.reason)
      .slice(0, 3)
      .reverse();
    expect(reasons).toEqual(['account-disabled', 'email-unverified', 'no-email-claim']);
    expect(await findUserByEmail(db(), 'new@corp.example')).toBeNull();
  });

  it('SSO: never takes over a local account or one bound to another provider by matching e-mail', async () => {
    const local = await createUser(db(), { email: 'root@corp.example', role: 'admin', passwordHash: 'h', authProvider: 'local' });
    const okta = await createUser(db(), { email: 'kim@corp.example', role: 'viewer', passwordHash: null, authProvider: 'okta' });
    const claims = (email: string) => ({ sub: `idp-${email}`, email, email_verified: true, groups: ['fsr-admins'] }) as never;
    expect(await cb().signIn({ user: { id: 'x' }, account: account('oidc'), profile: claims('root@corp.example') })).toBe(false);
    expect(await cb().signIn({ user: { id: 'y' }, account: account('oidc'), profile: claims('kim@corp.example') })).toBe(false);
    expect(await findUserByEmail(db(), 'root@corp.example')).toMatchObject({ id: local.id, role: 'admin', authProvider: 'local' });
    expect(await findUserByEmail(db(), 'kim@corp.example')).toMatchObject({ id: okta.id, role: 'viewer', authProvider: 'okta' });
    const reasons = (await listAudit(db(), { action: 'auth.sign-in-failed' }))
      .map((e) => e.detail?.reason)
      .slice(0, 2)
      .reverse();
    expect(reasons).toEqual(['local-account', 'other-provider']);
  });

  it('SSO: with AUTH_SSO_AUTO_CREATE=false only invited users get in', async () => {
    const closed = readAuthConfig({ OIDC_ISSUER: 'http://127.0.0.1:9999', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's', AUTH_SSO_AUTO_CREATE: 'false' });
    const o = buildAuthOptions({ config: closed, secret: SECRET, loadDb: async () => db() });
    const signIn = (o.callbacks as Callbacks).signIn;
    expect(await signIn({ user: { id: 'x' }, account: account('oidc'), profile: { sub: 'x', email: 'stranger@corp.example' } as never })).toBe(false);
    await createUser(db(), { email: 'invited@corp.example', role: 'analyst', passwordHash: null, authProvider: 'sso' });
    expect(await signIn({ user: { id: 'y' }, account: account('oidc'), profile: { sub: 'y', email: 'invited@corp.example' } as never })).toBe(true);
    expect(await findUserByEmail(db(), 'invited@corp.example')).toMatchObject({ role: 'analyst', authProvider: 'oidc' });
  });

  it('audits sign-in (with the client address) and sign-out, and records the last sign-in', async () => {
    const u = (await findUserByEmail(db(), 'invited@corp.example'))!;
    await ev().signIn({ user: { id: 'y', email: 'invited@corp.example' }, account: account('oidc'), isNewUser: false });
    await ev().signOut({ token: { uid: u.id, email: u.email } as JWT, session: undefined as never });
    const [signOut, signIn] = await listAudit(db(), { userEmail: 'invited@corp.example' });
    expect(signIn).toMatchObject({ action: 'auth.sign-in', outcome: 'success', userId: u.id, detail: { provider: 'oidc', address: '203.0.113.5' } });
    expect(signOut).toMatchObject({ action: 'auth.sign-out', userId: u.id });
    expect((await findUserByEmail(db(), 'invited@corp.example'))?.lastSignInAt).not.toBeNull();
  });

  it('redirects only within the portal', async () => {
    expect(await cb().redirect({ url: 'https://evil.example/', baseUrl: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000/');
    expect(await cb().redirect({ url: '/firm/1', baseUrl: 'http://127.0.0.1:3000' })).toBe('http://127.0.0.1:3000/firm/1');
  });
});
