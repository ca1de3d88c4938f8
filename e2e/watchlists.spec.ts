import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { createLocalUser } from '@/lib/auth/user-admin';
import { issueToken } from '@/lib/tokens/token-admin';
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
// the Watch button, a baseline check, the register moved on three days, a second check started by
// a program through the watch API, and the inbox (at 1280 px: at least ten changes on the first
// screen, the page unscrolled, each in sentences) compared with what the sandbox says it changed, row by row in the API.
// The portal and sandbox are this spec's own: the sandbox's day moves, which must not reach the
// shared portal's other specs (nor its cache).

const WATCHED: Array<{ kind: EntityKind; ref: string }> = [
  { kind: 'firm', ref: SHOWCASE.bankFrn },
  { kind: 'firm', ref: SHOWCASE.networkPrincipalFrn },
  { kind: 'firm', ref: SHOWCASE.exceptionalInfoFrn },
  { kind: 'firm', ref: SHOWCASE.disciplinaryFrn },
  { kind: 'firm', ref: SHOWCASE.paymentInstitutionFrn },
  { kind: 'firm', ref: SHOWCASE.appointedRepresentativeFrn },
  { kind: 'individual', ref: SHOWCASE.bankIndividualIrn },
  { kind: 'individual', ref: SHOWCASE.prohibitedIrn },
  { kind: 'fund', ref: SHOWCASE.umbrellaFundPrn },
];
/** Register days between the two checks: the showcase records change on days 1, 2 and 3. */
const DAYS = 3;

type SandboxChange = { type: EntityKind; ref: string; section: string };

/** The sandbox's own list of what days 1..N changed on the watched records, as "ref slug" (mapped by each watch section's apiSection). */
async function sandboxChangeSet(sandbox: RunningSandbox, days: number): Promise<Set<string>> {
  const out = new Set<string>();
  for (let day = 1; day <= days; day++) {
    const res = await fetch(`${sandbox.origin}/__sandbox/changes?day=${day}&ref=${WATCHED.map((w) => w.ref).join(',')}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { changes: SandboxChange[] };
    for (const c of body.changes) {
      const section = WATCH_SECTIONS[c.type].find((s) => s.apiSection === c.section);
      expect(section, `the sandbox changed ${c.type} ${c.ref} ${c.section}, which no watch section reads`).toBeDefined();
      out.add(`${c.ref} ${section!.slug}`);
    }
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
  // Records never checked (the fund's page was seen, its lists are known): the estimate says the others' size is unknown until this first check.
  await expect(
    page.getByRole('status').filter({
      hasText: new RegExp(`Checking ${WATCHED.length} records: at least [\\d,]+ register requests \\(the size of (these|\\d+ of the) records is unknown until the first check`),
    }),
  ).toBeVisible();
  const progress = page.getByTestId('cycle-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-finished', 'true', { timeout: 240_000 });
  await expect(progress).toContainText(new RegExp(`Finished: ${WATCHED.length} checked; [\\d,]+ register requests spent\\.`));
  // A figure for the report, not an assertion: how long the cycle took at the background share.
  console.log(`[watchlists e2e] ${what}: ${(await progress.getByRole('status').innerText()).trim()} (${((Date.now() - startedAt) / 1000).toFixed(1)} s from the click)`);
}

/**
 * Rows of a table shown whole on the first screen: the page at its top, each row's bottom inside
 * the window. No box around the table scrolls up and down (every row is on the page), so the
 * window is the only thing that could hide a row.
 */
async function rowsOnFirstScreen(table: Locator): Promise<{ onScreen: number; innerScroll: boolean }> {
  return table.evaluate((el) => {
    window.scrollTo(0, 0);
    let innerScroll = false;
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const overflowY = getComputedStyle(box).overflowY;
      if ((overflowY === 'auto' || overflowY === 'scroll') && box.scrollHeight > box.clientHeight + 1) innerScroll = true;
    }
    const rows = [...el.querySelectorAll('tbody tr')].map((tr) => tr.getBoundingClientRect().bottom);
    return { onScreen: rows.filter((b) => b <= window.innerHeight).length, innerScroll };
  });
}

test('watch firms, individuals and a fund; three register days later the inbox and the watch API hold exactly the sandbox’s changes, in words', async ({ browser, playwright }) => {
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
    // A CRM's token for the watch API, and a token of another program that may not use it.
    const crm = await issueToken(handle.db, cli, { name: 'CRM onboarding', scopes: ['watch'] });
    const gatewayOnly = await issueToken(handle.db, cli, { name: 'Register client', scopes: ['register-api'] });
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
    const listId = listUrl.split('/').pop()!;
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

    // The firms and individuals by pasting (the bare numbers are looked up on the register).
    const pasted = WATCHED.filter((w) => w.kind !== 'fund').map((w) => w.ref);
    await paste.fill(`${pasted.slice(0, 3).join(', ')}\n${pasted.slice(3).join(' ')}`);
    await page.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added ${pasted.length} records.` })).toBeVisible();

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
    await expect(entries.getByText('Not checked yet')).toHaveCount(WATCHED.length);
    await expect(page.getByTestId('cycle-cost')).toContainText(/register requests .*, which take (about|at least) .+ at the background share of the budget/);

    // The first check is a silent baseline.
    await checkNow(page, 'baseline cycle');
    await expect(entries.getByText('Baseline taken')).toHaveCount(WATCHED.length);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('new-changes-link')).toHaveText('Changes');
    // The next check is estimated from what this one took.
    await page.reload();
    await expect(page.getByTestId('cycle-cost')).toContainText(/: about [\d,]+ register requests, which take about /);

    // The register moves on three days; a program starts the second check through the watch API.
    const advanced = await fetch(`${sandbox.origin}/__sandbox/advance?days=${DAYS}`, { method: 'POST' });
    expect(((await advanced.json()) as { day: number }).day).toBe(DAYS);
    const program = await playwright.request.newContext({ baseURL: portal.baseURL, extraHTTPHeaders: { 'X-API-Token': `${crm.token.id}.${crm.secret}` } });
    const asked = new Date().toISOString();
    const check = await program.post(`/api/watchlists/${listId}/check`);
    expect(check.status()).toBe(202);
    const { cycleId, progress } = (await check.json()) as { cycleId: string; progress: string };
    const checkStarted = Date.now();
    await expect.poll(async () => ((await (await program.get(progress)).json()) as { finished: boolean }).finished, { timeout: 240_000, intervals: [1000] }).toBe(true);
    console.log(
      `[watchlists e2e] day-${DAYS} cycle through the API: ${JSON.stringify(await (await program.get(`/api/watch/cycles/${cycleId}`)).json())} (${((Date.now() - checkStarted) / 1000).toFixed(1)} s)`,
    );
    const expected = await sandboxChangeSet(sandbox, DAYS);
    expect(expected.size).toBeGreaterThanOrEqual(10);

    // The inbox at 1280 px: every change, at least ten on the first screen with nothing scrolled, each in sentences.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(listUrl);
    await page.getByTestId('new-changes-link').click();
    await page.waitForURL(/\/changes\?state=new$/);
    const inbox = page.getByRole('table', { name: /New changes/ });
    await expect(inbox).toBeVisible();
    const rows = inbox.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    const found = new Set<string>();
    for (const row of await rows.all()) {
      found.add(`${await row.getByTestId('change-ref').innerText()} ${await row.locator('[data-section]').getAttribute('data-section')}`);
    }
    // What the register changed, exactly; besides it, a record's standing may change with it (a
    // section the portal derives, lib/watch/check-standing.ts), and only for a record whose status,
    // requirements, disciplinary history or roles the register changed in the same days.
    const standingRefs = [...found].filter((f) => f.endsWith(' standing')).map((f) => f.split(' ')[0]);
    expect(new Set([...found].filter((f) => !f.endsWith(' standing')))).toEqual(expected);
    const sourcesChanged = new Set([...expected].filter((e) => /\s(record|requirements|disciplinary-history|controlled-functions)$/.test(e)).map((e) => e.split(' ')[0]));
    for (const ref of standingRefs) expect(sourcesChanged, `a standing change of ${ref}`).toContain(ref);
    const total = expected.size + standingRefs.length;
    await expect(rows).toHaveCount(total);
    const shown = await rowsOnFirstScreen(inbox);
    console.log(`[watchlists e2e] the inbox at 1280×800: ${shown.onScreen} of ${total} changes (${standingRefs.length} of standing) whole on the first screen`);
    expect(shown.innerScroll, 'the inbox table sits in a box that scrolls up and down').toBe(false);
    expect(shown.onScreen).toBeGreaterThanOrEqual(10);
    const permissionRow = rows.filter({ has: page.locator('[data-section="permissions"]') }).filter({ hasText: SHOWCASE.bankFrn });
    await expect(permissionRow).toContainText(/Permission removed: \S/);
    await expect(rows.filter({ has: page.getByTestId('change-ref').getByText(SHOWCASE.bankIndividualIrn, { exact: true }) })).toContainText(
      'Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026',
    );
    await expect(inbox).not.toContainText(/rows? changed|\[\]|\{\}|\d{4}-\d{2}-\d{2}/);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByTestId('new-changes-link')).toHaveText(`Changes ${total} new`);

    // The e-mail: the high-severity changes went out when the cycle closed, and the digest an
    // administrator sends now carries the rest; together exactly the inbox's changes, each once.
    const inboxIds = new Set<string>();
    for (const row of await rows.all()) inboxIds.add((await row.getByTestId('change-link').getAttribute('href'))!.split('/').pop()!);
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
    expect(`${urgent.text}\n${digest.text}`).toContain('Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026');
    await adminPage.close();

    // Review one change: its form starts from the change as it is (New), then acknowledge it with a note.
    const permissionText = (await permissionRow.getByTestId('change-link').innerText()).trim();
    await permissionRow.getByRole('button', { name: /^Review:/ }).click();
    const review = page.getByRole('dialog', { name: 'Review the change' });
    await expect(review).toBeVisible();
    await expect(review.getByLabel('State', { exact: true })).toHaveValue('new');
    expect(await seriousViolations(page)).toEqual([]);
    const note = 'Expected: the bank told us it gave up this permission.';
    await review.getByLabel('State', { exact: true }).selectOption('acknowledged');
    await review.getByLabel('Assignee (e-mail)').fill('compliance@e2e.test');
    await review.getByLabel('Note', { exact: true }).fill(note);
    await review.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked acknowledged, assigned to compliance@e2e.test.' })).toBeVisible();
    await expect(page.getByTestId('new-changes-link')).toHaveText(`Changes ${total - 1} new`);

    // Acknowledge two more at once with one note: each audited on its own.
    await page.reload();
    const dh = rows.filter({ has: page.locator('[data-section="disciplinary-history"]') });
    await expect(dh).toHaveCount(2);
    for (const row of await dh.all()) await row.getByRole('checkbox').check();
    await page.getByLabel('Note for the selected').fill('Fines noted in the file.');
    await page.getByRole('button', { name: 'Acknowledge selected' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Marked 2 changes acknowledged, with the note.' })).toBeVisible();
    await expect(page.getByTestId('new-changes-link')).toHaveText(`Changes ${total - 3} new`);

    // The change's page: the title said once, each row in a sentence, before and after in words.
    await page.goto('/changes');
    await page
      .getByRole('table', { name: /Changes/ })
      .getByTestId('change-link')
      .filter({ hasText: permissionText })
      .click();
    await page.waitForURL(/\/changes\/[\w-]+$/, { timeout: 30_000 });
    const changeId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Permissions of Albion Crown Bank plc');
    await expect(page.getByTestId('change-rows')).toContainText(permissionText);
    await expect(page.getByTestId('change-fields').first()).toContainText('Permission');
    await expect(page.locator('main')).not.toContainText(/customerTypes|extra|other \{|\[\]|\{\}|services\/V0\.1|\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('change-check')).toContainText(/SHA-256 [0-9a-f]{64}/);
    expect(await seriousViolations(page)).toEqual([]);

    // The check the change links to: its SHA-256 verified against the stored JSON.
    await page.getByTestId('change-check').getByRole('link').click();
    await expect(page.getByText('✓ The stored JSON still has this hash.')).toBeVisible();

    const audit = await openMigratedDb({ dialect: 'sqlite', file: dbFile });
    try {
      const updates = await listAudit(audit.db, { action: 'watch.change.update' });
      const forChange = updates.filter((e) => e.detail?.change === changeId);
      expect(forChange).toHaveLength(1);
      expect(forChange[0]).toMatchObject({ userEmail: analyst.user.email, reference: SHOWCASE.bankFrn, outcome: 'success' });
      expect(forChange[0].detail).toMatchObject({ from: { state: 'new' }, to: { state: 'acknowledged', assignee: 'compliance@e2e.test', note } });
      expect(updates.filter((e) => e.detail?.bulk === true).map((e) => e.detail?.to)).toEqual([
        expect.objectContaining({ state: 'acknowledged', note: 'Fines noted in the file.' }),
        expect.objectContaining({ state: 'acknowledged', note: 'Fines noted in the file.' }),
      ]);
      const checks = await listAudit(audit.db, { action: 'watch.check-now' });
      expect(checks.map((e) => [e.userEmail, e.detail?.via ?? 'page'])).toEqual([
        ['token:CRM onboarding', 'api-token'],
        [analyst.user.email, 'page'],
      ]);
      expect((await verifyAuditChain(audit.db)).intact).toBe(true);
    } finally {
      await audit.close();
    }

    // The watch API: what changed since the program asked, the same changes as the inbox, in the same words.
    const since = (await (await program.get(`/api/changes?watchlist=${listId}&since=${asked}`)).json()) as {
      changes: Array<{ id: string; type: string; ref: string; section: string; state: string; summary: string; rows: Array<{ change: string; text: string }> }>;
      until: string;
      more: boolean;
    };
    expect(new Set(since.changes.map((c) => c.id))).toEqual(inboxIds);
    expect(since.more).toBe(false);
    const apiCf = since.changes.find((c) => c.ref === SHOWCASE.bankIndividualIrn)!;
    expect(apiCf).toMatchObject({ type: 'individual', section: 'CF', state: 'new' });
    expect(apiCf.rows).toEqual([expect.objectContaining({ change: 'ended', text: 'Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026' })]);
    expect(since.changes.find((c) => c.id === changeId)).toMatchObject({ section: 'Permissions', state: 'acknowledged', summary: permissionText });
    expect(((await (await program.get(`/api/changes?watchlist=${listId}&since=${since.until}`)).json()) as { changes: unknown[] }).changes).toEqual([]);
    // Bad input, each refused with what is wrong.
    const malformed = await program.post('/api/watchlists', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{"name": "CRM",}') });
    expect([malformed.status(), ((await malformed.json()) as { message: string }).message]).toEqual([400, expect.stringMatching(/^The body is not valid JSON: /)]);
    const many = await program.post(`/api/watchlists/${listId}/records`, { data: { references: Array.from({ length: 10_000 }, (_, i) => String(100000 + i)) } });
    expect([many.status(), await many.json()]).toEqual([400, { error: 'too-many', message: 'At most 2,000 references at a time (10,000 given): split the list.', limit: 2000 }]);
    expect((await program.post('/api/watchlists/00000000-0000-4000-8000-000000000000/records', { data: { references: ['200200'] } })).status()).toBe(404);
    const other = await playwright.request.newContext({ baseURL: portal.baseURL, extraHTTPHeaders: { 'X-AUTH-EMAIL': gatewayOnly.token.id, 'X-AUTH-KEY': gatewayOnly.secret } });
    const refused = await other.get('/api/changes');
    expect([refused.status(), await refused.json()]).toEqual([403, { error: 'forbidden', message: 'The API token "Register client" is not issued for the watch API.' }]);
    await other.dispose();
    await program.dispose();

    // History: the network's representatives, one ended and one added, in sentences with their fields.
    await page.goto(`/firm/${SHOWCASE.networkPrincipalFrn}/history`);
    await expect(page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'History', exact: true })).toHaveAttribute('aria-current', 'page');
    const arChange = page.locator('[data-testid="history-change"][data-section="appointed-representatives"]');
    await expect(arChange).toHaveCount(1);
    await expect(arChange.locator('[data-change="ended"]')).toContainText(/Appointed representative ended: .+ \(\d+\) on 31 Jan 2026/);
    await expect(arChange.locator('[data-change="ended"]').getByTestId('change-fields')).toContainText('Termination date (changed)');
    await expect(arChange.locator('[data-change="added"]')).toContainText(/Appointed representative added: .+ from 31 Jan 2026/);
    await expect(page.getByTestId('history-timeline')).toContainText(/Baseline: \d+ sections read/);
    expect(await seriousViolations(page)).toEqual([]);

    // The individual's ended function on the individual's History tab.
    await page.goto(`/individual/${SHOWCASE.bankIndividualIrn}/history`);
    await expect(page.locator('[data-testid="history-change"][data-section="controlled-functions"]')).toContainText(
      'Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026',
    );

    // The fund's sub-fund added on day 1 and the one closed on day 3, on the fund's History tab.
    await page.goto(`/fund/${SHOWCASE.umbrellaFundPrn}/history`);
    await expect(page.getByRole('navigation', { name: 'Fund’s pages' }).getByRole('link', { name: 'History', exact: true })).toHaveAttribute('aria-current', 'page');
    const subfunds = page.locator('[data-testid="history-change"][data-section="subfunds"]');
    await expect(subfunds).toContainText('Sub-fund added: ');
    await expect(subfunds).toContainText('Sub-fund no longer listed: ');

    // A viewer reads the list and the inbox but manages nothing, in the pages or through the API.
    const reader = await signedInPage(browser, portal.baseURL, viewer.user.email, viewer.password);
    await reader.goto(listUrl);
    await expect(reader.getByRole('table', { name: /Watched records/ })).toContainText(SHOWCASE.bankFrn);
    await expect(reader.getByRole('button', { name: 'Check now' })).toHaveCount(0);
    await expect(reader.getByLabel('FRNs, IRNs and PRNs')).toHaveCount(0);
    await reader.goto('/changes');
    await expect(reader.getByRole('table', { name: /Changes/ }).locator('tbody tr')).toHaveCount(total);
    await expect(reader.getByRole('button', { name: /^Review/ })).toHaveCount(0);
    await expect(reader.getByRole('button', { name: 'Acknowledge selected' })).toHaveCount(0);
    expect((await reader.request.get(`/api/changes?watchlist=${listId}`)).status()).toBe(200);
    const viewerWrite = await reader.request.post(`/api/changes/${changeId}/state`, { data: { state: 'escalated' } });
    expect([viewerWrite.status(), ((await viewerWrite.json()) as { error: string }).error]).toEqual([403, 'forbidden']);
  } finally {
    for (const s of started.reverse()) await ('close' in s ? s.close() : s.stop()).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
});
