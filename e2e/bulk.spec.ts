import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import { buildDataset } from '@/sandbox/dataset/generate';
import { DEFAULT_OPTIONS } from '@/sandbox/config';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { signIn } from './support/auth-fixtures';
import { type EvidencePortal, startEvidencePortal } from './support/evidence-portal';
import { sharedPortal, staffAccounts, storageStatePath } from './support/shared-portal';
import { signIn as signInOverHttp } from '@/bench/portal-session';
import { expect, test } from './support/signed-in';

// Bulk checks through the browser against the shared portal and its sandbox (default seed): an
// XLSX mixing 50 FRNs with spreadsheet artefacts, IRNs, a PRN, names (one ambiguous, one a clone),
// an impossible number and a number the register does not hold; one result per input row in order;
// the prohibited person and the clone flagged on the page and in both downloads;
// the ambiguous row resolved by a person; CSV and XLSX downloads read back; the matched rows added
// to a watchlist. Then a job that survives a portal restart mid-run without fetching a finished
// row again, counted by the sandbox's own request counter.

const dataset = buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds });
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const generated = [...dataset.firms.keys()].filter((frn) => !showcase.has(frn));
const UNKNOWN_FRN = ['7654321', '7654322', '7654323', '7654324'].find((f) => !dataset.firms.has(f))!;

/** How a spreadsheet damages a number: as a number, with a leading zero and a space, with ".0", with Excel's text apostrophe. */
function damaged(frn: string, i: number): string | number {
  switch (i % 4) {
    case 0:
      return Number(frn);
    case 1:
      return `0${frn} `;
    case 2:
      return `${frn}.0`;
    default:
      return `'${frn}`;
  }
}

const FRNS = generated.slice(0, 50);
/** Input rows (after the header) and the outcome each must end with. */
const INPUT: Array<{ cells: Array<string | number | null>; outcome: string; ref?: string }> = [
  ...FRNS.map((frn, i) => ({ cells: [damaged(frn, i), null, null], outcome: 'Matched', ref: frn })),
  { cells: [SHOWCASE.bankIndividualIrn.toLowerCase(), null, null], outcome: 'Matched', ref: SHOWCASE.bankIndividualIrn },
  { cells: [SHOWCASE.prohibitedIrn, null, null], outcome: 'Matched', ref: SHOWCASE.prohibitedIrn },
  { cells: [SHOWCASE.umbrellaFundPrn, 'fund', null], outcome: 'Matched', ref: SHOWCASE.umbrellaFundPrn },
  { cells: ['Albion Crown Bank plc', null, null], outcome: 'Matched', ref: SHOWCASE.bankFrn },
  { cells: [SHOWCASE.individualSearch, 'individual', null], outcome: 'Ambiguous' },
  { cells: ['12345678', null, null], outcome: 'Invalid input' },
  { cells: [UNKNOWN_FRN, null, null], outcome: 'Not found' },
  { cells: ['Revolution Capital Partners', null, null], outcome: 'Unauthorised or clone' },
  { cells: [` ${FRNS[0]}`, null, null], outcome: 'Matched', ref: FRNS[0] },
];
/** Rows the standing flags, by their index in INPUT: the prohibited person and the clone. */
const PROHIBITED = INPUT.findIndex((r) => r.cells[0] === SHOWCASE.prohibitedIrn);
const CLONE = INPUT.findIndex((r) => r.cells[0] === 'Revolution Capital Partners');

async function inputWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Panel');
  sheet.addRow(['Reference', 'Type', 'Postcode']);
  for (const row of INPUT) sheet.addRow(row.cells);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function waitForState(page: Page, state: 'Finished' | 'Running', timeout = 120_000) {
  await expect(page.getByTestId('bulk-state')).toContainText(state, { timeout });
}

async function outcomes(page: Page): Promise<string[]> {
  return page.getByTestId('bulk-results').locator('tbody [data-testid="outcome"]').allInnerTexts();
}

test('an XLSX of mixed rows is checked row by row, resolved, downloaded and watched', async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto('/bulk');
  await page
    .getByLabel('Or upload a CSV or XLSX file')
    .setInputFiles({ name: 'panel.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await inputWorkbook() });
  await page.getByRole('button', { name: 'Review cost' }).click();
  await expect(page.getByTestId('estimate-rows')).toHaveText(String(INPUT.length));
  // 50 FRNs, 2 IRNs, 1 PRN, 3 names, 1 unknown FRN; the impossible number is invalid and the last row repeats the first.
  await expect(page.getByTestId('estimate-to-check')).toHaveText('57 (3 by name)');
  await expect(page.getByTestId('estimate-invalid')).toHaveText('1');
  // Each firm and person: the record and its standing's two sources; the fund: its record and its name; a name: its searches besides.
  await expect(page.getByTestId('estimate-requests')).toHaveText('173 to 188');
  await expect(page.getByTestId('estimate-time')).toContainText('at bulk work');
  await expect(page.getByRole('table', { name: 'Rows that will not be checked as they are' })).toContainText('8 digits');
  await page.getByRole('button', { name: `Start bulk check of ${INPUT.length} rows` }).click();
  await page.waitForURL(/\/bulk\/[0-9a-f-]{36}$/);
  const jobPath = new URL(page.url()).pathname;
  await waitForState(page, 'Finished');
  await page.reload();
  expect(await outcomes(page)).toEqual(INPUT.map((r) => r.outcome));
  // One table row per input row (a row waiting for a choice has its chooser in a row of its own under it).
  const rows = page.getByTestId('bulk-results').locator('tbody tr[data-row]');
  await expect(rows.nth(1)).toContainText(`FRN ${FRNS[1]}`);
  await expect(rows.nth(INPUT.length - 1)).toContainText('Same as row 1.');
  await expect(rows.nth(55)).toContainText('8 digits');
  // The prohibited person and the clone are flagged: stop, in the register's words.
  const standing = (i: number) => page.locator(`tr[data-row="${i + 1}"]`).getByTestId('standing-cell');
  await expect(standing(PROHIBITED)).toContainText('Stop · Prohibited');
  await expect(standing(PROHIBITED)).toContainText('prohibition order');
  await expect(standing(CLONE)).toContainText('Stop · Clone firm');
  await expect(page.locator(`tr[data-row="${CLONE + 1}"]`)).toContainText('Revolution Capital Partners (clone of FCA authorised firm)');
  await page.getByTestId('review-flagged').click();
  await expect(page.getByTestId('bulk-results').locator(`tr[data-row="${PROHIBITED + 1}"]`)).toBeVisible();
  await expect(page.getByTestId('bulk-results').locator(`tr[data-row="${CLONE + 1}"]`)).toBeVisible();
  await page.goto(jobPath);

  // The ambiguous row waits for a person: pick its first candidate.
  const chooser = page.getByTestId('candidates').filter({ has: page.getByRole('button', { name: 'Record choice for row 55' }) });
  const first = chooser.getByRole('radio').first();
  const chosen = (await first.getAttribute('value'))!.split(':')[1];
  await first.check();
  await chooser.getByRole('button', { name: 'Record choice for row 55' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your choice is recorded' })).toBeVisible();
  await waitForState(page, 'Finished');
  await page.reload();
  const resolved = INPUT.map((r) => (r.outcome === 'Ambiguous' ? 'Matched' : r.outcome));
  expect(await outcomes(page)).toEqual(resolved);
  await expect(rows.nth(54)).toContainText(chosen);

  // Downloads, read back: one row per input row in order with its outcome.
  const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  const csv = parse(readFileSync((await csvDownload.path())!), { bom: true, columns: true }) as Record<string, string>[];
  expect(csv.map((r) => r.Outcome)).toEqual(resolved);
  expect(csv.map((r) => r['Matched reference'])).toEqual(INPUT.map((r) => r.ref ?? (r.outcome === 'Ambiguous' ? chosen : '')));
  expect(csv[0]['Retrieved at']).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect([csv[PROHIBITED].Standing, csv[CLONE].Standing]).toEqual(['Stop · Prohibited', 'Stop · Clone firm']);
  expect(csv[PROHIBITED]['Standing reasons']).toContain('prohibition order');
  expect(csv[CLONE]['Standing reasons']).toContain('clone');
  expect(['Live', 'Cached']).toContain(csv[0].Source);
  const [xlsxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download XLSX' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync((await xlsxDownload.path())!) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  const outcomeColumn = header.indexOf('Outcome') + 1;
  expect(Array.from({ length: INPUT.length }, (_, i) => sheet.getRow(i + 2).getCell(outcomeColumn).value)).toEqual(resolved);
  const standingColumn = header.indexOf('Standing') + 1;
  expect([PROHIBITED, CLONE].map((i) => sheet.getRow(i + 2).getCell(standingColumn).value)).toEqual(['Stop · Prohibited', 'Stop · Clone firm']);

  // Add the matched rows to a watchlist (the list itself is made here, in the portal's database).
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  const at = new Date().toISOString();
  try {
    await handle.db
      .insertInto('watchlists')
      .values({
        id: 'bulk-e2e',
        name: 'Bulk e2e panel',
        description: null,
        case_reference: null,
        owner_id: null,
        owner_email: 'analyst@e2e.test',
        sections: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
  } finally {
    await handle.close();
  }
  await page.goto(jobPath);
  await page.getByLabel('Watchlist').selectOption({ label: 'Bulk e2e panel' });
  await page.getByRole('button', { name: 'Add matched rows to watchlist' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'added to the watchlist' })).toBeVisible();
  const check = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  try {
    const entries = await check.db.selectFrom('watchlist_entries').select(['kind', 'ref']).where('watchlist_id', '=', 'bulk-e2e').execute();
    const expected = new Set(INPUT.filter((r) => r.ref).map((r) => r.ref));
    expected.add(chosen);
    expect(new Set(entries.map((e) => e.ref))).toEqual(expected);
    // Other specs' bulk checks share this portal's audit log: this check's entries carry its id.
    const jobId = jobPath.split('/').pop()!;
    const audit = await check.db.selectFrom('audit_log').select(['action', 'detail', 'reference']).where('action', 'like', 'bulk.%').execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['bulk.list', 'bulk.start', 'bulk.view', 'bulk.resolve', 'bulk.download', 'bulk.watchlist']));
    expect(new Set(audit.filter((a) => a.reference === jobId).map((a) => a.action))).toEqual(
      new Set(['bulk.start', 'bulk.view', 'bulk.resolve', 'bulk.download', 'bulk.watchlist']),
    );
    expect(JSON.parse(audit.find((a) => a.action === 'bulk.start' && a.reference === jobId)!.detail!)).toMatchObject({
      rows: INPUT.length,
      toCheck: 57,
      fetched: 'status only (the record)',
      filename: 'panel.xlsx',
    });
  } finally {
    await check.close();
  }
});

test('viewers cannot run bulk checks, and an input over the row limit is refused with a clear message', async ({ page, browser }) => {
  const viewer = await browser.newContext({ storageState: storageStatePath('viewer') });
  const viewerPage = await viewer.newPage();
  const response = await viewerPage.goto(`http://127.0.0.1:${sharedPortal.port}/bulk`);
  expect(response?.status()).toBe(403);
  await viewer.close();

  await page.goto('/bulk');
  const rows = Array.from({ length: 5001 }, (_, i) => String(100000 + i)).join('\n');
  await page.getByLabel('Or upload a CSV or XLSX file').setInputFiles({ name: 'too-long.csv', mimeType: 'text/csv', buffer: Buffer.from(rows) });
  await page.getByRole('button', { name: 'Review cost' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Not started' })).toContainText('at most 5,000');
});

test('another analyst reads a bulk check but may not act on it; an administrator may', async ({ page, browser }) => {
  const started = await page.request.post('/api/bulk', { multipart: { text: generated[300], mode: 'status' }, headers: { accept: 'application/json' } });
  expect(started.status()).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  const other = await createLocalUser(
    handle.db,
    { id: null, email: 'cli:e2e-bulk', via: 'cli' },
    { email: `other-analyst-${randomBytes(3).toString('hex')}@e2e.test`, role: 'analyst' },
  );
  await handle.close();
  const base = `http://127.0.0.1:${sharedPortal.port}`;
  const cookie = await signInOverHttp(base, other.user.email, other.password);
  const asOther = (path: string, method = 'GET') => fetch(`${base}${path}`, { method, headers: { cookie, accept: 'application/json', origin: base } });
  // Reading is everyone's…
  expect((await asOther(`/api/bulk/${id}`)).status).toBe(200);
  // …acting is the owner's: refused in words, naming who started it.
  for (const action of ['cancel', 'retry']) {
    const refused = await asOther(`/api/bulk/${id}/${action}`, 'POST');
    expect(refused.status, action).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'not-owner',
      message: expect.stringContaining(`This bulk check was started by ${staffAccounts.analyst}. Only the analyst who started this bulk check, or an administrator, can`),
    });
  }
  // An administrator may act on anyone's.
  const admin = await browser.newContext({ storageState: storageStatePath('admin') });
  const byAdmin = await admin.request.post(`${base}/api/bulk/${id}/retry`, { headers: { accept: 'application/json' } });
  expect(byAdmin.status()).toBe(200);
  await admin.close();
});

test('a bulk check survives a portal restart mid-run without fetching a finished row again', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-bulk-'));
  const secret = randomBytes(32).toString('base64url');
  let sandbox: RunningSandbox | undefined;
  let portal: EvidencePortal | undefined;
  try {
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') });
    const { password } = await createLocalUser(handle.db, { id: null, email: 'cli:e2e-bulk', via: 'cli' }, { email: 'bulk@e2e.test', role: 'analyst' });
    await handle.close();
    sandbox = await startSandbox({ port: 0, latency: { min: 60, max: 120 }, rateLimit: 'off' });
    const requests = () => sandbox!.stats()['sandbox@example.com'].requests;
    const frns = generated.slice(100, 220);

    // Three requests a firm row (its record and its standing's two sources): a budget of three times the default keeps the run as long as it was; this sandbox has no limit.
    const env = { FSR_RATE_BUDGET: '135/10' };
    portal = await startEvidencePortal({ dataDir, secret, sandbox, env });
    let context = await browser.newContext({ baseURL: portal.baseURL });
    let page = await context.newPage();
    await signIn(page, 'bulk@e2e.test', password);
    const started = await page.request.post('/api/bulk', { multipart: { text: frns.join('\n'), mode: 'status' } });
    expect(started.status()).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const progress = async () => (await (await page.request.get(`/api/bulk/${id}`)).json()) as { checked: number; state: string };
    await expect.poll(async () => (await progress()).checked, { timeout: 60_000, intervals: [100] }).toBeGreaterThanOrEqual(20);

    // Stop the portal mid-run (SIGTERM: a graceful shutdown, as a deployment restarts it).
    await portal.stop();
    await context.close();
    const db = await openMigratedDb({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') });
    const finishedBefore = (await db.db.selectFrom('bulk_rows').select('row_no').where('bulk_id', '=', id).where('outcome', 'is not', null).execute()).length;
    await db.close();
    const requestsBefore = requests();
    expect(finishedBefore).toBeGreaterThanOrEqual(20);
    expect(finishedBefore).toBeLessThan(frns.length);

    portal = await startEvidencePortal({ dataDir, secret, sandbox, env });
    context = await browser.newContext({ baseURL: portal.baseURL });
    page = await context.newPage();
    await signIn(page, 'bulk@e2e.test', password);
    await expect.poll(async () => (await progress()).state, { timeout: 120_000, intervals: [250] }).toBe('finished');
    expect((await progress()).checked).toBe(frns.length);
    // After the restart only the rows not finished before it reached the register (plus at most
    // one in flight per lane when the portal stopped); in all, three requests a row plus those.
    expect(requests() - requestsBefore).toBeLessThanOrEqual((frns.length - finishedBefore + 2) * 3);
    expect(requests()).toBeLessThanOrEqual((frns.length + 2) * 3);
    await page.goto(`/bulk/${id}`);
    await expect(page.getByTestId('bulk-results').locator('tbody tr')).toHaveCount(frns.length);
    await context.close();
  } finally {
    await portal?.stop().catch(() => undefined);
    await sandbox?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
