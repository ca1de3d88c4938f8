// A production portal on a data directory the spec chooses, wired to a sandbox the spec started:
// two of these on one directory (one database) and two sandboxes with different seeds let a spec
// save evidence through one portal and reopen it through the other, whose register answers
// differently. In the style of portal-instance.ts, which always makes a fresh directory.
import { freePort, httpAnswers, spawnNextStart, waitUntilAnswers } from '@/test/spawned-process';
import type { RunningSandbox } from '../../sandbox/server';
import { builtDistDir } from './portal-instance';

export interface EvidencePortal {
  baseURL: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startEvidencePortal(options: { dataDir: string; secret: string; sandbox: RunningSandbox; env?: Record<string, string> }): Promise<EvidencePortal> {
  const dist = builtDistDir();
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

  const portal = spawnNextStart(port, env, { detached: true });
  await waitUntilAnswers(
    'The portal',
    portal,
    httpAnswers(`${baseURL}/api/health`, (status) => status < 500),
    { timeoutMs: 60_000 },
  );

  return {
    baseURL,
    output: portal.output,
    stop: () => portal.stop(),
  };
}
