import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/csp-guard';
import { createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import { SHOWCASE } from '../sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { signIn } from './support/auth-fixtures';
import { type EvidencePortal, startEvidencePortal } from './support/evidence-portal';

// Backup and restore as an operator does it (docs/backup.md): `npm run backup` while the portal
// serves people, `npm run restore` into a fresh data folder, a portal started on that folder; the
// saved evidence reopens with the same hash and the audit chain verifies on the restored portal.

const ROOT = path.resolve(__dirname, '..');
const FIRM = SHOWCASE.paymentInstitutionFrn;

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
    delete childEnv.DATABASE_URL;
    execFile(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: childEnv }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

async function signedInPage(browser: Browser, baseURL: string, email: string, password: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await signIn(page, email, password);
  return page;
}

test('a backup taken while the portal runs restores into a fresh folder: evidence reopens with its hash, the audit chain verifies', async ({ browser }) => {
  test.setTimeout(240_000);
  const liveDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-backup-live-'));
  const restoredDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-backup-restored-'));
  const backupRoot = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-backups-'));
  const backupDir = path.join(backupRoot, 'nightly');
  const started: Array<RunningSandbox | EvidencePortal> = [];
  try {
    const cli = { id: null, email: 'cli:e2e-backup', via: 'cli' as const };
    const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(liveDir, 'portal.db') });
    const analyst = await createLocalUser(handle.db, cli, { email: 'analyst@backup-e2e.test', role: 'analyst' });
    const admin = await createLocalUser(handle.db, cli, { email: 'admin@backup-e2e.test', role: 'admin' });
    await handle.close();

    const sandbox = await startSandbox({ port: 0, latency: { min: 5, max: 30 } });
    started.push(sandbox);
    const live = await startEvidencePortal({ dataDir: liveDir, secret: randomBytes(32).toString('base64url'), sandbox });
    started.push(live);

    const page = await signedInPage(browser, live.baseURL, analyst.user.email, analyst.password);
    await page.goto(`/firm/${FIRM}/report?case=BACKUP-E2E`, { waitUntil: 'commit' });
    await expect(page.getByTestId('report-stamp')).toBeVisible({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Save as evidence' }).click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
    const snapshotPath = new URL(page.url()).pathname;
    const hash = (await page.getByTestId('snapshot-sha256').innerText()).trim();
    const shown = await page.getByTestId('firm-report').innerText();

    // The backup runs while the portal serves pages (each one writes its audit entry).
    let browsing = true;
    let served = 0;
    const traffic = (async () => {
      while (browsing) {
        const res = await page.request.get(`/firm/${FIRM}`);
        expect(res.status()).toBe(200);
        served += 1;
      }
    })();
    const backup = await runScript('backup.ts', ['--out', backupDir], { FSR_DATA_DIR: liveDir });
    browsing = false;
    await traffic;
    expect(backup.output).toContain('integrity check: ok');
    expect(backup.output).toMatch(/audit chain: intact, [\d,]+ entries/);
    expect(backup.output).toContain('evidence snapshots: 1, 1 verify against their SHA-256');
    expect(backup.code, backup.output).toBe(0);
    expect(served).toBeGreaterThan(0);

    const restore = await runScript('restore.ts', ['--from', backupDir], { FSR_DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    expect(restore.output).toContain('SHA-256 matches its manifest');

    // A portal on the restored folder, with a sign-in secret of its own (the backup holds none).
    await live.stop();
    const restored = await startEvidencePortal({ dataDir: restoredDir, secret: randomBytes(32).toString('base64url'), sandbox });
    started.push(restored);
    const again = await signedInPage(browser, restored.baseURL, analyst.user.email, analyst.password);
    await again.goto(snapshotPath);
    await expect(again.getByTestId('snapshot-sha256')).toHaveText(hash);
    await expect(again.getByTestId('snapshot-integrity')).toHaveText(/^Verified/);
    expect(await again.getByTestId('firm-report').innerText()).toBe(shown);

    const auditor = await signedInPage(browser, restored.baseURL, admin.user.email, admin.password);
    await auditor.goto('/admin/audit');
    await auditor.getByTestId('verify-chain-link').click();
    await expect(auditor.getByRole('heading', { level: 1 })).toHaveText('Audit chain verification');
    await expect(auditor.getByTestId('audit-chain-status')).toContainText('Intact');
    await expect(auditor.getByTestId('audit-chain-summary')).toHaveText(/^intact: [\d,]+ entries \(positions 1-\d+\); head hash [0-9a-f]{64}$/);
  } finally {
    for (const s of started.reverse()) await ('close' in s ? s.close() : s.stop()).catch(() => undefined);
    for (const d of [liveDir, restoredDir, backupRoot]) rmSync(d, { recursive: true, force: true });
  }
});
