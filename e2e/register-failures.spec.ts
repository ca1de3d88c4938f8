import type { Browser } from '@playwright/test';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { signIn } from './support/auth-fixtures';
import { freePort, startPortal, type PortalInstance } from './support/portal-instance';
import { expect, expectAccessible, sectionsLoaded, test } from './support/register-fixtures';

// The register refusing the key, being unreachable and rate limiting each get their own message,
// on the page and from the typeahead. Each case runs its own portal with the broken upstream.

async function signedInPage(browser: Browser, portal: PortalInstance) {
  const user = await portal.createUser('failures@register-e2e.test', 'viewer');
  const context = await browser.newContext({ baseURL: portal.baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, user.email, user.password);
  return { page, close: () => context.close() };
}

test.describe('when the register fails', () => {
  test('a refused API key says so and points at the configuration', async ({ browser, sandbox }) => {
    const { hostname, port } = new URL(sandbox.origin);
    const portal = await startPortal({ env: { SANDBOX_HOST: hostname, SANDBOX_PORT: port, SANDBOX_KEY: 'not-the-sandbox-key' } });
    try {
      const { page, close } = await signedInPage(browser, portal);
      await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}`);
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toContainText(`The register refused the portal's API key, so the individual with IRN ${SHOWCASE.bankIndividualIrn} cannot be shown.`);
      await expect(alert).toContainText('FSR_API_EMAIL and FSR_API_KEY');
      await expectAccessible(page);
      const res = await page.request.get('/api/search/typeahead?q=revolution');
      expect(res.status()).toBe(502);
      expect(await res.json()).toMatchObject({ error: 'register-refused-key' });
      await close();
    } finally {
      await portal.stop();
    }
  });

  test('an unreachable register is reported as unavailable', async ({ browser }) => {
    const portal = await startPortal({ env: { SANDBOX_HOST: '127.0.0.1', SANDBOX_PORT: String(await freePort()), FSR_API_RETRIES: '0' } });
    try {
      const { page, close } = await signedInPage(browser, portal);
      await page.goto(`/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`);
      await sectionsLoaded(page);
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toContainText('The register did not answer properly, so firm search results for “revolution” cannot be shown.');
      await expect(alert).toContainText('The register may be temporarily unavailable.');
      await page.goto(`/fund/${SHOWCASE.umbrellaFundPrn}`);
      await expect(page.getByRole('main').getByRole('alert')).toContainText(`so the fund with PRN ${SHOWCASE.umbrellaFundPrn} cannot be shown`);
      const res = await page.request.get('/api/search/typeahead?q=revolution');
      expect(res.status()).toBe(502);
      expect(await res.json()).toMatchObject({ error: 'register-unavailable' });
      await close();
    } finally {
      await portal.stop();
    }
  });

  test('rate limiting says when to try again', async ({ browser }) => {
    let limited: RunningSandbox | undefined;
    let portal: PortalInstance | undefined;
    try {
      limited = await startSandbox({ port: 0, latency: { min: 0, max: 0 }, fault429: 1 });
      const { hostname, port } = new URL(limited.origin);
      portal = await startPortal({ env: { SANDBOX_HOST: hostname, SANDBOX_PORT: port } });
      const { page, close } = await signedInPage(browser, portal);
      await page.goto('/markets');
      await sectionsLoaded(page);
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toContainText('The register is busy, so the regulated markets cannot be fetched right now.');
      await expect(alert).toContainText(/Try again in about \d+ seconds/);
      const res = await page.request.get('/api/search/typeahead?q=revolution');
      expect([429, 503]).toContain(res.status());
      expect(await res.json()).toMatchObject({ error: 'rate-limited', retryAfterSeconds: expect.any(Number) });
      expect(res.headers()['retry-after']).toMatch(/^\d+$/);
      await close();
    } finally {
      await portal?.stop();
      await limited?.close();
    }
  });
});
