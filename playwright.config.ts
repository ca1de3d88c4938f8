import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * End-to-end tests: Debian's Chromium against the portal's production build, started exactly as a
 * user starts it (`scripts/start.ts`: sandbox + first-run set-up + `next start`), on its own ports
 * and its own data directory so it never touches a developer's portal.
 */
const port = Number(process.env.E2E_PORT ?? 3110);
const sandboxPort = Number(process.env.E2E_SANDBOX_PORT ?? 4110);
// The shared portal e-mails watch notifications to a test SMTP server a spec starts on this port
// (e2e/support/test-smtp.ts); when none listens, the portal's mail jobs just wait and retry.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2025);
export const e2eDataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.e2e-data');
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /global\.setup\.ts/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /global\.setup\.ts/ },
  ],
  webServer: {
    // A fresh data directory each run: first-run set-up (secret, migrations, first admin) is part of what is tested.
    command: `rm -rf "${e2eDataDir}" && npx tsx scripts/start.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_LATENCY_MS: process.env.E2E_SANDBOX_LATENCY_MS ?? '20-120',
      FSR_DATA_DIR: e2eDataDir,
      FSR_ADMIN_EMAIL: 'admin@e2e.test',
      PORTAL_URL: baseURL,
      // One JSON line per request at info; the run's output keeps warnings and errors (E2E_LOG_LEVEL=info for every request).
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      WATCH_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      WATCH_MAIL_FROM: 'FSR Portal <portal@e2e.test>',
      WATCH_MAIL_TO: 'compliance@e2e.test, mlro@e2e.test',
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? '.next-test',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
