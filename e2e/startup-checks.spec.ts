import { expect, test } from './support/csp-guard';
import { startPortal } from './support/portal-instance';

// `next start` on its own (without `npm start`, as a process manager or container would run it)
// still refuses a bad setting at start-up, naming the variable and never printing a secret's
// value, instead of answering 500 to every page (lib/server/instrumentation-node.ts).

test('a portal with a key but no e-mail stops at start-up, naming the variable and not the key', async () => {
  const key = 'e2e-secret-key-7d1f0c';
  const failure = await startPortal({ env: { FSR_API_KEY: key, FSR_API_EMAIL: '' } }).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('The portal exited during start-up');
  expect(failure).toContain('FSR_API_EMAIL is required when FSR_API_KEY is set');
  expect(failure).not.toContain(key);
});

test('a PORTAL_URL that is not an absolute http(s) URL stops start-up, naming the variable and not the value', async () => {
  const failure = await startPortal({ env: { PORTAL_URL: 'portal-e2e-marker.example.org/fsr' } }).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('The portal exited during start-up');
  expect(failure).toContain('PORTAL_URL must be an absolute http:// or https:// URL');
  expect(failure).not.toContain('portal-e2e-marker');
});

test('a portal with an unusable report limit stops at start-up, naming the variable', async () => {
  const failure = await startPortal({ env: { FSR_REPORT_MAX_PAGES: 'lots' } }).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('The portal exited during start-up');
  expect(failure).toContain('FSR_REPORT_MAX_PAGES');
});

test('a NEXTAUTH_SECRET shorter than 32 characters stops `next start`, naming the variable and not the value', async () => {
  const secret = 'e2e-short-secret-4b1e';
  const failure = await startPortal({ env: { NEXTAUTH_SECRET: secret } }).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('The portal exited during start-up');
  expect(failure).toContain('NEXTAUTH_SECRET is too short: use at least 32 characters');
  expect(failure).not.toContain(secret);
});

test('a half-configured sign-in provider and a wrong REDIS_URL are both named in one refusal, with no value', async () => {
  const password = 'e2e-redis-password-93a';
  const failure = await startPortal({ env: { OKTA_CLIENT_ID: 'fsr-portal', REDIS_URL: `http://user:${password}@cache.example.com` } }).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(failure).toContain('The portal exited during start-up');
  expect(failure).toContain('Okta sign-in is half configured: set OKTA_CLIENT_SECRET and OKTA_ISSUER as well');
  expect(failure).toContain('REDIS_URL must be a redis:// or rediss:// URL');
  expect(failure).not.toContain(password);
});
