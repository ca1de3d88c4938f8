import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { openMigratedDb } from '@/lib/db/connect';
import { countrySlug } from '@/lib/firm/country-slug';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { listAppRoutes } from '@/test/app-routes';
import { insertChange, insertCheck, insertCycle } from '@/test/watch-fixtures';
import { sharedBaseURL, sharedPortal, storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// The layout of every page of app/ as an administrator sees it (the widest header), at a desktop
// width (1280 px) and a phone's (375 px):
// - the page is never wider than the window (only a wide table scrolls sideways, in its own region);
// - nothing scrolls up and down inside the page: no element with overflow-y auto or scroll holds
//   more than it shows (every row of every table is on the page, so a capture or a printout has them);
// - at 1280 px the header is one line;
// - the browser's console has no warning or error.
// A full-page screenshot of each page at both widths is saved in test-results/screens/ for a
// reviewer to look at (not committed).

test.use({ storageState: storageStatePath('admin') });

const SCREENS = path.resolve(__dirname, '..', 'test-results', 'screens');
const WIDTHS = [1280, 375] as const;

/** Records made for this run (ids for the dynamic segments of pages that show the portal's own data). */
const made: Record<'watchlist' | 'bulk' | 'check' | 'change' | 'report' | 'attestation', string> = { watchlist: '', bulk: '', check: '', change: '', report: '', attestation: '' };

/**
 * A principal of the portal's own for the principals' pages: a generated firm with a short AR list
 * (the second such firm, so e2e/principals.spec.ts, which adds the first, is not disturbed).
 */
const showcaseRefs = new Set<string>(Object.values(SHOWCASE).flat());
const layoutPrincipal = [
  ...buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds }).firms.values(),
].filter(
  (f) => !showcaseRefs.has(f.frn) && f.kind === 'authorised' && f.representatives.current.length >= 4 && f.representatives.current.length + f.representatives.previous.length <= 20,
)[1];

/** A real record for each dynamic segment, so each page renders its full content. */
function realPath(pattern: string): string {
  const firmFor: Record<string, string> = {
    '/firm/[frn]/appointed-representatives': SHOWCASE.networkPrincipalFrn,
    '/firm/[frn]/disciplinary-history': SHOWCASE.disciplinaryFrn,
    '/firm/[frn]/exclusions': SHOWCASE.paymentInstitutionFrn,
    '/firm/[frn]/names': SHOWCASE.nonAsciiFrn,
    '/firm/[frn]/report': SHOWCASE.paymentInstitutionFrn,
    '/principals/[frn]': layoutPrincipal.frn,
    '/principals/[frn]/attestations/[id]': layoutPrincipal.frn,
  };
  const idFor: Record<string, string> = {
    '/bulk/[id]': made.bulk,
    '/changes/[id]': made.change,
    '/checks/[id]': made.check,
    '/reports/[id]': made.report,
    '/watchlists/[id]': made.watchlist,
    '/principals/[frn]/attestations/[id]': made.attestation,
  };
  const values: Record<string, string> = {
    '[frn]': firmFor[pattern] ?? SHOWCASE.bankFrn,
    '[country]': countrySlug(SHOWCASE.bankPassportCountry),
    '[ref]': SHOWCASE.bankRequirementRef,
    '[irn]': pattern.endsWith('/disciplinary-history') ? SHOWCASE.prohibitedIrn : SHOWCASE.bankIndividualIrn,
    '[prn]': SHOWCASE.umbrellaFundPrn,
    '[id]': idFor[pattern] ?? '',
  };
  const filled = pattern.replace(/\[[^\]]+\]/g, (segment) => {
    const value = values[segment];
    if (!value) throw new Error(`No record for ${segment} in ${pattern}: add one to the layout spec`);
    return value;
  });
  return filled === '/search' ? `/search?q=${encodeURIComponent(SHOWCASE.individualSearch)}&type=individual` : filled;
}

const routes = listAppRoutes(path.resolve(__dirname, '..')).filter((r) => r.kind === 'page' && r.pattern !== '/login');

interface Measure {
  /** How many px the document is wider than the window (0 or less: it fits). */
  overflow: number;
  /** Elements that scroll up and down inside the page, described. */
  innerScrolls: string[];
  /** Height of the header in px, and whether its items sit on one line. */
  headerHeight: number;
  headerOneLine: boolean;
}

async function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const innerScrolls: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const style = getComputedStyle(el);
      if (style.overflowY !== 'auto' && style.overflowY !== 'scroll') continue;
      if (el.scrollHeight > el.clientHeight + 1) {
        const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`;
        innerScrolls.push(`${name} (${el.scrollHeight} px in ${el.clientHeight} px)`);
      }
    }
    const header = document.querySelector('header');
    const items = header
      ? Array.from(header.querySelectorAll<HTMLElement>('a, button, input, summary'))
          .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height > 0)
      : [];
    // One line: every visible control of the header overlaps one horizontal band.
    const headerOneLine = items.length > 0 && Math.max(...items.map((r) => r.top)) < Math.min(...items.map((r) => r.bottom));
    return { overflow: doc.scrollWidth - doc.clientWidth, innerScrolls, headerHeight: Math.round(header?.getBoundingClientRect().height ?? 0), headerOneLine };
  });
}

/** Waits for streamed sections (skeletons and progress are role=status placeholders) to be replaced. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('main [data-testid="walk-progress"], main .animate-pulse, [data-testid="report-progress"]')).toHaveCount(0, { timeout: 45_000 });
}

function fileName(url: string, width: number): string {
  const slug =
    url
      .replace(/^\//, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/-+$/, '') || 'home';
  return path.join(SCREENS, `${slug}-${width}.png`);
}

const figures: string[] = [];

/** Opens a page, and at each width checks and photographs it; console warnings and errors are collected over the whole visit. */
async function checkLayout(page: Page, url: string, options: { header: boolean } = { header: true }): Promise<void> {
  const said: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') said.push(`${message.type()}: ${message.text()}`);
  };
  const onError = (error: Error) => said.push(`page error: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  try {
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    const res = await page.goto(url);
    expect(res?.status(), url).toBeLessThan(400);
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      const m = await measure(page);
      figures.push(
        `${url} @${width}: width +${Math.max(0, m.overflow)} px, header ${m.headerHeight} px${m.headerOneLine ? ' (one line)' : ''}, inner scrolls ${m.innerScrolls.length}`,
      );
      await page.screenshot({ path: fileName(url, width), fullPage: true });
      expect.soft(m.overflow, `${url} at ${width} px: the page is wider than the window`).toBeLessThanOrEqual(0);
      expect.soft(m.innerScrolls, `${url} at ${width} px: something scrolls up and down inside the page`).toEqual([]);
      if (width === 1280 && options.header) expect.soft(m.headerOneLine, `${url} at 1280 px: the header is one line (${m.headerHeight} px high)`).toBe(true);
    }
    expect.soft(said, `${url}: console warnings or errors`).toEqual([]);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onError);
  }
}

/** The records are made once per run (a failed test restarts the worker, which runs beforeAll again). */
const MADE_FILE = path.join(sharedPortal.dataDir, 'layout-spec-records.json');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  mkdirSync(SCREENS, { recursive: true });
  if (existsSync(MADE_FILE)) {
    Object.assign(made, JSON.parse(readFileSync(MADE_FILE, 'utf8')));
    return;
  }
  const context = await browser.newContext({ baseURL: sharedBaseURL, storageState: storageStatePath('admin') });
  const request = context.request;
  const list = await request.post('/api/watchlists', { data: { name: `Layout check ${Date.now()}`, description: 'Made by the layout check' } });
  expect(list.status()).toBe(201);
  made.watchlist = ((await list.json()) as { id: string }).id;
  const added = await request.post(`/api/watchlists/${made.watchlist}/records`, { data: { references: [SHOWCASE.bankFrn, SHOWCASE.bankIndividualIrn, SHOWCASE.umbrellaFundPrn] } });
  expect(added.status()).toBe(200);
  const bulk = await request.post('/api/bulk', {
    multipart: { text: `${SHOWCASE.bankFrn}\n${SHOWCASE.networkPrincipalFrn}`, mode: 'status' },
    headers: { accept: 'application/json' },
  });
  expect(bulk.status()).toBe(201);
  made.bulk = ((await bulk.json()) as { id: string }).id;

  // A principal read once on the register and attested, for the principals' pages.
  expect([200, 201]).toContain((await request.post('/api/principals', { data: { frn: layoutPrincipal.frn } })).status());
  const check = await request.post(`/api/principals/${layoutPrincipal.frn}/check`);
  expect(check.status()).toBe(202);
  const { cycleId } = (await check.json()) as { cycleId: string };
  await expect.poll(async () => ((await (await request.get(`/api/watch/cycles/${cycleId}`)).json()) as { finished: boolean }).finished, { timeout: 60_000 }).toBe(true);
  const attested = await request.post(`/api/principals/${layoutPrincipal.frn}/attest`);
  expect(attested.status()).toBe(201);
  made.attestation = ((await attested.json()) as { id: string }).id;

  // A check and a change to it, as a watch cycle records them (acknowledged, so the header's
  // count of new changes and the digest other specs send stay as they were).
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  try {
    const db = handle.db;
    const cycle = await insertCycle(db, '2026-01-30T20:00:00.000Z', made.watchlist);
    const next = await insertCycle(db, '2026-01-31T20:00:00.000Z', made.watchlist);
    const first = await insertCheck(db, {
      cycleId: cycle,
      kind: 'firm',
      ref: SHOWCASE.bankFrn,
      name: 'Albion Crown Bank plc',
      at: '2026-01-30T20:00:01.000Z',
      data: { permissions: [1] },
    });
    const second = await insertCheck(db, {
      cycleId: next,
      kind: 'firm',
      ref: SHOWCASE.bankFrn,
      name: 'Albion Crown Bank plc',
      at: '2026-01-31T20:00:01.000Z',
      data: { permissions: [1, 2] },
      previousCheckId: first.id,
      changeCount: 1,
    });
    made.check = second.id;
    made.change = await insertChange(db, {
      checkId: second.id,
      previousCheckId: first.id,
      cycleId: next,
      kind: 'firm',
      ref: SHOWCASE.bankFrn,
      entityName: 'Albion Crown Bank plc',
      section: 'permissions',
      summary: 'Permission added: Accepting deposits',
      state: 'acknowledged',
      at: '2026-01-31T20:00:02.000Z',
    });
  } finally {
    await handle.close();
  }

  // A saved report, saved as people save one.
  const page = await context.newPage();
  await page.goto(`/firm/${SHOWCASE.paymentInstitutionFrn}/report`);
  await expect(page.getByTestId('report-stamp')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save as evidence' }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  made.report = new URL(page.url()).pathname.split('/').pop()!;
  await context.close();
  writeFileSync(MADE_FILE, JSON.stringify(made));
});

test.afterAll(() => {
  // Figures for the report (appended per worker: a failed test restarts it).
  if (figures.length) console.log(`[layout e2e]\n${figures.splice(0).join('\n')}`);
});

for (const route of routes) {
  test(`${route.pattern}: fits 1280 and 375 px, nothing scrolls inside it, a one-line header, a quiet console`, async ({ page }) => {
    await checkLayout(page, realPath(route.pattern));
    if (route.pattern === '/search') {
      // On a phone the results keep what a person needs in view, unscrolled: name, reference, status.
      const table = page.getByRole('table', { name: /matching/ });
      for (const column of ['Name', 'Reference number', 'Status']) {
        const box = await table.getByRole('columnheader', { name: column, exact: true }).boundingBox();
        expect(box, `${column} column`).not.toBeNull();
        expect(box!.x + box!.width, `the ${column} column's right edge at 375 px`).toBeLessThanOrEqual(375);
      }
    }
  });
}

test('/login (signed out): fits 1280 and 375 px with a quiet console', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: sharedBaseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await checkLayout(page, '/login', { header: false });
  await context.close();
});
