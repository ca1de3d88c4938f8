import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertSettings, SettingsError, settingsProblems } from './check-settings';

// One case per variable the portal parses: a bad value is refused with a message that names the
// variable and never repeats the value (each bad value carries a marker the test looks for).

const MARK = 'Qx7mark';
const SECRET = 's'.repeat(40);
const dirs: string[] = [];

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fsr-settings-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsWith(env: Record<string, string>): string[] {
  return settingsProblems({ FSR_DATA_DIR: dataDir(), ...env });
}

const CASES: Array<[string, Record<string, string>, string]> = [
  ['NEXTAUTH_SECRET', { NEXTAUTH_SECRET: `short-${MARK}` }, 'NEXTAUTH_SECRET is too short: use at least 32 characters'],
  ['AUTH_SECRET', { AUTH_SECRET: `short-${MARK}` }, 'AUTH_SECRET is too short'],
  ['NEXTAUTH_SECRET with DATABASE_URL', { DATABASE_URL: `postgres://u:${MARK}@db.example.com/portal` }, 'NEXTAUTH_SECRET must be set when DATABASE_URL is set'],
  ['DATABASE_URL scheme', { NEXTAUTH_SECRET: SECRET, DATABASE_URL: `mysql://u:${MARK}@db.example.com/portal` }, 'DATABASE_URL must be a PostgreSQL URL'],
  ['DATABASE_URL malformed', { NEXTAUTH_SECRET: SECRET, DATABASE_URL: `postgres://u:${MARK}@db.example.com:99999/portal` }, 'DATABASE_URL is not a valid URL'],
  ['FSR_REFRESH_PER_MINUTE', { FSR_REFRESH_PER_MINUTE: `0${MARK}` }, 'FSR_REFRESH_PER_MINUTE must be a whole number of register calls from 1 to 600'],
  ['FSR_TOTP_KEY', { FSR_TOTP_KEY: `not-32-bytes-${MARK}` }, 'FSR_TOTP_KEY must be 32 random bytes as 64 hex digits or base64'],
  ['REDIS_URL scheme', { REDIS_URL: `http://u:${MARK}@cache.example.com` }, 'REDIS_URL must be a redis:// or rediss:// URL'],
  ['REDIS_URL malformed', { REDIS_URL: `redis://:${MARK}@cache.example.com:99999` }, 'REDIS_URL is not a valid URL'],
  ['NEXTAUTH_URL scheme', { NEXTAUTH_URL: `ftp://${MARK}.example.com` }, 'NEXTAUTH_URL must be an absolute http:// or https:// URL'],
  ['NEXTAUTH_URL malformed', { NEXTAUTH_URL: MARK }, 'NEXTAUTH_URL must be an absolute http:// or https:// URL'],
  ['PORTAL_URL relative', { PORTAL_URL: `/${MARK}` }, 'PORTAL_URL must be an absolute http:// or https:// URL (e.g. https://portal.example.org)'],
  ['PORTAL_URL scheme', { PORTAL_URL: `ftp://${MARK}.example.org` }, 'PORTAL_URL must be an absolute http:// or https:// URL'],
  ['PORTAL_URL with a path', { PORTAL_URL: `https://portal.example.org/${MARK}` }, "PORTAL_URL must be the address of the site's root, without a path"],
  ['PORTAL_URL with a password', { PORTAL_URL: `https://u:${MARK}@portal.example.org` }, 'PORTAL_URL must not hold a user name or password'],
  [
    'PORTAL_URL and NEXTAUTH_URL differ',
    { PORTAL_URL: 'https://portal.example.org', NEXTAUTH_URL: `https://${MARK}.example.org` },
    'PORTAL_URL and NEXTAUTH_URL name different addresses',
  ],
  ['METRICS_ALLOW_LOOPBACK', { METRICS_ALLOW_LOOPBACK: MARK }, 'METRICS_ALLOW_LOOPBACK must be true or false'],
  ['LOG_LEVEL', { LOG_LEVEL: MARK }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
  ['TRUST_PROXY', { TRUST_PROXY: MARK }, 'TRUST_PROXY must be the number of reverse proxies in front of the portal, from 0 to 10'],
  ['TRUST_PROXY and its older name differ', { TRUST_PROXY: '1', AUTH_TRUSTED_PROXIES: '2' }, 'TRUST_PROXY and AUTH_TRUSTED_PROXIES (its older name) are set to different numbers'],
  ['NEXTAUTH_URL query', { NEXTAUTH_URL: `https://portal.example.com/?${MARK}` }, 'NEXTAUTH_URL must not have a query string'],
  ['AZURE_AD half configured', { AZURE_AD_CLIENT_ID: MARK }, 'Microsoft Entra ID sign-in is half configured: set AZURE_AD_CLIENT_SECRET and AZURE_AD_TENANT_ID as well'],
  [
    'AZURE_AD_TENANT_ID',
    { AZURE_AD_CLIENT_ID: 'a', AZURE_AD_CLIENT_SECRET: 'b', AZURE_AD_TENANT_ID: `bad tenant ${MARK}` },
    'AZURE_AD_TENANT_ID must be the directory (tenant) id',
  ],
  [
    'AZURE_AD_CLIENT_SECRET',
    { AZURE_AD_CLIENT_ID: 'a', AZURE_AD_CLIENT_SECRET: `two words ${MARK}`, AZURE_AD_TENANT_ID: 'contoso.onmicrosoft.com' },
    'AZURE_AD_CLIENT_SECRET must not contain spaces',
  ],
  ['OKTA half configured', { OKTA_ISSUER: `https://${MARK}.okta.com` }, 'Okta sign-in is half configured: set OKTA_CLIENT_ID and OKTA_CLIENT_SECRET as well'],
  [
    'OKTA_ISSUER over http',
    { OKTA_CLIENT_ID: 'a', OKTA_CLIENT_SECRET: 'b', OKTA_ISSUER: `http://${MARK}.okta.com` },
    'OKTA_ISSUER must be an https URL (http is accepted only for localhost)',
  ],
  ['OIDC_ISSUER malformed', { OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_ISSUER: `not a url ${MARK}` }, 'OIDC_ISSUER must be an absolute URL'],
  [
    'OIDC_ISSUER with credentials',
    { OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b', OIDC_ISSUER: `https://u:${MARK}@idp.example.com` },
    'OIDC_ISSUER must not contain a user name or password',
  ],
  ['OIDC_CLIENT_ID', { OIDC_CLIENT_ID: `a ${MARK}`, OIDC_CLIENT_SECRET: 'b', OIDC_ISSUER: 'https://idp.example.com' }, 'OIDC_CLIENT_ID must not contain spaces'],
  ['AUTH_LOCAL_ACCOUNTS', { AUTH_LOCAL_ACCOUNTS: MARK }, 'AUTH_LOCAL_ACCOUNTS must be true or false'],
  ['AUTH_LOCAL_ACCOUNTS without SSO', { AUTH_LOCAL_ACCOUNTS: 'false' }, 'AUTH_LOCAL_ACCOUNTS=false needs at least one single-sign-on provider'],
  ['AUTH_SESSION_HOURS', { AUTH_SESSION_HOURS: MARK }, 'AUTH_SESSION_HOURS must be a positive number'],
  ['AUTH_REVALIDATE_SECONDS', { AUTH_REVALIDATE_SECONDS: MARK }, 'AUTH_REVALIDATE_SECONDS must be a whole number'],
  ['AUTH_THROTTLE_WINDOW_MINUTES', { AUTH_THROTTLE_WINDOW_MINUTES: MARK }, 'AUTH_THROTTLE_WINDOW_MINUTES must be a positive number'],
  ['AUTH_THROTTLE_ACCOUNT_FAILURES', { AUTH_THROTTLE_ACCOUNT_FAILURES: MARK }, 'AUTH_THROTTLE_ACCOUNT_FAILURES must be a positive number'],
  ['AUTH_THROTTLE_ADDRESS_FAILURES', { AUTH_THROTTLE_ADDRESS_FAILURES: MARK }, 'AUTH_THROTTLE_ADDRESS_FAILURES must be a positive number'],
  ['AUTH_TRUSTED_PROXIES', { AUTH_TRUSTED_PROXIES: MARK }, 'AUTH_TRUSTED_PROXIES must be the number of reverse proxies in front of the portal'],
  ['AUTH_DEFAULT_ROLE', { AUTH_DEFAULT_ROLE: MARK }, 'AUTH_DEFAULT_ROLE must be one of viewer, analyst, admin'],
  ['AUTH_SSO_AUTO_CREATE', { AUTH_SSO_AUTO_CREATE: MARK }, 'AUTH_SSO_AUTO_CREATE must be true or false'],
  ['AUTH_ROLE_MAP', { AUTH_ROLE_CLAIM: 'groups', AUTH_ROLE_MAP: `admins:${MARK}` }, 'AUTH_ROLE_MAP entry 1 is not "claim-value:role"'],
  ['AUTH_ROLE_CLAIM', { AUTH_ROLE_MAP: `${MARK}:admin` }, 'AUTH_ROLE_MAP is set but AUTH_ROLE_CLAIM'],
  ['FSR_API_KEY without e-mail', { FSR_API_KEY: MARK }, 'FSR_API_EMAIL is required when FSR_API_KEY is set'],
  ['FSR_API_EMAIL', { FSR_API_KEY: 'key', FSR_API_EMAIL: MARK }, 'FSR_API_EMAIL must be an e-mail address'],
  ['FSR_API_BASE_URL', { FSR_API_BASE_URL: MARK }, 'FSR_API_BASE_URL is not a valid URL'],
  ['FSR_API_BASE_URL path', { FSR_API_BASE_URL: `http://127.0.0.1:4010/${MARK}` }, 'FSR_API_BASE_URL must end in /services/V0.1'],
  ['FSR_RATE_BUDGET', { FSR_RATE_BUDGET: MARK }, 'FSR_RATE_BUDGET must look like REQUESTS/SECONDS'],
  ['FSR_RATE_MARGIN_MS', { FSR_RATE_MARGIN_MS: MARK }, 'FSR_RATE_MARGIN_MS must be a whole number'],
  ['FSR_RATE_BLOCK_SECONDS', { FSR_RATE_BLOCK_SECONDS: MARK }, 'FSR_RATE_BLOCK_SECONDS must be a whole number'],
  ['FSR_RATE_INTERACTIVE_RESERVE', { FSR_RATE_INTERACTIVE_RESERVE: MARK }, 'FSR_RATE_INTERACTIVE_RESERVE must be a whole number'],
  ['FSR_CACHE_FRESH_SECONDS', { FSR_CACHE_FRESH_SECONDS: MARK }, 'FSR_CACHE_FRESH_SECONDS must be a whole number'],
  ['FSR_CACHE_STALE_SECONDS', { FSR_CACHE_STALE_SECONDS: MARK }, 'FSR_CACHE_STALE_SECONDS must be a whole number'],
  ['FSR_CACHE_NOT_FOUND_SECONDS', { FSR_CACHE_NOT_FOUND_SECONDS: MARK }, 'FSR_CACHE_NOT_FOUND_SECONDS must be a whole number'],
  ['FSR_CACHE_SEARCH_FRESH_SECONDS', { FSR_CACHE_SEARCH_FRESH_SECONDS: MARK }, 'FSR_CACHE_SEARCH_FRESH_SECONDS must be a whole number'],
  ['FSR_CACHE_MARKETS_FRESH_SECONDS', { FSR_CACHE_MARKETS_FRESH_SECONDS: MARK }, 'FSR_CACHE_MARKETS_FRESH_SECONDS must be a whole number'],
  ['FSR_CACHE_MAX_ENTRIES', { FSR_CACHE_MAX_ENTRIES: MARK }, 'FSR_CACHE_MAX_ENTRIES must be a whole number'],
  ['FSR_API_TIMEOUT_MS', { FSR_API_TIMEOUT_MS: MARK }, 'FSR_API_TIMEOUT_MS must be a whole number'],
  ['FSR_API_RETRIES', { FSR_API_RETRIES: MARK }, 'FSR_API_RETRIES must be a whole number'],
  ['SANDBOX_PORT', { SANDBOX_PORT: MARK }, 'SANDBOX_PORT must be a port number'],
  ['FSR_REPORT_MAX_PAGES', { FSR_REPORT_MAX_PAGES: MARK }, 'FSR_REPORT_MAX_PAGES must be a whole number from 1 to 1000'],
  ['FSR_REPORT_MAX_DETAILS', { FSR_REPORT_MAX_DETAILS: MARK }, 'FSR_REPORT_MAX_DETAILS must be a whole number from 0 to 1000'],
  ['FSR_EXPORT_MAX_PAGES', { FSR_EXPORT_MAX_PAGES: MARK }, 'FSR_EXPORT_MAX_PAGES must be a whole number from 1 to 1000'],
  ['AUDIT_RETENTION_DAYS', { AUDIT_RETENTION_DAYS: MARK }, 'AUDIT_RETENTION_DAYS must be a whole number of days from 1 to 36500'],
  ['FSR_REDIS_PREFIX', { FSR_REDIS_PREFIX: `bad prefix ${MARK}` }, 'FSR_REDIS_PREFIX must be 1 to 64 letters'],
  ['FSR_INSTANCES', { FSR_INSTANCES: MARK }, 'FSR_INSTANCES must be a whole number between 1 and 100'],
  ['FSR_INSTANCE_ID', { FSR_INSTANCE_ID: `has space ${MARK}` }, 'FSR_INSTANCE_ID must be 1 to 100 printable characters'],
  ['PORT', { PORT: MARK }, 'PORT must be a port number from 1 to 65535'],
  ['FSR_ADMIN_EMAIL', { FSR_ADMIN_EMAIL: MARK }, 'FSR_ADMIN_EMAIL must be an e-mail address'],
  [
    'WATCH_SMTP_URL scheme',
    {
      WATCH_SMTP_URL: `http://u:${MARK}@mail.example.com`,
      WATCH_MAIL_FROM: 'portal@example.com',
      WATCH_MAIL_TO: 'team@example.com',
      PORTAL_PUBLIC_URL: 'https://portal.example.com',
    },
    'WATCH_SMTP_URL must be an smtp:// or smtps:// URL',
  ],
  [
    'WATCH_SMTP_URL malformed',
    {
      WATCH_SMTP_URL: `smtp://u:${MARK}@mail.example.com:99999`,
      WATCH_MAIL_FROM: 'portal@example.com',
      WATCH_MAIL_TO: 'team@example.com',
      PORTAL_PUBLIC_URL: 'https://portal.example.com',
    },
    'WATCH_SMTP_URL must be an smtp:// or smtps:// URL',
  ],
  [
    'WATCH_MAIL_FROM',
    { WATCH_SMTP_URL: `smtp://u:${MARK}@mail.example.com`, WATCH_MAIL_TO: 'team@example.com', PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_MAIL_FROM must be set when WATCH_SMTP_URL is',
  ],
  [
    'WATCH_MAIL_FROM malformed',
    { WATCH_SMTP_URL: 'smtp://mail.example.com', WATCH_MAIL_FROM: `not-an-address ${MARK}`, WATCH_MAIL_TO: 'team@example.com', PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_MAIL_FROM must be an e-mail address',
  ],
  [
    'WATCH_MAIL_TO',
    {
      WATCH_SMTP_URL: 'smtp://mail.example.com',
      WATCH_MAIL_FROM: 'portal@example.com',
      WATCH_MAIL_TO: `team@example.com, ${MARK}`,
      PORTAL_PUBLIC_URL: 'https://portal.example.com',
    },
    'WATCH_MAIL_TO must be comma-separated e-mail addresses',
  ],
  [
    'WATCH_DIGEST_AT',
    {
      WATCH_SMTP_URL: 'smtp://mail.example.com',
      WATCH_MAIL_FROM: 'portal@example.com',
      WATCH_MAIL_TO: 'team@example.com',
      PORTAL_PUBLIC_URL: 'https://portal.example.com',
      WATCH_DIGEST_AT: `25:00${MARK}`,
    },
    'WATCH_DIGEST_AT must be a time of day HH:MM',
  ],
  [
    'WATCH_MAIL_ATTEMPTS',
    {
      WATCH_SMTP_URL: 'smtp://mail.example.com',
      WATCH_MAIL_FROM: 'portal@example.com',
      WATCH_MAIL_TO: 'team@example.com',
      PORTAL_PUBLIC_URL: 'https://portal.example.com',
      WATCH_MAIL_ATTEMPTS: MARK,
    },
    'WATCH_MAIL_ATTEMPTS must be a whole number from 1 to 30',
  ],
  ['WATCH_MAIL_TO without WATCH_SMTP_URL', { WATCH_MAIL_TO: `${MARK}@example.com` }, 'WATCH_MAIL_TO is set but WATCH_SMTP_URL is not'],
  [
    'PORTAL_PUBLIC_URL for mail',
    { WATCH_SMTP_URL: `smtp://u:${MARK}@mail.example.com`, WATCH_MAIL_FROM: 'portal@example.com', WATCH_MAIL_TO: 'team@example.com' },
    'PORTAL_URL (or NEXTAUTH_URL) must be set when WATCH_SMTP_URL is',
  ],
  ['PORTAL_PUBLIC_URL', { PORTAL_PUBLIC_URL: `ftp://${MARK}.example.com` }, 'PORTAL_PUBLIC_URL must be an absolute http:// or https:// URL'],
  [
    'WATCH_WEBHOOK_SECRET missing',
    { WATCH_WEBHOOK_URL: `https://hooks.example.com/${MARK}`, PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_WEBHOOK_SECRET must be set when WATCH_WEBHOOK_URL is',
  ],
  [
    'WATCH_WEBHOOK_SECRET short',
    { WATCH_WEBHOOK_URL: 'https://hooks.example.com/x', WATCH_WEBHOOK_SECRET: MARK, PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_WEBHOOK_SECRET must be at least 16 characters long',
  ],
  [
    'WATCH_WEBHOOK_URL missing',
    { WATCH_WEBHOOK_SECRET: `${MARK}-0123456789abcdef`, PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_WEBHOOK_URL must be set when WATCH_WEBHOOK_SECRET is',
  ],
  [
    'WATCH_WEBHOOK_URL scheme',
    { WATCH_WEBHOOK_URL: `ftp://hooks.example.com/${MARK}`, WATCH_WEBHOOK_SECRET: '0123456789abcdef', PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_WEBHOOK_URL must be an https:// (or http://) URL',
  ],
  [
    'WATCH_WEBHOOK_ATTEMPTS',
    { WATCH_WEBHOOK_URL: 'https://hooks.example.com/x', WATCH_WEBHOOK_SECRET: '0123456789abcdef', WATCH_WEBHOOK_ATTEMPTS: MARK, PORTAL_PUBLIC_URL: 'https://portal.example.com' },
    'WATCH_WEBHOOK_ATTEMPTS must be a whole number from 1 to 30',
  ],
];

describe('settingsProblems', () => {
  it('accepts the local default (nothing set) and a full, valid shared deployment', () => {
    expect(problemsWith({})).toEqual([]);
    expect(
      problemsWith({
        NEXTAUTH_SECRET: SECRET,
        NEXTAUTH_URL: 'https://portal.example.com',
        DATABASE_URL: 'postgres://portal:pw@db.example.com:5432/portal',
        REDIS_URL: 'rediss://:pw@cache.example.com:6380/0',
        OKTA_CLIENT_ID: 'client',
        OKTA_CLIENT_SECRET: 'secret',
        OKTA_ISSUER: 'https://example.okta.com/oauth2/default',
        OIDC_CLIENT_ID: 'client',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_ISSUER: 'http://127.0.0.1:9000',
        AZURE_AD_CLIENT_ID: 'client',
        AZURE_AD_CLIENT_SECRET: 'secret',
        AZURE_AD_TENANT_ID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
        PORT: '8080',
        FSR_ADMIN_EMAIL: 'it@example.com',
        WATCH_SMTP_URL: 'smtps://portal:p%40ss@mail.example.com:465',
        WATCH_MAIL_FROM: 'FSR Portal <portal@example.com>',
        WATCH_MAIL_TO: 'compliance@example.com, mlro@example.com',
        WATCH_DIGEST_AT: '07:30',
        WATCH_WEBHOOK_URL: 'https://hooks.example.com/services/T000/B000/XXXX',
        WATCH_WEBHOOK_SECRET: '0123456789abcdef0123456789abcdef',
        FSR_TOTP_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      }),
    ).toEqual([]);
  });

  for (const [name, env, expected] of CASES) {
    it(`${name}: names the variable, never the value`, () => {
      const problems = problemsWith(env);
      expect(
        problems.some((p) => p.includes(expected)),
        `${JSON.stringify(problems)} should include "${expected}"`,
      ).toBe(true);
      for (const p of problems) expect(p).not.toContain(MARK);
    });
  }

  it('reports every problem at once, not only the first', () => {
    const problems = problemsWith({ NEXTAUTH_SECRET: 'short', REDIS_URL: 'http://x', PORT: 'eighty', FSR_REPORT_MAX_PAGES: 'lots' });
    expect(problems).toHaveLength(4);
  });

  it('refuses a generated secret file that is too short, naming the file', () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'auth-secret'), 'tiny\n');
    expect(settingsProblems({ FSR_DATA_DIR: dir })).toEqual([expect.stringContaining(`${path.join(dir, 'auth-secret')} holds no usable secret`)]);
  });

  it('lets `npm run instances` share the data folder secret with DATABASE_URL', () => {
    const env = { FSR_DATA_DIR: dataDir(), DATABASE_URL: 'postgres://portal@db.example.com/portal' };
    expect(settingsProblems(env)).toHaveLength(1);
    expect(settingsProblems(env, { requireSharedSecret: false })).toEqual([]);
  });

  it('assertSettings throws one SettingsError listing the problems', () => {
    expect(() => assertSettings({ FSR_DATA_DIR: dataDir(), PORT: '0' })).toThrow(SettingsError);
    expect(() => assertSettings({ FSR_DATA_DIR: dataDir(), PORT: '0' })).toThrow(/settings are not usable:\n- PORT must be a port number/);
    expect(() => assertSettings({ FSR_DATA_DIR: dataDir() })).not.toThrow();
  });
});
