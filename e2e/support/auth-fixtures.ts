import type { Page } from '@playwright/test';
import { test as base, expect } from './csp-guard';
import { type PortalInstance, startPortal } from './portal-instance';

/** Specs get `portal` (a production portal of their own, one per worker) and `baseURL` pointing at it. */
export const test = base.extend<object, { portal: PortalInstance }>({
  portal: [
    async ({}, use) => {
      const portal = await startPortal();
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ portal }, use) => {
    await use(portal.baseURL);
  },
});

export { expect };

/** Fills in and submits the sign-in form on the current page (or /login). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits until the browser has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/** The session as next-auth reports it to the browser. */
export async function sessionOf(page: Page): Promise<{ user?: { email: string; role: string } }> {
  const res = await page.request.get('/api/auth/session');
  return res.json();
}

/** The sign-in page's message region (role=alert; Next's route announcer is another alert on the page). */
export function signInMessage(page: Page) {
  return page.locator('#sign-in-error[role="alert"]');
}

/** Opens the header's account menu (who is signed in, their account, the admin pages, Sign out). */
export async function openAccountMenu(page: Page): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name: /^Signed in as / });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}
