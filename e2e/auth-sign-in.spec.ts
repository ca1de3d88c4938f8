import { listAudit } from '@/lib/db/queries/audit';
import { expect, openAccountMenu, sessionOf, signIn, signInMessage, submitSignIn, test } from './support/auth-fixtures';
import { signInFrom } from './support/sign-in-from';

test.describe('signing in with a local account', () => {
  test('the first admin signs in and the session carries name and role', async ({ page, portal }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to FSR Portal' })).toBeVisible();
    // Only local accounts are configured: no single-sign-on buttons.
    await expect(page.getByRole('button', { name: /Sign in with/ })).toHaveCount(0);
    await signIn(page, portal.admin.email, portal.admin.password);
    await expect(page).toHaveURL(`${portal.baseURL}/`);
    const session = await sessionOf(page);
    expect(session.user).toMatchObject({ email: portal.admin.email, role: 'admin', name: 'Administrator' });
    const [entry] = await portal.withDb((db) => listAudit(db, { action: 'auth.sign-in', userEmail: portal.admin.email }));
    expect(entry).toMatchObject({ outcome: 'success', detail: { provider: 'credentials', address: '127.0.0.1' } });
  });

  test('a deep link opened while signed out lands on that page after sign-in', async ({ page, portal }) => {
    const user = await portal.createUser('deep-link@auth-e2e.test', 'admin');
    await page.goto('/admin/users?from=deep-link');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fadmin%2Fusers%3Ffrom%3Ddeep-link$/);
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(`${portal.baseURL}/admin/users?from=deep-link`);
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  });

  test('a return address on another site is ignored (no open redirect)', async ({ page, portal }) => {
    const user = await portal.createUser('open-redirect@auth-e2e.test', 'viewer');
    for (const hostile of ['//evil.example/phish', 'https://evil.example/', '/\\evil.example']) {
      await page.context().clearCookies();
      await page.goto(`/login?callbackUrl=${encodeURIComponent(hostile)}`);
      await signIn(page, user.email, user.password);
      expect(new URL(page.url()).origin).toBe(portal.baseURL);
      expect(new URL(page.url()).pathname).toBe('/');
    }
  });

  test('a wrong password is refused with a clear message, announced to assistive technology', async ({ page, portal }) => {
    const user = await portal.createUser('typo@auth-e2e.test', 'viewer');
    await submitSignIn(page, user.email, 'not-the-password');
    const alert = signInMessage(page);
    await expect(alert).toHaveText('The e-mail address or password is not right. Check both and try again.');
    await expect(alert).toHaveAttribute('aria-live', 'assertive');
    await expect(page.getByLabel('Password')).toBeFocused();
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page).toHaveURL(/\/login/);
    expect((await sessionOf(page)).user).toBeUndefined();
  });

  test('the right password from another address accepted while one address is throttled', async ({ page, portal }) => {
    const user = await portal.createUser('locked@auth-e2e.test', 'viewer');
    // Someone at 127.0.0.2 guesses five times, then even the right password is refused there.
    for (let i = 1; i <= 5; i++) expect(await signInFrom(portal.baseURL, '127.0.0.2', user.email, `wrong-${i}`)).toEqual({ signedIn: false, error: 'CredentialsSignin' });
    expect(await signInFrom(portal.baseURL, '127.0.0.2', user.email, user.password)).toEqual({ signedIn: false, error: 'throttled-account:15' });
    // The owner at 127.0.0.1 (the browser) signs in with the right password at once.
    await signIn(page, user.email, user.password);
    expect((await sessionOf(page)).user).toMatchObject({ email: user.email });
    // The lock stays on the guessing address: the owner's success did not lift it.
    expect(await signInFrom(portal.baseURL, '127.0.0.2', user.email, user.password)).toEqual({ signedIn: false, error: 'throttled-account:15' });
    const [throttled] = await portal.withDb((db) => listAudit(db, { action: 'auth.sign-in-throttled' }));
    expect(throttled).toMatchObject({ reference: user.email, outcome: 'denied', detail: { scope: 'pair', address: '127.0.0.2' } });
    const [success] = await portal.withDb((db) => listAudit(db, { action: 'auth.sign-in', userEmail: user.email }));
    expect(success).toMatchObject({ outcome: 'success', detail: { address: '127.0.0.1' } });
  });

  test('after five failures from the browser its address is locked out of the account, with the wait in words', async ({ page, portal }) => {
    const user = await portal.createUser('locked-here@auth-e2e.test', 'viewer');
    for (let i = 1; i <= 5; i++) {
      await submitSignIn(page, user.email, `wrong-${i}`);
      await expect(signInMessage(page)).toHaveText(/password is not right/);
    }
    await submitSignIn(page, user.email, user.password);
    await expect(signInMessage(page)).toHaveText(/^Too many failed sign-in attempts for this account from your network address\. Try again in 1[45] minutes\.$/);
    expect((await sessionOf(page)).user).toBeUndefined();
  });

  test('the header shows who is signed in and their role; signing out there ends the session and is audited', async ({ page, browser, portal }) => {
    const user = await portal.createUser('leaver@auth-e2e.test', 'analyst');
    await signIn(page, user.email, user.password);
    // A copy of the session cookie taken before signing out (another browser, a stolen copy)
    // opens pages while the session lasts.
    const elsewhere = await browser.newContext({ baseURL: portal.baseURL });
    await elsewhere.addCookies(await page.context().cookies());
    const other = await elsewhere.newPage();
    await other.goto('/search?q=bank');
    await expect(other).toHaveURL(/\/search\?q=bank$/);
    const header = page.getByRole('banner');
    await expect(header).toContainText('Signed in as leaver');
    await expect(header.getByTestId('signed-in-role')).toHaveText('Analyst');
    await openAccountMenu(page);
    await expect(header.getByRole('link', { name: 'Your account' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Users' })).toHaveCount(0); // admins only
    await header.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    expect((await sessionOf(page)).user).toBeUndefined();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    const [entry] = await portal.withDb((db) => listAudit(db, { action: 'auth.sign-out', userEmail: user.email }));
    expect(entry.outcome).toBe('success');
    // The session itself has ended: its copied cookie opens nothing.
    try {
      await other.goto('/search?q=bank');
      await expect(other).toHaveURL(/\/login/);
      const api = await elsewhere.request.get('/api/search/typeahead?q=bank', { maxRedirects: 0 });
      expect(api.status()).toBe(401);
    } finally {
      await elsewhere.close();
    }
  });
});
