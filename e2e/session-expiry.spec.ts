import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { accountsFile, sharedBaseURL, staffAccounts } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// A session that ends while someone works (signed out in another tab, expired, revoked) loses
// nothing: a form sent after it ended is not sent, keeps what was typed and says so, with a
// sign-in link that comes back to the page, where what was typed is put back; a link followed
// after it ended shows the sign-in page without the signed-in header; a route handler answers
// in words, with the sign-in link.

function analystPassword(): string {
  return (JSON.parse(readFileSync(accountsFile(), 'utf8')) as Record<string, string>).analyst;
}

test('a form sent after the session ended keeps what was typed, and after signing in again it is back and saves', async ({ page, context }) => {
  const name = `Kept list ${randomBytes(3).toString('hex')}`;
  const description = 'Typed before the session ended, and not to be lost';
  await page.goto('/watchlists');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel(/^Case reference/).fill('CASE-KEPT-1');
  await page.getByLabel(/^Description/).fill(description);

  // The session ends (the cookie goes, as when it expires or is signed out in another tab).
  await context.clearCookies();
  await page.getByRole('button', { name: 'Create list' }).click();

  const notice = page.getByTestId('signed-out-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveAttribute('role', 'alert');
  await expect(notice).toContainText('You have been signed out. Sign in again to save this.');
  // Nothing was sent, nothing lost: still on the page with the text in the fields.
  await expect(page).toHaveURL(/\/watchlists$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel(/^Description/)).toHaveValue(description);
  const signIn = notice.getByRole('link', { name: 'Sign in again' });
  await expect(signIn).toHaveAttribute('href', '/login?callbackUrl=%2Fwatchlists');

  // The link: the sign-in page, with no signed-in header left over.
  await signIn.click();
  await expect(page.getByRole('heading', { name: 'Sign in to FSR Portal' })).toBeVisible();
  await expect(page.getByRole('banner')).not.toContainText('Signed in as');
  await page.getByLabel('E-mail address').fill(staffAccounts.analyst);
  await page.getByLabel('Password').fill(analystPassword());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // Back on the page, what was typed is back in the form; saving it now works.
  await page.waitForURL((url) => url.pathname === '/watchlists');
  await expect(page.getByTestId('restored-notice')).toContainText('What you typed before you were signed out is back in this form');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel(/^Case reference/)).toHaveValue('CASE-KEPT-1');
  await expect(page.getByLabel(/^Description/)).toHaveValue(description);
  await page.getByRole('button', { name: 'Create list' }).click();
  await page.waitForURL(/\/watchlists\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});

test('a link followed after the session ended shows the sign-in page without a stale signed-in header', async ({ page, context }) => {
  await page.goto('/watchlists');
  await expect(page.getByRole('banner').getByRole('button', { name: /^Signed in as / })).toBeVisible();
  await context.clearCookies();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Markets' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/markets');
  await expect(page.getByRole('heading', { name: 'Sign in to FSR Portal' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Signed in as / })).toHaveCount(0);
  await expect(page.getByRole('banner')).not.toContainText('Signed in as');
});

test('a route handler without a session answers 401 in words, with the sign-in link back to the page', async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: sharedBaseURL, storageState: { cookies: [], origins: [] } });
  const res = await anonymous.get('/api/search/typeahead?q=bank', { headers: { referer: `${sharedBaseURL}/bulk` } });
  expect(res.status()).toBe(401);
  const body = (await res.json()) as { error: string; message: string; signIn: string };
  expect(body.error).toBe('unauthenticated');
  expect(body.signIn).toBe(`${sharedBaseURL}/login?callbackUrl=%2Fbulk`);
  expect(body.message).toBe(`You have been signed out, or you are not signed in. Sign in again (${body.signIn}), then try this again.`);
  await anonymous.dispose();
});
