// Specs for the register pages (search, individual, fund, markets, redirects) get a portal of their
// own (one per worker) wired to a sandbox register of their own on an ephemeral port, and a
// browser that is already signed in as a viewer: the pages are for signed-in staff.
import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { test as base, expect, signIn } from './auth-fixtures';
import { startPortal, type PortalInstance } from './portal-instance';

type WorkerFixtures = { sandbox: RunningSandbox; portal: PortalInstance; signedInState: string };

export const test = base.extend<object, WorkerFixtures>({
  sandbox: [
    async ({}, use) => {
      // Live-like but quick latency; the register's real rate limit stays on (the portal's pacer must respect it).
      const sandbox = await startSandbox({ port: 0, latency: { min: 20, max: 60 } });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  portal: [
    async ({ sandbox }, use) => {
      const { hostname, port } = new URL(sandbox.origin);
      const portal = await startPortal({ env: { SANDBOX_HOST: hostname, SANDBOX_PORT: port } });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  signedInState: [
    async ({ browser, portal }, use, workerInfo) => {
      const user = await portal.createUser(`staff-${workerInfo.workerIndex}@register-e2e.test`, 'viewer');
      const context = await browser.newContext({ baseURL: portal.baseURL });
      const page = await context.newPage();
      await signIn(page, user.email, user.password);
      const file = workerInfo.project.outputDir + `/register-e2e-state-${workerInfo.workerIndex}.json`;
      await context.storageState({ path: file });
      await context.close();
      await use(file);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  storageState: async ({ signedInState }, use) => {
    await use(signedInState);
  },
});

export { expect };

/** Waits until every streamed section has replaced its skeleton. */
export async function sectionsLoaded(page: Page): Promise<void> {
  await expect(page.locator('[role="status"].animate-pulse')).toHaveCount(0, { timeout: 30_000 });
}

/** axe over the whole page once it has finished streaming: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  await sectionsLoaded(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** How many CSS px the page is wider than the viewport (0 or less: it fits). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The page fits the viewport's width: only tables scroll sideways, inside their own box. */
export async function expectNoPageOverflow(page: Page): Promise<void> {
  expect(await pageOverflow(page), 'horizontal overflow in px').toBeLessThanOrEqual(0);
}
