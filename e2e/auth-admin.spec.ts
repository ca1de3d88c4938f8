import type { Browser, Page } from '@playwright/test';
import { listAudit } from '@/lib/db/queries/audit';
import { findUserByEmail } from '@/lib/db/queries/users';
import { expect, sessionOf, signIn, signInMessage, test } from './support/auth-fixtures';
import type { PortalInstance } from './support/portal-instance';

async function signedInPage(browser: Browser, portal: PortalInstance, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: portal.baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

function row(page: Page, email: string) {
  return page.getByTestId(`user-row-${email}`);
}

test.describe('roles and user administration', () => {
  test('a viewer cannot reach the admin pages', async ({ page, portal }) => {
    const viewer = await portal.createUser('viewer@auth-e2e.test', 'viewer');
    await signIn(page, viewer.email, viewer.password);
    const response = await page.goto('/admin/users');
    expect(response?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Add a user' })).toHaveCount(0);
    await expect(page.getByText(portal.admin.email)).toHaveCount(0);
  });

  test('the admin actions re-check the role: a viewer replaying an admin form changes nothing', async ({ page, browser, portal }) => {
    const target = await portal.createUser('target@auth-e2e.test', 'viewer');
    const viewer = await portal.createUser('replayer@auth-e2e.test', 'viewer');
    await signIn(page, portal.admin.email, portal.admin.password);
    await page.goto('/admin/users');
    const viewerPage = await signedInPage(browser, portal, viewer.email, viewer.password);
    const viewerCookies = await viewerPage.context().cookies();
    // The admin's form, now submitted with the viewer's session.
    await page.context().clearCookies();
    await page.context().addCookies(viewerCookies);
    const before = await portal.withDb((db) => findUserByEmail(db, target.email));
    const posted = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/users'));
    await row(page, target.email).getByRole('button', { name: 'Sign out everywhere' }).click();
    expect((await posted).status()).toBe(403);
    const after = await portal.withDb((db) => findUserByEmail(db, target.email));
    expect(after?.sessionVersion).toBe(before?.sessionVersion);
    expect(await portal.withDb((db) => listAudit(db, { action: 'admin.user.revoke-sessions', reference: target.email }))).toEqual([]);
    await viewerPage.context().close();
  });

  test('an admin creates a user; the one-time password is shown once and works', async ({ page, browser, portal }) => {
    await signIn(page, portal.admin.email, portal.admin.password);
    await page.goto('/admin/users');
    const form = page.getByRole('form', { name: 'Add a user' });
    await form.getByLabel('E-mail address').fill('New.Starter@auth-e2e.test');
    await form.getByLabel('Name (optional)').fill('New Starter');
    await form.getByLabel('Role', { exact: true }).selectOption('analyst');
    await form.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('Created new.starter@auth-e2e.test as analyst.')).toBeVisible();
    const password = (await page.getByTestId('one-time-password').textContent())!.trim();
    expect(password).toMatch(/^\w{5}(-\w{5}){3}$/);
    await expect(row(page, 'new.starter@auth-e2e.test')).toContainText('Analyst');
    // Shown once: a reload does not show it again.
    await page.reload();
    await expect(page.getByTestId('one-time-password')).toHaveCount(0);

    const starter = await signedInPage(browser, portal, 'new.starter@auth-e2e.test', password);
    expect((await sessionOf(starter)).user).toMatchObject({ email: 'new.starter@auth-e2e.test', role: 'analyst' });
    await starter.context().close();
  });

  test('an admin disables a signed-in user, whose next request is refused', async ({ page, browser, portal }) => {
    const victim = await portal.createUser('to-disable@auth-e2e.test', 'analyst');
    const victimPage = await signedInPage(browser, portal, victim.email, victim.password);
    await victimPage.goto('/');
    expect(new URL(victimPage.url()).pathname).toBe('/');

    await signIn(page, portal.admin.email, portal.admin.password);
    await page.goto('/admin/users');
    await row(page, victim.email).getByRole('button', { name: 'Disable' }).click();
    await expect(row(page, victim.email).getByRole('status')).toHaveText('to-disable@auth-e2e.test is disabled and signed out everywhere.');
    await expect(row(page, victim.email)).toContainText('Disabled');

    await victimPage.goto('/');
    await expect(victimPage).toHaveURL(/\/login\?error=session-ended$/);
    await expect(signInMessage(victimPage)).toHaveText('Your session has ended. Sign in again to continue.');
    expect((await sessionOf(victimPage)).user).toBeUndefined();
    // And the password no longer gets them in.
    await victimPage.getByLabel('E-mail address').fill(victim.email);
    await victimPage.getByLabel('Password').fill(victim.password);
    await victimPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(signInMessage(victimPage)).toHaveText('This account is disabled. Ask a portal administrator to re-enable it.');
    const actions = await portal.withDb((db) => listAudit(db, { reference: victim.email }));
    expect(actions.map((e) => e.action)).toContain('admin.user.disable');
    await victimPage.context().close();
  });

  test('"sign out everywhere" ends a user’s sessions; a role change applies without signing in again', async ({ page, browser, portal }) => {
    const user = await portal.createUser('roaming@auth-e2e.test', 'viewer');
    const userPage = await signedInPage(browser, portal, user.email, user.password);
    await signIn(page, portal.admin.email, portal.admin.password);
    await page.goto('/admin/users');

    await row(page, user.email).getByLabel(`Role for ${user.email}`).selectOption('analyst');
    await row(page, user.email).getByRole('button', { name: 'Change role' }).click();
    await expect(row(page, user.email).getByRole('status')).toHaveText('roaming@auth-e2e.test is now analyst.');
    expect((await sessionOf(userPage)).user?.role).toBe('analyst');

    await row(page, user.email).getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(row(page, user.email).getByRole('status')).toHaveText('roaming@auth-e2e.test is signed out everywhere.');
    const refused = await userPage.request.get('/admin/users', { maxRedirects: 0 });
    expect(refused.status()).toBe(307);
    expect(refused.headers().location).toMatch(/^\/login\?callbackUrl=%2Fadmin%2Fusers&error=session-ended$/);
    await userPage.context().close();
  });
});
