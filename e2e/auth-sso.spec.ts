import { test as base, expect } from './support/csp-guard';
import { listAudit } from '@/lib/db/queries/audit';
import { findUserByEmail } from '@/lib/db/queries/users';
import { startOidcIssuer, type OidcIssuer } from './support/oidc-issuer';
import { freePort, type PortalInstance, startPortal } from './support/portal-instance';

// Single sign-on against a real OpenID Connect provider running on loopback (oidc-provider),
// through the real authorization-code flow in Chromium: the portal is started with OIDC_* set to
// it and a group-to-role mapping, as an operator would configure it.

const test = base.extend<object, { sso: { portal: PortalInstance; idp: OidcIssuer } }>({
  sso: [
    async ({}, use) => {
      const port = await freePort();
      const idp = await startOidcIssuer({
        redirectUri: `http://127.0.0.1:${port}/api/auth/callback/oidc`,
        accounts: {
          alice: { email: 'Alice@Corp.example', name: 'Alice Admin', groups: ['staff', 'fsr-admins'] },
          victor: { email: 'victor@corp.example', name: 'Victor Viewer', groups: ['staff'] },
          mallory: { email: 'mallory@corp.example', name: 'Mallory', groups: ['fsr-admins'], email_verified: false },
        },
      });
      const portal = await startPortal({
        port,
        env: {
          OIDC_ISSUER: idp.issuer,
          OIDC_CLIENT_ID: idp.clientId,
          OIDC_CLIENT_SECRET: idp.clientSecret,
          OIDC_NAME: 'Corp IdP',
          AUTH_ROLE_CLAIM: 'groups',
          AUTH_ROLE_MAP: 'fsr-admins:admin,fsr-analysts:analyst',
          AUTH_DEFAULT_ROLE: 'viewer',
        },
      });
      await use({ portal, idp });
      await portal.stop();
      await idp.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ sso }, use) => {
    await use(sso.portal.baseURL);
  },
});

test.beforeEach(async ({ page }) => {
  // The provider's development pages load a web font; there is no internet here.
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
});

async function signInAtIdp(page: import('@playwright/test').Page, login: string) {
  await page.getByRole('button', { name: 'Sign in with Corp IdP' }).click();
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password: the development login form checks none');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an SSO user signs in through the IdP, lands on the deep link, and gets the role mapped from groups', async ({ page, sso }) => {
  await page.goto('/admin/users?via=sso');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers%3Fvia%3Dsso$/);
  await expect(page.getByRole('button', { name: 'Sign in with Corp IdP' })).toBeVisible();
  await signInAtIdp(page, 'alice');
  await page.waitForURL(`${sso.portal.baseURL}/admin/users?via=sso`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();

  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user).toMatchObject({ email: 'alice@corp.example', name: 'Alice Admin', role: 'admin', provider: 'oidc' });
  const stored = await sso.portal.withDb((db) => findUserByEmail(db, 'alice@corp.example'));
  expect(stored).toMatchObject({ role: 'admin', authProvider: 'oidc', hasPassword: false, disabled: false });
  const [entry] = await sso.portal.withDb((db) => listAudit(db, { action: 'auth.sign-in', userEmail: 'alice@corp.example' }));
  expect(entry.detail).toMatchObject({ provider: 'oidc' });
});

test('an SSO user outside the mapped groups gets the default role and is kept out of admin pages', async ({ page }) => {
  await page.goto('/login');
  await signInAtIdp(page, 'victor');
  await page.waitForURL((url) => url.pathname === '/');
  const session = await (await page.request.get('/api/auth/session')).json();
  expect(session.user).toMatchObject({ email: 'victor@corp.example', role: 'viewer' });
  expect((await page.goto('/admin/users'))?.status()).toBe(403);
});

test('an identity with an unverified e-mail is refused, and a disabled SSO user cannot sign in', async ({ page, sso }) => {
  await page.goto('/login');
  await signInAtIdp(page, 'mallory');
  await page.waitForURL(/\/login\?error=AccessDenied/);
  await expect(page.locator('#sign-in-error')).toContainText('may not use the portal');
  expect(await sso.portal.withDb((db) => findUserByEmail(db, 'mallory@corp.example'))).toBeNull();

  await sso.portal.withDb(async (db) => {
    const { setUserDisabled } = await import('@/lib/db/queries/users');
    await setUserDisabled(db, (await findUserByEmail(db, 'victor@corp.example'))!.id, true);
  });
  await page.context().clearCookies();
  await page.goto('/login');
  await signInAtIdp(page, 'victor');
  await page.waitForURL(/\/login\?error=AccessDenied/);
  const refusals = await sso.portal.withDb((db) => listAudit(db, { action: 'auth.sign-in-failed' }));
  expect(refusals.map((e) => e.detail?.reason)).toEqual(['account-disabled', 'email-unverified']);
});
