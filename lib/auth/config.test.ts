import { describe, expect, it } from 'vitest';
import { parseRoleMap, readAuthConfig, roleFromClaims } from './config';

describe('readAuthConfig', () => {
  it('defaults: local accounts only, 10-hour sessions, 30 s revalidation, 5/20 failures per 15 minutes', () => {
    const c = readAuthConfig({});
    expect(c).toMatchObject({
      sessionMaxAgeSeconds: 36_000,
      userRevalidateSeconds: 30,
      throttle: { windowMs: 900_000, maxFailuresPerAccount: 5, maxFailuresPerAddress: 20 },
      trustedProxies: 0,
      localAccounts: true,
      sso: [],
      roleClaim: null,
      defaultSsoRole: 'viewer',
      ssoAutoCreate: true,
    });
  });

  it('enables each SSO provider by its own variables', () => {
    const c = readAuthConfig({
      AZURE_AD_CLIENT_ID: 'a',
      AZURE_AD_CLIENT_SECRET: 'b',
      AZURE_AD_TENANT_ID: 'contoso.onmicrosoft.com',
      OKTA_CLIENT_ID: 'c',
      OKTA_CLIENT_SECRET: 'd',
      OKTA_ISSUER: 'https://example.okta.com/oauth2/default/',
      OIDC_ISSUER: 'http://127.0.0.1:9000',
      OIDC_CLIENT_ID: 'e',
      OIDC_CLIENT_SECRET: 'f',
      OIDC_NAME: 'Corporate login',
    });
    expect(c.sso).toEqual([
      { id: 'azure-ad', name: 'Microsoft Entra ID', clientId: 'a', clientSecret: 'b', issuer: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0' },
      { id: 'okta', name: 'Okta', clientId: 'c', clientSecret: 'd', issuer: 'https://example.okta.com/oauth2/default' },
      { id: 'oidc', name: 'Corporate login', clientId: 'e', clientSecret: 'f', issuer: 'http://127.0.0.1:9000' },
    ]);
  });

  it('names the missing variable of a half-configured provider', () => {
    expect(() => readAuthConfig({ OKTA_CLIENT_ID: 'c', OKTA_ISSUER: 'https://x.okta.com' })).toThrow(
      'Okta sign-in is half configured: set OKTA_CLIENT_SECRET as well (or unset OKTA_CLIENT_ID, OKTA_ISSUER).',
    );
    expect(() => readAuthConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toThrow(
      'OIDC_ISSUER must be an absolute URL, e.g. https://login.example.com/oauth2/default.',
    );
  });

  it('refuses settings that would lock everyone out or make no sense', () => {
    expect(() => readAuthConfig({ AUTH_LOCAL_ACCOUNTS: 'false' })).toThrow(/needs at least one single-sign-on provider/);
    expect(() => readAuthConfig({ AUTH_SESSION_HOURS: '48' })).toThrow('AUTH_SESSION_HOURS must be at most 24.');
    expect(() => readAuthConfig({ AUTH_SESSION_HOURS: 'ten' })).toThrow('AUTH_SESSION_HOURS must be a positive number.');
    expect(() => readAuthConfig({ AUTH_REVALIDATE_SECONDS: '300' })).toThrow('AUTH_REVALIDATE_SECONDS must be at most 60.');
    expect(() => readAuthConfig({ AUTH_DEFAULT_ROLE: 'root' })).toThrow('AUTH_DEFAULT_ROLE must be one of viewer, analyst, admin.');
    expect(() => readAuthConfig({ AUTH_ROLE_MAP: 'a:admin' })).toThrow(/AUTH_ROLE_CLAIM/);
    expect(() => readAuthConfig({ AUTH_SSO_AUTO_CREATE: 'maybe' })).toThrow('AUTH_SSO_AUTO_CREATE must be true or false.');
  });

  it('reads the tunables', () => {
    const c = readAuthConfig({
      AUTH_SESSION_HOURS: '8',
      AUTH_REVALIDATE_SECONDS: '0',
      AUTH_THROTTLE_WINDOW_MINUTES: '5',
      AUTH_THROTTLE_ACCOUNT_FAILURES: '3',
      AUTH_THROTTLE_ADDRESS_FAILURES: '10',
      AUTH_TRUSTED_PROXIES: '2',
    });
    expect(c.sessionMaxAgeSeconds).toBe(28_800);
    expect(c.userRevalidateSeconds).toBe(0);
    expect(c.throttle).toEqual({ windowMs: 300_000, maxFailuresPerAccount: 3, maxFailuresPerAddress: 10 });
    expect(c.trustedProxies).toBe(2);
  });
});

describe('role mapping from IdP claims', () => {
  it('parses AUTH_ROLE_MAP, allowing ":" inside claim values', () => {
    expect([...parseRoleMap('fsr-admins:admin, fsr-analysts:analyst,urn:group:x:viewer')]).toEqual([
      ['fsr-admins', 'admin'],
      ['fsr-analysts', 'analyst'],
      ['urn:group:x', 'viewer'],
    ]);
    expect(() => parseRoleMap('fsr-admins:owner')).toThrow('AUTH_ROLE_MAP entry 1 is not "claim-value:role" with a role of viewer, analyst, admin.');
  });

  const config = readAuthConfig({ AUTH_ROLE_CLAIM: 'groups', AUTH_ROLE_MAP: 'fsr-admins:admin,fsr-analysts:analyst', AUTH_DEFAULT_ROLE: 'viewer' });

  it('grants the highest mapped role among the claim values', () => {
    expect(roleFromClaims({ groups: ['staff', 'fsr-analysts', 'fsr-admins'] }, config)).toBe('admin');
    expect(roleFromClaims({ groups: 'fsr-analysts' }, config)).toBe('analyst');
  });
  it('falls back to the default role when nothing matches or the claim is absent', () => {
    expect(roleFromClaims({ groups: ['staff'] }, config)).toBe('viewer');
    expect(roleFromClaims({}, config)).toBe('viewer');
  });
  it('reads nested claims by dotted path, and role names directly when there is no map', () => {
    const nested = readAuthConfig({ AUTH_ROLE_CLAIM: 'realm_access.roles' });
    expect(roleFromClaims({ realm_access: { roles: ['offline', 'Analyst'] } }, nested)).toBe('analyst');
  });
  it('maps nothing when no claim is configured (the account keeps its role)', () => {
    expect(roleFromClaims({ groups: ['fsr-admins'] }, readAuthConfig({}))).toBeUndefined();
  });
});
