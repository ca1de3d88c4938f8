import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { pageOverflow } from './support/register-fixtures';
import { expectRenderedUnderPolicy, firmErrorRoutes, firmRoutes, openStreamed, otherRegisterRoutes } from './support/register-walk';
import { expect, test } from './support/signed-in';

// One visit per register route (e2e/support/register-walk.ts), each checked for everything asked
// of it on that visit:
// - no serious or critical accessibility violations (axe) on any firm route, its error pages, or a
//   completed "show all";
// - reflow (WCAG 1.4.10): at 320 CSS px wide every firm route, and the other register pages, fit
//   the screen; only a wide table scrolls sideways, inside its own box;
// - the Content-Security-Policy: the page renders under it with every inline script nonced
//   (security-headers.spec.ts leaves these routes' patterns to this walk).

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Narrows the window to 320 CSS px (the page reflows as it would when zoomed to 400 %) and measures any sideways overflow. */
async function overflowAt320(page: Page): Promise<number> {
  await page.setViewportSize({ width: 320, height: 720 });
  return pageOverflow(page);
}

for (const route of [...firmRoutes, ...firmErrorRoutes]) {
  test(`${route} is accessible, fits a 320 px wide screen and renders under the policy`, async ({ page }) => {
    const res = await openStreamed(page, route);
    await expectRenderedUnderPolicy(page, res, route);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await overflowAt320(page), `${route}: sideways overflow at 320 px`).toBeLessThanOrEqual(0);
  });
}

for (const route of otherRegisterRoutes) {
  test(`${route} fits a 320 px wide screen and renders under the policy`, async ({ page }) => {
    const res = await openStreamed(page, route);
    await expectRenderedUnderPolicy(page, res, route);
    expect(await overflowAt320(page), `${route}: sideways overflow at 320 px`).toBeLessThanOrEqual(0);
  });
}
