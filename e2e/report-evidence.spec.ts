import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import { NETWORK_CURRENT_ARS } from '../sandbox/dataset/showcase-records';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { signIn } from './support/auth-fixtures';
import { type EvidencePortal, startEvidencePortal } from './support/evidence-portal';

// Proof that evidence is evidence: a report saved through a portal whose register says one thing
// reopens unchanged through a second portal (same database) whose register, started with another
// seed, says something else. Both portals and sandboxes are this spec's own, so the first report
// starts with a cold cache and its progress indicator must show.

const NETWORK = SHOWCASE.networkPrincipalFrn;
const ACCOUNT = { 'X-AUTH-EMAIL': 'sandbox@example.com', 'X-AUTH-KEY': 'sandbox-key' };

/** Names of the current appointed representatives on the register's first AR page, straight from a sandbox. */
async function firstPageArNames(sandbox: RunningSandbox): Promise<string[]> {
  const body = (await (await fetch(`${sandbox.baseUrl}/Firm/${NETWORK}/AR`, { headers: ACCOUNT })).json()) as {
    Data: { CurrentAppointedRepresentatives: { Name: string }[] };
  };
  return body.Data.CurrentAppointedRepresentatives.map((r) => r.Name);
}

async function signedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test('a saved snapshot reopens identically after the register answers differently', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-evidence-'));
  const secret = randomBytes(32).toString('base64url');
  const started: Array<RunningSandbox | EvidencePortal> = [];
  const stopAll = async () => {
    // Some were stopped on purpose mid-test; stopping them again is harmless.
    for (const s of started.reverse()) await ('close' in s ? s.close() : s.stop()).catch(() => undefined);
  };
  try {
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') });
    const { user, password } = await createLocalUser(handle.db, { id: null, email: 'cli:e2e-evidence', via: 'cli' }, { email: 'evidence@e2e.test', role: 'analyst' });
    await handle.close();

    // The register as it is today (the default seed), with live-like latency and its real rate limit.
    const sandboxA = await startSandbox({ port: 0, latency: { min: 20, max: 80 } });
    started.push(sandboxA);
    const portalA = await startEvidencePortal({ dataDir, secret, sandbox: sandboxA });
    started.push(portalA);

    const pageA = await signedInPage(browser, portalA.baseURL, user.email, password);
    // The document streams until the report is complete, so wait for the first bytes only.
    await pageA.goto(`/firm/${NETWORK}/report?case=SEED-PROOF`, { waitUntil: 'commit' });
    // Cold cache: the report streams its progress while it reads ~130 register pages.
    await expect(pageA.getByTestId('report-progress').first()).toBeVisible({ timeout: 15_000 });
    await expect(pageA.getByTestId('report-stamp')).toBeVisible({ timeout: 150_000 });
    await expect(pageA.locator('#ar-current tbody tr')).toHaveCount(NETWORK_CURRENT_ARS);
    const shown = await pageA.getByTestId('firm-report').innerText();
    await pageA.getByRole('button', { name: 'Save as evidence' }).click();
    await pageA.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const snapshotPath = new URL(pageA.url()).pathname;
    const hash = (await pageA.getByTestId('snapshot-sha256').innerText()).trim();
    expect(await pageA.getByTestId('firm-report').innerText()).toBe(shown);

    // The same register with another seed: the network's representatives now have other names.
    const sandboxB = await startSandbox({ port: 0, seed: 'evidence-other-seed', latency: { min: 20, max: 80 } });
    started.push(sandboxB);
    const namesA = await firstPageArNames(sandboxA);
    const namesB = await firstPageArNames(sandboxB);
    expect(namesA.length).toBeGreaterThan(5);
    expect(namesB).not.toEqual(namesA);
    // A representative on the new register's first page that the saved report never mentions.
    const fresh = namesB.find((n) => !namesA.includes(n) && !shown.includes(n));
    expect(fresh, 'a name only the second register knows').toBeDefined();

    // Nothing can come from the first register or the first portal's cache any more.
    await portalA.stop();
    await sandboxA.close();
    const portalB = await startEvidencePortal({ dataDir, secret, sandbox: sandboxB });
    started.push(portalB);
    const pageB = await signedInPage(browser, portalB.baseURL, user.email, password);

    // Live data through the second portal is different…
    await pageB.goto(`/firm/${NETWORK}/appointed-representatives`);
    await expect(pageB.getByRole('table', { name: /Current appointed representatives/ })).toContainText(fresh!, { timeout: 60_000 });

    // …and the snapshot is exactly what was saved, with the same hash, still verifying.
    await pageB.goto(snapshotPath);
    await expect(pageB.getByTestId('snapshot-banner')).toContainText('not live register data');
    await expect(pageB.getByTestId('snapshot-sha256')).toHaveText(hash);
    await expect(pageB.getByTestId('snapshot-integrity')).toHaveText(/^Verified/);
    expect(await pageB.getByTestId('firm-report').innerText()).toBe(shown);
    await expect(pageB.getByTestId('stamp-case')).toHaveText('SEED-PROOF');
    for (const name of namesA.slice(1, 4)) await expect(pageB.locator('#ar-current')).toContainText(name);
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
