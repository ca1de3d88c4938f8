import { randomUUID } from 'node:crypto';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { isoNow } from '@/lib/db/clock';
import { openMigratedDb } from '@/lib/db/connect';
import type { ChangeSeverity, Db } from '@/lib/db/schema';
import { expect, test } from './support/signed-in';
import { sharedBaseURL, sharedPortal, storageStatePath } from './support/shared-portal';
import { startSharedPortalSmtp, type TestSmtpServer } from './support/test-smtp';

// The watch digest leaves the running portal by e-mail: changes recorded in the portal's database
// (as a watch cycle records them) reach the test SMTP server when an administrator sends the
// digest, with a link to each change on the portal, and the page reports it sent.

test.describe.configure({ mode: 'serial' });
test.use({ storageState: storageStatePath('admin') });

let smtp: TestSmtpServer;

test.beforeAll(async () => {
  smtp = await startSharedPortalSmtp();
});

test.afterAll(async () => {
  await smtp?.close();
});

async function withPortalDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** A list with one firm and a closed cycle that found three changes to it; returns the change ids by severity. */
async function recordChanges(): Promise<Record<ChangeSeverity, string>> {
  const run = randomUUID().slice(0, 8);
  const at = isoNow();
  const ids = { high: `e2e-${run}-high`, medium: `e2e-${run}-medium`, low: `e2e-${run}-low` };
  await withPortalDb(async (db) => {
    await db
      .insertInto('watchlists')
      .values({
        id: `wl-${run}`,
        name: `Digest e2e ${run}`,
        description: null,
        case_reference: null,
        owner_id: null,
        owner_email: 'admin2@e2e.test',
        sections: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('watchlist_entries')
      .values({ watchlist_id: `wl-${run}`, kind: 'firm', ref: '200200', name: 'Digest Bank plc', added_by: 'admin2@e2e.test', added_at: at })
      .execute();
    await db
      .insertInto('watch_cycles')
      .values({
        id: `cycle-${run}`,
        trigger: 'manual',
        scope: 'list',
        watchlist_id: `wl-${run}`,
        entity_kind: null,
        entity_ref: null,
        nightly_key: null,
        requested_by: 'admin2@e2e.test',
        created_at: at,
        finished_at: at,
        entity_count: 1,
        estimated_requests: 13,
      })
      .execute();
    const change = (severity: ChangeSeverity, section: string, summary: string) => ({
      id: ids[severity],
      check_id: `chk-${run}`,
      previous_check_id: `prev-${run}`,
      cycle_id: `cycle-${run}`,
      kind: 'firm' as const,
      ref: '200200',
      entity_name: 'Digest Bank plc',
      section,
      severity,
      summary,
      details: '[]',
      state: 'new' as const,
      assignee_email: null,
      note: null,
      detected_at: at,
      updated_at: at,
      updated_by: null,
    });
    await db
      .insertInto('watch_changes')
      .values([
        change('high', 'permissions', `Permission removed: Accepting deposits (${run})`),
        change('medium', 'names', `Trading name added: Digest Direct (${run})`),
        change('low', 'address', `Address changed (${run})`),
      ])
      .execute();
  });
  return ids;
}

test('an administrator sends the digest and it reaches the SMTP server with a link to every change', async ({ page }) => {
  const ids = await recordChanges();
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { name: 'Watch notifications', level: 1 })).toBeVisible();
  await expect(page.getByTestId('mail-status')).toHaveText('On');
  await expect(page.getByText('compliance@e2e.test, mlro@e2e.test')).toBeVisible();

  await page.getByRole('button', { name: 'Send the digest now' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('status')).toContainText('The digest is queued');

  const mail = await smtp.waitForMessage((m) => m.text.includes(ids.high), 30_000);
  // The principals' AR review reminders join the day's first digest when another spec left principals with reviews due.
  expect(mail.subject).toMatch(/^FSR Portal digest \d{1,2} \w{3} \d{4}: \d+ register changes \(\d+ high\)(, \d+ AR reviews? (overdue|due within 30 days).*)?$/);
  expect(mail.from).toBe('portal@e2e.test');
  expect(mail.envelope.to).toEqual(['compliance@e2e.test', 'mlro@e2e.test']);
  for (const id of Object.values(ids)) {
    expect(mail.text).toContain(`${sharedBaseURL}/changes/${id}`);
    expect(mail.html).toContain(`href="${sharedBaseURL}/changes/${id}"`);
  }
  expect(mail.text).toContain(`[HIGH] Permissions: Permission removed: Accepting deposits`);
  expect(mail.text.indexOf(ids.high)).toBeLessThan(mail.text.indexOf(ids.low));
  expect(mail.text).toContain(`${sharedBaseURL}/firm/200200`);

  // The page reports it sent; sending again sends nothing twice.
  await page.reload();
  await expect(page.getByTestId('notification-outcome').first()).toHaveText(/^Sent: \d+ changes( and \d+ AR review reminders?)?$/);
  const before = smtp.messages.length;
  await page.getByRole('button', { name: 'Send the digest now' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('status')).toContainText('The digest is queued');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('notification-outcome').first()).toHaveText('Done: nothing to send');
  }).toPass({ timeout: 30_000 });
  expect(smtp.messages.length).toBe(before);

  const audit = await withPortalDb((db) => db.selectFrom('audit_log').select(['action', 'user_email']).where('action', '=', 'watch.digest.send-now').execute());
  expect(audit.length).toBeGreaterThanOrEqual(2);
  expect(audit[0].user_email).toBe('admin2@e2e.test');
});

test('the notifications page passes axe and is refused to a viewer', async ({ page, browser }) => {
  await page.goto('/admin/notifications');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations).toEqual([]);

  const viewer = await browser.newContext({ storageState: storageStatePath('viewer'), baseURL: sharedBaseURL });
  const viewerPage = await viewer.newPage();
  const response = await viewerPage.goto('/admin/notifications');
  expect(response?.status()).toBe(403);
  await viewer.close();
});
