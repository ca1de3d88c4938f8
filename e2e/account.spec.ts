import type { Browser, Page } from '@playwright/test';
import { totpCodeAt } from '@/lib/auth/totp';
import { listAudit } from '@/lib/db/queries/audit';
import { expect, openAccountMenu, sessionOf, signIn, signInMessage, submitSignIn, test } from './support/auth-fixtures';
import { type PortalInstance, startPortal } from './support/portal-instance';

// Accounts people manage themselves (/account): password, sessions, two-factor sign-in; and an
// administrator's requirement of two-factor for every local account. On a portal of its own, as
// the other sign-in specs, so its accounts and settings touch nobody else's.

const NEW_PASSWORD = 'a long and unusual pass phrase';

async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login$/);
}

/** Reads the typed key from the enrolment page, turns two-factor on with a code computed from it, returns key and recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; recoveryCodes: string[] }> {
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code for your authenticator app/ }).locator('svg')).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Six-digit code from your authenticator app').fill(totpCodeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByTestId('two-factor-message')).toContainText('Two-factor sign-in is on.');
  const recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes: recoveryCodes.map((c) => c.trim()) };
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

test.describe('your account', () => {
  // Each test signs in several times (scrypt at full cost) and the first walks the whole journey:
  // more than the default 90 s on a busy machine.
  test.describe.configure({ timeout: 300_000 });
  test('change the password (other sessions end), enrol TOTP, sign in with the second factor, then with a recovery code', async ({ page, browser, portal }) => {
    const user = await portal.createUser('owner@account-e2e.test', 'analyst');
    await signIn(page, user.email, user.password);
    // A second session of the same person, elsewhere.
    const elsewhere = await browser.newContext({ baseURL: portal.baseURL });
    const other = await elsewhere.newPage();
    await signIn(other, user.email, user.password);

    await openAccountMenu(page);
    await page.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    const sessions = page.getByRole('table', { name: /Your sessions/ });
    await expect(sessions.getByTestId('session-current')).toHaveCount(1);
    await expect(sessions.getByTestId('session-other')).toHaveCount(1);
    await expect(sessions.getByTestId('session-current')).toContainText('This session');

    // The policy speaks first: a common password is refused with the reason.
    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('password1234');
    await page.getByLabel('New password again').fill('password1234');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('password-message')).toContainText('list of commonly used passwords');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('New password again').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByTestId('password-message')).toHaveText('Done: Your password has been changed. Your other session has ended.');

    // The other session has ended; this one goes on.
    await other.goto('/search?q=bank');
    await expect(other).toHaveURL(/\/login\?callbackUrl=.*error=session-ended/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    await expect(sessions.getByTestId('session-other')).toHaveCount(0);
    await elsewhere.close();
    const [changed] = await portal.withDb((db) => listAudit(db, { action: 'account.password-change', userEmail: user.email }));
    expect(changed).toMatchObject({ outcome: 'success', detail: { otherSessionsEnded: 1 } });

    await page.getByRole('link', { name: 'Set up two-factor sign-in' }).click();
    const { secret, recoveryCodes } = await enrol(page);
    await page.getByRole('link', { name: /continue/ }).click();
    await expect(page).toHaveURL(`${portal.baseURL}/`);
    await signOut(page);

    // Sign in: the password, then the code (a wrong one first).
    await submitSignIn(page, user.email, NEW_PASSWORD);
    await expect(signInMessage(page)).toHaveText('Enter the six-digit code from your authenticator app, or one of your recovery codes.');
    await expect(page.getByLabel('Authentication code')).toBeFocused();
    await enterCode(page, '000000');
    await expect(signInMessage(page)).toHaveText(/^That code is not right, has expired or was used already\./);
    expect((await sessionOf(page)).user).toBeUndefined();
    // The code of the next step (the current one confirmed the enrolment and is spent).
    await enterCode(page, totpCodeAt(secret, Date.now() + 30_000));
    await page.waitForURL(`${portal.baseURL}/`);
    expect((await sessionOf(page)).user).toMatchObject({ email: user.email });
    await page.goto('/account');
    await expect(page.getByTestId('two-factor-status')).toHaveText(/^On:/);
    await signOut(page);

    // A recovery code works once.
    await submitSignIn(page, user.email, NEW_PASSWORD);
    await enterCode(page, recoveryCodes[0].toUpperCase());
    await page.waitForURL(`${portal.baseURL}/`);
    const used = await portal.withDb((db) => listAudit(db, { action: 'auth.recovery-code-used', userEmail: user.email }));
    expect(used[0]).toMatchObject({ outcome: 'success', detail: { remaining: 9 } });
    await signOut(page);
    await submitSignIn(page, user.email, NEW_PASSWORD);
    await enterCode(page, recoveryCodes[0]);
    await expect(signInMessage(page)).toHaveText(/^That code is not right, has expired or was used already\./);
    expect((await sessionOf(page)).user).toBeUndefined();
  });

  test('ends one other session from the list', async ({ page, browser, portal }) => {
    const user = await portal.createUser('two-places@account-e2e.test', 'viewer');
    const elsewhere = await browser.newContext({ baseURL: portal.baseURL, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0' });
    const other = await elsewhere.newPage();
    await signIn(other, user.email, user.password);
    await signIn(page, user.email, user.password);
    await page.goto('/account');
    const row = page.getByTestId('session-other');
    await expect(row).toContainText('Firefox on Windows');
    await row.getByRole('button', { name: /^End session: Firefox on Windows/ }).click();
    await expect(page.getByTestId('session-other')).toHaveCount(0);
    await other.goto('/');
    await expect(other).toHaveURL(/\/login/);
    await page.goto('/search?q=bank');
    await expect(page).toHaveURL(/\/search\?q=bank$/);
    await elsewhere.close();
  });

  test('an administrator requires two-factor: an un-enrolled local user is led to enrol before any other page', async ({ browser }) => {
    // A portal of this test's own: the requirement stays on in it, and the worker's portal is
    // shared with the other sign-in specs.
    const portal = await startPortal();
    try {
      await requireTwoFactorAndEnrol(browser, portal);
    } finally {
      await portal.stop();
    }
  });
});

/** The admin turns the requirement on; a new local user signs in and can only enrol, then goes on. */
async function requireTwoFactorAndEnrol(browser: Browser, portal: PortalInstance) {
  const user = await portal.createUser('newcomer@account-e2e.test', 'viewer');
  const context = await browser.newContext({ baseURL: portal.baseURL });
  const page = await context.newPage();
  const adminContext = await browser.newContext({ baseURL: portal.baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, portal.admin.email, portal.admin.password);
  await admin.goto('/admin/users');
  await admin.getByLabel('Require two-factor sign-in for every portal-password account').check();
  await admin.getByRole('button', { name: 'Save two-factor setting' }).click();
  // The administrator is a local account without two-factor too, so the page may move on to
  // enrolment at once: the record of the change is what counts here.
  await expect
    .poll(async () => (await portal.withDb((db) => listAudit(db, { action: 'admin.settings.require-two-factor' })))[0])
    .toMatchObject({ outcome: 'success', userEmail: portal.admin.email, detail: { required: true } });
  await admin.goto('/admin/users');
  await expect(admin).toHaveURL(/\/account\/two-factor\?required=1&next=%2Fadmin%2Fusers$/);
  await adminContext.close();

  await page.goto('/search?q=bank');
  await submitSignIn(page, user.email, user.password);
  await page.waitForURL(/\/account\/two-factor\?required=1&next=%2Fsearch%3Fq%3Dbank$/);
  await expect(page.getByTestId('two-factor-required')).toContainText('An administrator requires two-factor sign-in');
  // Nothing else opens until enrolment is done.
  for (const path of ['/', '/account', '/reports']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/account\/two-factor\?required=1/);
  }
  await enrol(page);
  await page.getByRole('link', { name: /continue/ }).click();
  await expect(page).toHaveURL(`${portal.baseURL}/reports`);
  await page.goto('/search?q=bank');
  await expect(page).toHaveURL(/\/search\?q=bank$/);
  await context.close();
}
