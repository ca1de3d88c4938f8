import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { APIResponse } from '@playwright/test';
import { countrySlug } from '@/lib/firm/country-slug';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { listAppRoutes } from '@/test/app-routes';
import { expectNoncedScripts, expectRenderedUnderPolicy, nonceOf, registerWalkCovers } from './support/register-walk';
import { sharedBaseURL, storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// The browser security headers (lib/security/headers.ts, set by proxy.ts) on every kind of
// response, every page working under the Content-Security-Policy (the csp-guard fixture behind
// `test` fails a test on any violation the browser reports), and a framed page refused.

test.use({ storageState: storageStatePath('admin') });

const SIGNED_OUT = { cookies: [], origins: [] };

/** Real records for the dynamic segments, so each page renders its full content, not only its "not found". */
function realPath(pattern: string): string {
  const values: Record<string, string> = {
    '[frn]': pattern.endsWith('/report') ? SHOWCASE.paymentInstitutionFrn : SHOWCASE.bankFrn,
    '[country]': countrySlug(SHOWCASE.bankPassportCountry),
    '[ref]': SHOWCASE.bankRequirementRef,
    '[irn]': SHOWCASE.prohibitedIrn,
    '[prn]': SHOWCASE.umbrellaFundPrn,
    // No snapshot has this id: the page's own "not found" is rendered under the policy too.
    '[id]': '999999',
  };
  const filled = pattern.replace(/\[[^\]]+\]/g, (segment) => values[segment] ?? 'sample');
  return filled === '/search' ? `/search?q=${SHOWCASE.unauthorisedSearch}&type=firm` : filled;
}

// The register pages are walked once by firm-a11y.spec.ts, which checks them under the policy on
// the same visit as its accessibility and reflow checks (e2e/support/register-walk.ts); every
// other page is checked here.
const pages = listAppRoutes(path.resolve(__dirname, '..')).filter((r) => r.kind === 'page' && r.pattern !== '/login');
const pagesHere = pages.filter((r) => !registerWalkCovers(r.pattern));

function expectSecurityHeaders(res: APIResponse, what: string, options: { csp?: boolean } = {}) {
  const headers = res.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('same-origin');
  expect(headers['permissions-policy'], what).toContain('camera=()');
  // The e2e portal is served over plain HTTP: no HSTS (a browser ignores it there anyway).
  expect(headers['strict-transport-security'], what).toBeUndefined();
  if (options.csp !== false) {
    const csp = headers['content-security-policy'];
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'/);
    expect(csp, what).not.toContain('unsafe-inline');
  }
}

test.describe('every page renders under the Content-Security-Policy with no violation', () => {
  test('the register walk covers the register pages left out here', () => {
    const walked = pages.filter((r) => registerWalkCovers(r.pattern)).map((r) => r.pattern);
    // Firm, individual, fund, markets and search pages; the report page is a form, checked here.
    expect(walked.length).toBeGreaterThanOrEqual(20);
    expect(walked.every((p) => /^\/(firm|individual|fund|markets|search)\b/.test(p))).toBe(true);
    expect(pagesHere.map((r) => r.pattern)).toContain('/firm/[frn]/report');
  });

  for (const route of pagesHere) {
    const url = realPath(route.pattern);
    test(`${route.pattern} (${url})`, async ({ page }) => {
      test.setTimeout(120_000);
      await expectRenderedUnderPolicy(page, await page.goto(url), url);
    });
  }

  test('/login, signed out, with the sign-in form working', async ({ browser }) => {
    // Contexts inherit the spec's signed-in storage state unless told otherwise.
    const context = await browser.newContext({ baseURL: sharedBaseURL, storageState: SIGNED_OUT });
    const page = await context.newPage();
    const res = await page.goto('/login');
    await expectNoncedScripts(page, nonceOf(res!.headers()['content-security-policy']), '/login');
    // A wrong password goes through next-auth's client (fetch) and comes back as a message.
    await page.getByLabel('E-mail address').fill('nobody@e2e.test');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.locator('#sign-in-error')).toContainText(/.+/);
    await context.close();
  });

  test('an unknown address: the 404 page', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res!.status()).toBe(404);
    await expectNoncedScripts(page, nonceOf(res!.headers()['content-security-policy']), '404');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('client-side navigation and the typeahead (SWR) work under the policy', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search the register by name or reference number' });
    await box.fill(SHOWCASE.bankIndividualIrn);
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.goto(`/firm/${SHOWCASE.bankFrn}`);
    await page.getByRole('navigation', { name: 'On the register' }).getByRole('link', { name: 'Permissions', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/firm/${SHOWCASE.bankFrn}/permissions`));
    await expect(page.locator('[role="status"].animate-pulse')).toHaveCount(0, { timeout: 60_000 });
  });
});

test('the guard itself sees a violation: an inline style attribute added to a page is refused and reported', async ({ page, cspGuard }) => {
  await page.goto('/');
  await page.getByRole('main').evaluate((main) => main.setAttribute('style', 'outline: 3px solid red'));
  // Both ways the guard listens report it (the page's event and the console), in either order.
  await expect.poll(() => [...new Set(cspGuard.violations.map((v) => v.via))].sort(), { timeout: 10_000 }).toEqual(['console', 'event']);
  const taken = cspGuard.take((v) => /style-src/.test(v.text));
  expect(taken.length).toBeGreaterThan(0);
  // Refused: the style never applied.
  expect(await page.getByRole('main').evaluate((main) => getComputedStyle(main).outlineStyle)).not.toBe('solid');
});

test.describe('the security headers on every kind of response', () => {
  test('pages, route handlers, redirects, errors and static files', async ({ request, playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: sharedBaseURL, storageState: SIGNED_OUT });
    const checks: Array<[string, APIResponse, { csp?: boolean }?]> = [
      ['a page', await request.get(`/firm/${SHOWCASE.bankFrn}`)],
      ['the sign-in page', await anonymous.get('/login')],
      ['a route handler (JSON)', await request.get(`/api/search/typeahead?q=${SHOWCASE.bankIndividualIrn}`)],
      ['a route handler refusing bad input (400)', await request.get('/api/search/typeahead?q=a')],
      ['a public route handler', await anonymous.get('/api/health')],
      ['an anonymous API call (401)', await anonymous.get('/api/search/typeahead?q=bank')],
      ['the sign-in redirect', await anonymous.get(`/firm/${SHOWCASE.bankFrn}`, { maxRedirects: 0 })],
      ['an API-path redirect', await request.get(`/Firm/${SHOWCASE.bankFrn}/AR`, { maxRedirects: 0 })],
      ['an impossible IRN (400)', await request.get('/individual/ABC')],
      ['an unknown address (404)', await request.get('/no-such-page-here')],
      ['a CSV export', await request.get('/api/export/markets')],
    ];
    const statuses = checks.map(([what, res]) => `${what}: ${res.status()}`);
    expect(statuses).toEqual([
      'a page: 200',
      'the sign-in page: 200',
      'a route handler (JSON): 200',
      'a route handler refusing bad input (400): 400',
      'a public route handler: 200',
      'an anonymous API call (401): 401',
      'the sign-in redirect: 307',
      'an API-path redirect: 308',
      'an impossible IRN (400): 400',
      'an unknown address (404): 404',
      'a CSV export: 200',
    ]);
    for (const [what, res, options] of checks) expectSecurityHeaders(res, what, options);

    // A fresh nonce on every response.
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) nonces.add(nonceOf((await anonymous.get('/login')).headers()['content-security-policy']));
    expect(nonces.size).toBe(3);

    // Static build files (which the proxy skips) still get the request-independent headers.
    const html = await (await anonymous.get('/login')).text();
    const asset = /\/_next\/static\/[^"']+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const staticRes = await anonymous.get(asset!);
    expect(staticRes.status()).toBe(200);
    expectSecurityHeaders(staticRes, 'a static file', { csp: false });
    await anonymous.dispose();
  });
});

test.describe('framing', () => {
  let framer: Server;
  let framerOrigin: string;

  test.beforeAll(async () => {
    // A page on another origin that tries to show the portal in a frame, as a clickjacking page would.
    framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Framer</title><h1>Another site</h1><iframe id="portal" title="portal" src="${sharedBaseURL}/login" width="800" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    const address = framer.address() as { port: number };
    framerOrigin = `http://127.0.0.1:${address.port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => framer.close(resolve));
  });

  test('a portal page inside an <iframe> on another origin is refused by the browser', async ({ page, cspGuard }) => {
    await page.goto(framerOrigin);
    await expect(page.getByRole('heading', { name: 'Another site' })).toBeVisible();
    // The browser reports the refusal on the framing page's console (frame-ancestors 'none').
    await expect.poll(() => cspGuard.violations.some((v) => /frame-ancestors/.test(v.text)), { timeout: 15_000 }).toBe(true);
    const refused = cspGuard.take((v) => /frame-ancestors/.test(v.text));
    expect(refused.length).toBeGreaterThan(0);
    // Nothing of the portal was rendered inside the frame.
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    expect(frame!.url()).not.toBe(`${sharedBaseURL}/login`);
    await expect(page.frameLocator('#portal').getByRole('heading', { name: 'Sign in to FSR Portal' })).toHaveCount(0);
  });
});
