import AxeBuilder from '@axe-core/playwright';
import { totpCodeAt } from '@/lib/auth/totp';
import { expect, signIn, submitSignIn, test } from './support/auth-fixtures';

// The sign-in, account and user-administration pages have no serious or critical accessibility violations
// (axe), in their plain state and with their messages showing.

async function seriousViolations(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test('the sign-in page, empty and with an error, is accessible', async ({ page, portal }) => {
  await page.goto('/login');
  expect(await seriousViolations(page)).toEqual([]);
  await submitSignIn(page, portal.admin.email, 'wrong password');
  await expect(page.locator('#sign-in-error')).toContainText('not right');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the users page, with a one-time password showing, is accessible', async ({ page, portal }) => {
  await signIn(page, portal.admin.email, portal.admin.password);
  await page.goto('/admin/users');
  expect(await seriousViolations(page)).toEqual([]);
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('E-mail address').fill('a11y@auth-e2e.test');
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByTestId('one-time-password')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the account pages (password, sessions, two-factor set-up) and the code step of sign-in are accessible', async ({ page, portal }) => {
  test.setTimeout(240_000); // two sign-ins and five axe scans
  const user = await portal.createUser('a11y-account@auth-e2e.test', 'viewer');
  await signIn(page, user.email, user.password);
  await page.goto('/account');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('password1234');
  await page.getByLabel('New password again').fill('password1234');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-message')).toContainText('commonly used passwords');
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto('/account/two-factor');
  await expect(page.getByTestId('totp-secret')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Six-digit code from your authenticator app').fill(totpCodeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByTestId('recovery-codes')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().clearCookies();
  await submitSignIn(page, user.email, user.password);
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
