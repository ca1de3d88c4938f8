import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { pageOverflow } from './support/register-fixtures';
import { expect, test } from './support/signed-in';

// No serious or critical accessibility violations (axe) on any firm route, its error pages, or a
// completed "show all".

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const bank = SHOWCASE.bankFrn;
const routes = [
  `/firm/${bank}`,
  `/firm/${SHOWCASE.exceptionalInfoFrn}`,
  `/firm/${SHOWCASE.appointedRepresentativeFrn}`,
  `/firm/${bank}/address`,
  `/firm/${SHOWCASE.networkPrincipalFrn}/appointed-representatives`,
  `/firm/${bank}/controlled-functions`,
  `/firm/${SHOWCASE.disciplinaryFrn}/disciplinary-history`,
  `/firm/${bank}/disciplinary-history`,
  `/firm/${SHOWCASE.paymentInstitutionFrn}/exclusions`,
  `/firm/${bank}/individuals`,
  `/firm/${SHOWCASE.nonAsciiFrn}/names`,
  `/firm/${bank}/passports`,
  `/firm/${bank}/passports/gibraltar`,
  `/firm/${bank}/permissions`,
  `/firm/${bank}/regulators`,
  `/firm/${bank}/requirements`,
  `/firm/${bank}/requirements/${SHOWCASE.bankRequirementRef}`,
  `/firm/${bank}/waivers`,
  `/firm/${bank}/regulators?all=1`,
  '/firm/abc',
  '/firm/9999999',
  `/firm/${bank}/passports/narnia`,
];

/** Opens a route and waits for every streamed section (skeletons and walk progress are role=status placeholders). */
async function openStreamed(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('[data-testid="walk-progress"], .animate-pulse')).toHaveCount(0, { timeout: 30_000 });
}

for (const route of routes) {
  test(`${route} is accessible`, async ({ page }) => {
    await openStreamed(page, route);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// Reflow (WCAG 1.4.10): at 320 CSS px wide every firm route, and the other register pages, fit
// the screen; only a wide table scrolls sideways, inside its own box.
const otherRegisterRoutes = [
  `/individual/${SHOWCASE.bankIndividualIrn}`,
  `/individual/${SHOWCASE.bankIndividualIrn}/controlled-functions`,
  `/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`,
  `/fund/${SHOWCASE.umbrellaFundPrn}`,
  `/fund/${SHOWCASE.umbrellaFundPrn}/names`,
  `/fund/${SHOWCASE.umbrellaFundPrn}/subfunds`,
  '/markets',
  `/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`,
];

test('every register route fits a 320 px wide screen without sideways scrolling', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 320, height: 720 });
  const overflowing: string[] = [];
  for (const route of [...routes, ...otherRegisterRoutes]) {
    await openStreamed(page, route);
    const overflow = await pageOverflow(page);
    if (overflow > 0) overflowing.push(`${route}: ${overflow} px`);
  }
  expect(overflowing).toEqual([]);
});
