import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { buildDataset } from '../sandbox/dataset/generate';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { expect, test } from './support/csp-guard';
import { storageStatePath } from './support/shared-portal';

// A principal's workspace in the browser against the shared portal and its sandbox (default seed,
// day 0): an analyst adds a generated principal with a short AR list, uploads its book (built from
// the sandbox's own list with one AR left out and one name changed), checks it now, sees exactly
// those two findings, reviews one, reads each AR's own standing (a badge in words per AR; the AR's
// firm page says which principal it is known under), downloads the return, prepares an AR's annual review (refused
// when the analyst approves it, approved by an administrator) and attests the list; a viewer reads
// the same page without the forms. Both pages pass axe.

const dataset = buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds });
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
/** A generated principal with a few current appointed representatives (one or two pages of its AR list). */
const principal = [...dataset.firms.values()].find(
  (f) => !showcase.has(f.frn) && f.kind === 'authorised' && f.representatives.current.length >= 4 && f.representatives.current.length + f.representatives.previous.length <= 20,
)!;
const links = [...principal.representatives.current, ...principal.representatives.previous];
const [leftOut, renamed] = principal.representatives.current;

function bookCsv(): string {
  const rows = links
    .filter((l) => l !== leftOut)
    .map((l) => {
      const name = l === renamed ? `${dataset.firms.get(l.arFrn)!.name} Holdings` : dataset.firms.get(l.arFrn)!.name;
      return [l.arFrn, `"${name}"`, l.subType, l.effective, l.termination ?? '', l.tiedAgent ? 'Yes' : 'No'].join(',');
    });
  return ['AR FRN,AR name,Type,Appointed,Terminated,Tied agent', ...rows].join('\n');
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

test.use({ storageState: storageStatePath('analyst') });

test('an analyst adds a principal, uploads its book, checks it now, reviews a finding and downloads the return; a viewer reads', async ({ page, browser }) => {
  test.setTimeout(150_000);
  expect(principal, 'a generated principal with a short AR list').toBeDefined();
  await page.goto('/principals');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Principals' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Principals' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Principal firm's FRN").fill(principal.frn);
  await page.getByRole('button', { name: 'Add principal' }).click();
  await expect(page).toHaveURL(new RegExp(`/principals/${principal.frn}$`));
  await expect(page.getByRole('heading', { level: 1, name: principal.name })).toBeVisible();

  await page.getByLabel('Book file').setInputFiles({ name: 'ar-book.csv', mimeType: 'text/csv', buffer: Buffer.from(bookCsv()) });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version 1 saved: ${links.length - 1} rows kept.` })).toBeVisible();
  await expect(page.getByText('The register has not been read for this principal yet: Check now to compare the book with it.')).toBeVisible();
  await expect(page.locator('#book-versions')).toContainText('analyst@e2e.test');

  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('cycle-progress')).toHaveAttribute('data-finished', 'true', { timeout: 30_000 });
  const findings = page.locator('#findings tbody tr');
  await expect(findings).toHaveCount(2);
  await expect(page.locator('#findings')).toContainText('Not in the book');
  await expect(page.locator('#findings')).toContainText('Name differs');
  await expect(page.locator('#findings')).toContainText(`${dataset.firms.get(renamed.arFrn)!.name} Holdings`);
  expect(await seriousViolations(page)).toEqual([]);

  const row = findings.filter({ hasText: 'Name differs' });
  await row.getByRole('button', { name: /^Review:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review the finding' });
  await dialog.getByLabel('State').selectOption('acknowledged');
  await dialog.getByLabel('Note').fill('Trading name in our book; correct it at the next upload.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Marked acknowledged.')).toBeAttached();
  await page.reload();
  await expect(page.locator('#findings tbody tr').filter({ hasText: 'Name differs' })).toContainText('Acknowledged');

  // Each current AR's own standing, read at the idle share: a badge in words per AR, and the AR's firm page says which principal it is known under.
  await page.getByRole('button', { name: 'Read standings now' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Reading the standing of ${principal.representatives.current.length} current ARs` })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('standing-pass')).toContainText(`${principal.representatives.current.length} of ${principal.representatives.current.length} current ARs read`, {
      timeout: 1000,
    });
  }).toPass({ timeout: 60_000 });
  const standingRows = page.locator('#ar-standings tbody tr');
  await expect(standingRows).toHaveCount(principal.representatives.current.length);
  await expect(standingRows.filter({ hasText: dataset.firms.get(renamed.arFrn)!.name }).getByTestId('standing-badge')).toHaveText(/^!\s*Caution · /);
  await expect(page.getByText('Not read yet')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/firm/${renamed.arFrn}`);
  await expect(page.getByTestId('known-under-principals')).toContainText(`Known under principals: ${principal.name} (${principal.frn}), seen on`);
  await expect(page.getByTestId('known-under-principals').getByRole('link', { name: `${principal.name} (${principal.frn})` })).toHaveAttribute('href', `/firm/${principal.frn}`);
  await page.goto(`/principals/${principal.frn}`);

  // Under its title the workspace says how many reviews are overdue (the schedule's count), linked to the table of reviews due.
  const schedule = (await (await page.request.get(`/api/principals/${principal.frn}/reviews`)).json()) as { due: Array<{ overdue: boolean }> };
  const overdue = schedule.due.filter((d) => d.overdue).length;
  const overdueLink = page.getByTestId('reviews-overdue').getByRole('link');
  await expect(overdueLink).toHaveText(overdue === 0 ? 'No reviews overdue' : `${overdue} ${overdue === 1 ? 'review' : 'reviews'} overdue`);
  await expect(overdueLink).toHaveAttribute('href', '#due-reviews');
  await expect(page.locator('#due-reviews')).toBeAttached();

  await page.getByLabel('From', { exact: true }).fill('2000-01-01');
  await page.getByLabel('To', { exact: true }).fill('2026-12-31');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header.split(',')[0]).toBe('AR FRN');
  expect(lines.map((l) => l.split(',')[0]).sort()).toEqual(links.map((l) => l.arFrn).sort());

  // An annual review: prepared by the analyst, refused when the analyst approves it (HTTP 403), approved by an administrator.
  const arName = dataset.firms.get(renamed.arFrn)!.name;
  await page.getByLabel('Appointed representative', { exact: true }).selectOption(renamed.arFrn);
  await page.getByLabel('Self-assessment (fitness, solvency, scope, controls)').fill('Agreement, fitness and solvency reviewed; no concerns.');
  await page.getByRole('button', { name: 'Prepare review' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Review of ${arName} prepared` })).toBeVisible();
  const reviewRow = page.locator('#reviews tbody tr').filter({ hasText: arName });
  await expect(reviewRow).toContainText('Awaiting a second person');
  const reviews = (await (await page.request.get(`/api/principals/${principal.frn}/reviews`)).json()) as { reviews: Array<{ id: string }> };
  const own = await page.request.post(`/api/principals/${principal.frn}/reviews/${reviews.reviews[0].id}/approve`, { headers: { origin: new URL(page.url()).origin } });
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { message: string }).message).toBe('analyst@e2e.test prepared this review, so may not approve it: a second person must.');

  await page.getByRole('button', { name: 'Attest the AR list as at today' }).click();
  await expect(page.locator('#attestations tbody tr')).toHaveCount(1);
  await page.locator('#attestations tbody tr a').click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Appointed representatives of ${principal.name} as at`);
  await expect(page.getByText('the stored snapshot still matches it.')).toBeVisible();

  const admin = await browser.newContext({ storageState: storageStatePath('admin') });
  const adminPage = await admin.newPage();
  await adminPage.goto(`/principals/${principal.frn}`);
  await adminPage.getByRole('button', { name: `Approve the review of ${arName}` }).click();
  await expect(adminPage.locator('#reviews tbody tr').filter({ hasText: arName })).toContainText('admin2@e2e.test');
  await admin.close();

  const viewer = await browser.newContext({ storageState: storageStatePath('viewer') });
  const viewerPage = await viewer.newPage();
  await viewerPage.goto(`/principals/${principal.frn}`);
  await expect(viewerPage.locator('#findings tbody tr')).toHaveCount(2);
  await expect(viewerPage.getByRole('button', { name: 'Check now' })).toHaveCount(0);
  await expect(viewerPage.getByLabel('Book file')).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /^Review:/ })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Prepare review' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: 'Attest the AR list as at today' })).toHaveCount(0);
  await viewer.close();
});

test("the network principal's 714 current ARs: the workspace's long tables a page at a time, found across every page", async ({ page }) => {
  test.setTimeout(150_000);
  const network = dataset.firms.get(SHOWCASE.networkPrincipalFrn)!;
  const current = network.representatives.current.length;
  expect(current, "the sandbox's network principal has more than one page of current ARs").toBeGreaterThan(100);
  await page.goto('/principals');
  await page.getByLabel("Principal firm's FRN").fill(network.frn);
  await page.getByRole('button', { name: 'Add principal' }).click();
  await expect(page).toHaveURL(new RegExp(`/principals/${network.frn}$`));
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByTestId('cycle-progress')).toHaveAttribute('data-finished', 'true', { timeout: 90_000 });
  await page.reload();

  const standings = page.locator('#ar-standings');
  const due = page.locator('#due-reviews');
  await expect(standings.locator('tbody tr')).toHaveCount(50);
  await expect(due.locator('tbody tr')).toHaveCount(50);
  await expect(due.locator('caption')).toContainText(`rows 1–50 of ${current}`);
  await expect(standings.locator('caption')).toContainText(`${current} not read yet; rows 1–50 of ${current}`);
  expect(await seriousViolations(page)).toEqual([]);

  // The last page of the reviews due, landing on its table; the standings stay on their first page.
  const lastPage = Math.ceil(current / 50);
  await page.getByRole('navigation', { name: 'Reviews due pages' }).getByRole('link', { name: 'Last page' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?due=${lastPage}#due-reviews$`));
  await expect(due.locator('tbody tr')).toHaveCount(current - (lastPage - 1) * 50);
  await expect(due.locator('caption')).toContainText(`rows ${(lastPage - 1) * 50 + 1}–${current} of ${current}`);
  await expect(standings.locator('tbody tr')).toHaveCount(50);

  // One AR by its FRN, whichever page it was on: both tables show just it.
  const wanted = network.representatives.current[current - 1];
  await page.getByLabel('Find an AR by name or FRN').fill(wanted.arFrn);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`\\?ar=${wanted.arFrn}$`));
  await expect(standings.locator('tbody tr')).toHaveCount(1);
  await expect(standings.locator('tbody tr')).toContainText(`(${wanted.arFrn})`);
  await expect(due.locator('tbody tr')).toHaveCount(1);
  await expect(due.locator('caption')).toContainText('1 found');
  await page.getByLabel('Find an AR by name or FRN').fill('no such representative anywhere');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await expect(standings).toContainText(`No current appointed representative's name or FRN contains "no such representative anywhere".`);
  await page.getByRole('link', { name: 'Show every AR' }).click();
  await expect(due.locator('tbody tr')).toHaveCount(50);
});
