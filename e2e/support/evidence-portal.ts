// A production portal on a data directory the spec chooses, wired to a sandbox the spec started:
// two of these on one directory (one database) and two sandboxes with different seeds let a spec
// save evidence through one portal and reopen it through the other, whose register answers
// differently. In the style of portal-instance.ts, which always makes a fresh directory.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RunningSandbox } from '../../sandbox/server';
import { distDir, freePort } from './portal-instance';

const ROOT = path.resolve(__dirname, '..', '..');

export interface EvidencePortal {
  baseURL: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startEvidencePortal(options: { dataDir: string; secret: string; sandbox: RunningSandbox; env?: Record<string, string> }): Promise<EvidencePortal> {
  const dist = distDir();
  if (!existsSync(path.join(ROOT, dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: build it first with \`NEXT_DIST_DIR=${dist} npx next build\`.`);
  }
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const { hostname, port: sandboxPort } = new URL(options.sandbox.origin);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: dist,
    NEXT_TELEMETRY_DISABLED: '1',
    FSR_DATA_DIR: options.dataDir,
    NEXTAUTH_URL: baseURL,
    NEXTAUTH_SECRET: options.secret,
    SANDBOX_HOST: hostname,
    SANDBOX_PORT: sandboxPort,
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.FSR_API_BASE_URL;
  delete env.FSR_API_KEY;

  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(port), '-H', '127.0.0.1'],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited during start-up:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The portal did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseURL,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
    },
  };
}
