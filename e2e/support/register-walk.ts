// The walk over the register's pages that firm-a11y.spec.ts makes, one visit per route: each page
// is checked there for accessibility (axe), reflow at 320 px and the Content-Security-Policy
// (status, nonced scripts, main landmark). security-headers.spec.ts checks every other page of the
// portal under the policy and leaves the patterns this walk covers to it, so no page is loaded
// twice for the same checks.
import type { Page, Response } from '@playwright/test';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { expect } from './csp-guard';

const bank = SHOWCASE.bankFrn;

/** Every firm route with a real record (axe, reflow and policy checks). */
export const firmRoutes = [
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
];

/** The firm's error pages (axe, reflow and policy checks; they count for no pattern's coverage). */
export const firmErrorRoutes = ['/firm/abc', '/firm/9999999', `/firm/${bank}/passports/narnia`];

/** The other register pages (reflow and policy checks). */
export const otherRegisterRoutes = [
  `/individual/${SHOWCASE.bankIndividualIrn}`,
  `/individual/${SHOWCASE.bankIndividualIrn}/controlled-functions`,
  `/individual/${SHOWCASE.prohibitedIrn}/disciplinary-history`,
  `/fund/${SHOWCASE.umbrellaFundPrn}`,
  `/fund/${SHOWCASE.umbrellaFundPrn}/names`,
  `/fund/${SHOWCASE.umbrellaFundPrn}/subfunds`,
  '/markets',
  `/search?q=${SHOWCASE.unauthorisedSearch}&type=firm`,
];

function patternRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\[[^\]]+\])/)
    .map((part) => (/^\[[^\]]+\]$/.test(part) ? '[^/?]+' : part.replace(/[.*+?^${}()|\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}(?:\\?.*)?$`);
}

/** Whether the walk visits a page of this app route pattern (e.g. /firm/[frn]/names) with a real record. */
export function registerWalkCovers(pattern: string): boolean {
  const re = patternRegExp(pattern);
  return [...firmRoutes, ...otherRegisterRoutes].some((route) => re.test(route));
}

/** Opens a route and waits for every streamed section (skeletons and walk progress are role=status placeholders). */
export async function openStreamed(page: Page, route: string): Promise<Response | null> {
  const res = await page.goto(route);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('main').locator('[data-testid="walk-progress"], .animate-pulse')).toHaveCount(0, { timeout: 30_000 });
  return res;
}

export function nonceOf(csp: string | undefined): string | undefined {
  return /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
}

/** Waits for every streamed section, then checks each script in the document carries the response's nonce. */
export async function expectNoncedScripts(page: Page, nonce: string | undefined, what: string): Promise<void> {
  await expect(page.locator('[role="status"].animate-pulse')).toHaveCount(0, { timeout: 60_000 });
  expect(nonce, what).toBeTruthy();
  // The inline scripts Next writes into the document (the chunks its runtime adds later are
  // trusted through 'strict-dynamic' and need no nonce of their own).
  const scripts = await page
    .locator('script:not([src])')
    .evaluateAll((nodes) => (nodes as HTMLScriptElement[]).filter((n) => !n.type || n.type === 'text/javascript' || n.type === 'module').map((n) => n.nonce));
  expect(scripts.length, what).toBeGreaterThan(0);
  expect(new Set(scripts), what).toEqual(new Set([nonce]));
}

/**
 * A page rendered under the Content-Security-Policy: no server error, every inline script nonced
 * with the response's nonce, the main landmark shown. (Violations the browser reports fail the
 * test through the csp-guard fixture.)
 */
export async function expectRenderedUnderPolicy(page: Page, res: Response | null, url: string): Promise<void> {
  expect(res, url).not.toBeNull();
  expect(res!.status(), url).toBeLessThan(500);
  await expectNoncedScripts(page, nonceOf(res!.headers()['content-security-policy']), url);
  await expect(page.getByRole('main')).toBeVisible();
}
