import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT } from '@/sandbox/config';
import type { RunningSandbox } from '@/sandbox/server';
import { startTestSandbox } from '@/sandbox/test-helpers';
import { freePort, spawnProcess, waitUntilAnswers } from '@/test/spawned-process';

// `npm run worker` as its own process serves its own /metrics (WORKER_METRICS_PORT): the register
// calls it makes are counted there, not in the portal's. Same rules as the portal's endpoint.

const ROOT = path.resolve(__dirname, '..');
let sandbox: RunningSandbox;
let dataDir: string;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-worker-metrics-'));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the worker's /metrics", () => {
  it('answers a loopback scraper when allowed, in the Prometheus format, and stops with the worker', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      FSR_DATA_DIR: dataDir,
      FSR_API_BASE_URL: sandbox.baseUrl,
      FSR_API_EMAIL: DEFAULT_ACCOUNT.email,
      FSR_API_KEY: DEFAULT_ACCOUNT.key,
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'FSR_INSTANCE_ID']) delete env[name];
    const worker = spawnProcess(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: ROOT,
      env: { ...env, WORKER_METRICS_PORT: String(port), METRICS_ALLOW_LOOPBACK: 'true', WATCH_NIGHTLY: 'off' },
    });
    try {
      await waitUntilAnswers('The worker', worker, async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).status === 200, { timeoutMs: 30_000 });
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).text();
      expect(text).toMatch(/^fsr_register_429_received_total 0$/m);
      expect(text).toMatch(/^# TYPE fsr_background_jobs gauge$/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect(worker.output()).toContain(`Metrics: http://127.0.0.1:${port}/metrics`);
    } finally {
      await worker.stop();
    }
    expect(await worker.exited).toBe('0');
  });

  it('refuses an unusable WORKER_METRICS_PORT, naming it', async () => {
    const worker = spawnProcess(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
      cwd: ROOT,
      env: { ...process.env, FSR_DATA_DIR: dataDir, FSR_API_BASE_URL: sandbox.baseUrl, WORKER_METRICS_PORT: 'ninety' },
    });
    expect(await worker.exited).toBe('2');
    expect(worker.output()).toContain('WORKER_METRICS_PORT must be a port number from 1 to 65535');
  });
});
