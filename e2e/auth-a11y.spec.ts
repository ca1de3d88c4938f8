import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, submitSignIn, test } from './support/auth-fixtures';

// The sign-in and user-administration pages have no serious or critical accessibility violations
// (axe), in their plain state and with their messages showing.

async function seriousViolations(page: import('@playwright/test').Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
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
