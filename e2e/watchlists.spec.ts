import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import { listAudit } from '@/lib/db/queries/audit';
import { verifyAuditChain } from '@/lib/db/queries/audit-chain';
import type { EntityKind } from '@/lib/db/schema';
import { WATCH_SECTIONS } from '@/lib/watch/watch-sections';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { signIn } from './support/auth-fixtures';
import { type EvidencePortal, startEvidencePortal } from './support/evidence-portal';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@/test/smtp-server';

// Watchlists end to end: a list made in the browser, records added by pasting numbers and with
// the Watch button, a baseline check, the register moved on a day, a second check, and the inbox
// compared with what the sandbox says it changed. The portal and sandbox are this spec's own: the
// sandbox's day moves, which must not reach the shared portal's other specs (nor its cache).

const WATCHED: Array<{ kind: EntityKind; ref: string }> = [
  { kind: 'firm', ref: SHOWCASE.bankFrn },
  { kind: 'firm', ref: SHOWCASE.networkPrincipalFrn },
  { kind: 'individual', ref: SHOWCASE.bankIndividualIrn },
  { kind: 'fund', ref: SHOWCASE.umbrellaFundPrn },
];

type SandboxChange = { type: EntityKind; ref: string; section: string };

/** The sandbox's own list of what day N changed on the watched records, as "ref slug" (mapped by each watch section's apiSection). */
async function sandboxChangeSet(sandbox: RunningSandbox, day: number): Promise<Set<string>> {
  const res = await fetch(`${sandbox.origin}/__sandbox/changes?day=${day}&ref=${WATCHED.map((w) => w.ref).join(',')}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { changes: SandboxChange[] };
  const out = new Set<string>();
  for (const c of body.changes) {
    const section = WATCH_SECTIONS[c.type].find((s) => s.apiSection === c.section);
    expect(section, `the sandbox changed ${c.type} ${c.ref} ${c.section}, which no watch section reads`).toBeDefined();
    out.add(`${c.ref} ${section!.slug}`);
  }
  return out;
}

async function signedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

/** Serious or critical accessibility violations (axe) on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Presses "Check now" on the page and waits until the cycle's progress says it finished; prints what it cost. */
async function checkNow(page: Page, what: string): Promise<void> {
  const startedAt = Date.now();
  await page.getByRole('button', { name: 'Check now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Checking 4 records: about [\d,]+ register requests\./ })).toBeVisible();
  const progress = page.getByTestId('cycle-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-finished', 'true', { timeout: 240_000 });
  await expect(progress).toContainText(/Finished: 4 checked; [\d,]+ register requests spent\./);
  // A figure for the report, not an assertion: how long the cycle took at the background share.
  console.log(`[watchlists e2e] ${what}: ${(await progress.getByRole('status').innerText()).trim()} (${((Date.now() - startedAt) / 1000).toFixed(1)} s from the click)`);
}

test('watch two firms, an individual and a fund; a register day later the inbox holds exactly the sandbox’s changes', async ({ browser }) => {
  test.setTimeout(600_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-watch-'));
  const started: Array<RunningSandbox | EvidencePortal | TestSmtpServer> = [];
  try {
    const dbFile = path.join(dataDir, 'portal.db');
    const handle = await openMigratedDb({ dialect: 'sqlite', file: dbFile });
    const cli = { id: null, email: 'cli:e2e-watch', via: 'cli' as const };
    const analyst = await createLocalUser(handle.db, cli, { email: 'watcher@e2e.test', role: 'analyst' });
    const viewer = await createLocalUser(handle.db, cli, { email: 'reader@e2e.test', role: 'viewer' });
    const admin = await createLocalUser(handle.db, cli, { email: 'mlro@e2e.test', role: 'admin' });
    await handle.close();

    // The portal's watch e-mail goes to a real SMTP server on loopback.
    const smtp = await startTestSmtpServer();
    started.push(smtp);

    // The register on day 0 with live-like latency and its real rate limit.
    const sandbox = await startSandbox({ port: 0, latency: { min: 20, max: 80 } });
    started.push(sandbox);
    const portal = await startEvidencePortal({
      dataDir,
      secret: randomBytes(32).toString('base64url'),
      sandbox,
      env: { WATCH_SMTP_URL: smtp.url, WATCH_MAIL_FROM: 'portal@e2e.test', WATCH_MAIL_TO: 'compliance@e2e.test' },
    });
    started.push(portal);
    const page = await signedInPage(browser, portal.baseURL, analyst.user.email, analyst.password);

    // A list, made in the browser.
    await page.goto('/watchlists');
    await page.getByLabel('Name', { exact: true }).fill('E2E counterparties');
    await page.getByLabel('Case reference (optional)').fill('CASE-14');
    await page.getByRole('button', { name: 'Create list' }).click();
    await page.waitForURL(/\/watchlists\/[0-9a-f-]{36}$/);
    const listUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: 'E2E counterparties' })).toBeVisible();

    // A bad row: nothing is added, and the row is named.
    const paste = page.getByLabel('FRNs, IRNs and PRNs');
    await paste.fill(`${SHOWCASE.bankFrn}, BKS0000X`);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was added: one row needs correcting.' })).toBeVisible();
    await expect(page.getByTestId('row-errors')).toContainText('Row 2 (BKS0000X): "BKS0000X" is not a reference number');
    await expect(page.getByRole('table', { name: /Watched records/ })).toContainText('Nothing on this list yet');

    // A CSV file with a bad row: nothing is added either, and its line is named.
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'watch.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`ref,kind\n${SHOWCASE.bankFrn},firm\n${SHOWCASE.bankIndividualIrn},firm\n`),
    });
    await page.getByRole('button', { name: 'Import file' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Nothing was added: one row needs correcting.' }).last()).toBeVisible();
    await expect(page.getByTestId('row-errors').last()).toContainText(`Row 3 (${SHOWCASE.bankIndividualIrn}): "${SHOWCASE.bankIndividualIrn}" is not a firm reference number`);
    await expect(page.getByRole('table', { name: /Watched records/ })).toContainText('Nothing on this list yet');

    // Two firms and an individual by pasting (the bare numbers are looked up on the register).
    await paste.fill(`${SHOWCASE.bankFrn}, ${SHOWCASE.networkPrincipalFrn}\n${SHOWCASE.bankIndividualIrn}`);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added 3 records.' })).toBeVisible();

    // The fund with the Watch button on its page.
    await page.goto(`/fund/${SHOWCASE.umbrellaFundPrn}`);
    const control = page.getByTestId('watch-control');
    await expect(control).toContainText('Not on any watchlist.');
    await control.getByLabel('Watch on list').selectOption({ label: 'E2E counterparties' });
    await control.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(control.getByRole('status')).toHaveText(/Watching on "E2E counterparties"/);
    await expect(control).toContainText('Watched on E2E counterparties.');

    await page.goto(listUrl);
    const entries = page.getByRole('table', { name: /Watched records/ });
    for (const w of WATCHED) await expect(entries).toContainText(w.ref);
    await expect(entries.getByText('Not checked yet')).toHaveCount(4);
    await expect(page.getByTestId('cycle-cost')).toContainText(/about [\d,]+ register requests, which take about .+ at the background share of the budget/);

    // The first check is a silent baseline.
    await checkNow(page, 'baseline cycle');
    await expect(entries.getByText('Baseline taken')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('new-changes-link')).toHaveText('Changes');

    // The register moves on a day; the second check finds what changed.
    const advanced = await fetch(`${sandbox.origin}/__sandbox/advance?days=1`, { method: 'POST' });
    expect(((await advanced.json()) as { day: number }).day).toBe(1);
    await page.reload();
    await checkNow(page, 'day-1 cycle');
    const expected = await sandboxChangeSet(sandbox, 1);
    expect(expected.size).toBeGreaterThanOrEqual(5);

    await page.getByTestId('new-changes-link').click();
    await page.waitForURL(/\/changes\?state=new$/);
    const inbox = page.getByRole('table', { name: /New changes/ });
    await expect(inbox).toBeVisible();
    const rows = inbox.locator('tbody tr');
    await expect(rows).toHaveCount(expected.size);
    const found = new Set<string>();
    for (const row of await rows.all()) {
      found.add(`${await row.getByTestId('change-ref').innerText()} ${await row.locator('[data-section]').getAttribute('data-section')}`);
    }
    expect(found).toEqual(expected);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('new-changes-link')).toHaveText(`Changes ${expected.size} new`);

    // The e-mail: the high-severity changes went out when the cycle closed, and the digest an
    // administrator sends now carries the rest; together exactly the inbox's changes, each once.
    const inboxIds = new Set<string>();
    for (const row of await rows.all()) inboxIds.add((await row.getByRole('link').last().getAttribute('href'))!.split('/').pop()!);
    const linkedChanges = (mail: ReceivedMail) => [...mail.text.matchAll(/\/changes\/([\w-]+)/g)].map((m) => m[1]);
    const urgent = await smtp.waitForMessage((m) => /high-severity register change/.test(m.subject), 60_000);
    const adminPage = await signedInPage(browser, portal.baseURL, admin.user.email, admin.password);
    await adminPage.goto('/admin/notifications');
    await adminPage.getByRole('button', { name: 'Send the digest now' }).click();
    const digest = await smtp.waitForMessage((m) => m.subject.startsWith('FSR Portal digest'), 60_000);
    expect(urgent.envelope.to).toEqual(['compliance@e2e.test']);
    const urgentIds = new Set(linkedChanges(urgent));
    const digestIds = new Set(linkedChanges(digest));
    expect(urgentIds.size).toBeGreaterThan(0);
    expect(new Set([...urgentIds, ...digestIds])).toEqual(inboxIds);
    expect([...urgentIds].filter((id) => digestIds.has(id))).toEqual([]);
    expect(urgent.text).toContain(`${portal.baseURL}/changes/`);
    await adminPage.close();

    // Acknowledge the bank's lost permission with a note: saved, and in the audit log.
    const permissionRow = rows.filter({ has: page.locator('[data-section="permissions"]') }).filter({ hasText: SHOWCASE.bankFrn });
    await permissionRow.getByRole('link').last().click();
    await page.waitForURL(/\/changes\/[\w-]+$/);
    const changeId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByTestId('change-check')).toContainText(/SHA-256 [0-9a-f]{64}/);
    await expect(page.getByTestId('change-rows')).toContainText('Removed');
    expect(await seriousViolations(page)).toEqual([]);
    const note = 'Expected: the bank told us it gave up this permission.';
    await page.getByLabel('State', { exact: true }).selectOption('acknowledged');
    await page.getByLabel('Assignee (e-mail)').fill('compliance@e2e.test');
    await page.getByLabel('Note', { exact: true }).fill(note);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked acknowledged, assigned to compliance@e2e.test.' })).toBeVisible();
    await expect(page.getByTestId('new-changes-link')).toHaveText(`Changes ${expected.size - 1} new`);

    // The check the change links to: its SHA-256 verified against the stored JSON.
    await page.getByTestId('change-check').getByRole('link').click();
    await expect(page.getByText('✓ The stored JSON still has this hash.')).toBeVisible();

    const audit = await openMigratedDb({ dialect: 'sqlite', file: dbFile });
    try {
      const entriesForChange = (await listAudit(audit.db, { action: 'watch.change.update' })).filter((e) => e.detail?.change === changeId);
      expect(entriesForChange).toHaveLength(1);
      expect(entriesForChange[0]).toMatchObject({ userEmail: analyst.user.email, reference: SHOWCASE.bankFrn, outcome: 'success' });
      expect(entriesForChange[0].detail).toMatchObject({ from: { state: 'new' }, to: { state: 'acknowledged', assignee: 'compliance@e2e.test', note } });
      expect((await listAudit(audit.db, { action: 'watch.check-now' })).length).toBe(2);
      expect((await verifyAuditChain(audit.db)).intact).toBe(true);
    } finally {
      await audit.close();
    }

    // History: the network's representative that ended shows before (Current) and after (Previous).
    await page.goto(`/firm/${SHOWCASE.networkPrincipalFrn}/history`);
    await expect(page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'History', exact: true })).toHaveAttribute('aria-current', 'page');
    const arChange = page.locator('[data-testid="history-change"][data-section="appointed-representatives"]');
    await expect(arChange).toHaveCount(1);
    const fields = arChange.getByTestId('change-fields').first();
    const listField = fields.locator('tr', { has: page.locator('th', { hasText: /^list$/ }) });
    await expect(listField).toContainText('Before: Current');
    await expect(listField).toContainText('After: Previous');
    await expect(arChange).toContainText('After (added)');
    await expect(page.getByTestId('history-timeline')).toContainText(/Baseline: \d+ sections read/);
    expect(await seriousViolations(page)).toEqual([]);

    // The individual's ended function, before and after, on the individual's History tab.
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}/history`);
    await expect(page.locator('[data-testid="history-change"][data-section="controlled-functions"]')).toContainText('SMF3');

    // The fund's new sub-fund on the fund's History tab.
    await page.goto(`/fund/${SHOWCASE.umbrellaFundPrn}/history`);
    await expect(page.getByRole('navigation', { name: 'Fund’s pages' }).getByRole('link', { name: 'History', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[data-testid="history-change"][data-section="subfunds"]')).toContainText('After (added)');

    // A viewer reads the list and the inbox but manages nothing.
    const reader = await signedInPage(browser, portal.baseURL, viewer.user.email, viewer.password);
    await reader.goto(listUrl);
    await expect(reader.getByRole('table', { name: /Watched records/ })).toContainText(SHOWCASE.bankFrn);
    await expect(reader.getByRole('button', { name: 'Check now' })).toHaveCount(0);
    await expect(reader.getByLabel('FRNs, IRNs and PRNs')).toHaveCount(0);
    await reader.goto('/changes');
    await expect(reader.getByRole('table', { name: /Changes/ }).locator('tbody tr')).toHaveCount(expected.size);
    await expect(reader.getByRole('button', { name: 'Save' })).toHaveCount(0);
  } finally {
    for (const s of started.reverse()) await ('close' in s ? s.close() : s.stop()).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
