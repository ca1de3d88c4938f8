// Starts a production portal (`next start` on a prebuilt dist dir) of its own, with its own data
// directory and whatever environment a spec needs (SSO settings, throttling), on a free port.
// Specs about sign-in use it so their accounts, lockouts and revocations never touch the shared
// e2e portal; the SSO spec needs it because the provider settings are read at start.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureFirstAdmin } from '@/lib/auth/first-admin';
import { type AdminActor, createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import type { Db, Role } from '@/lib/db/schema';
import { freePort, httpAnswers, spawnNextStart, waitUntilAnswers } from '@/test/spawned-process';

export { freePort };

const ROOT = path.resolve(__dirname, '..', '..');

export interface PortalInstance {
  baseURL: string;
  dataDir: string;
  admin: { email: string; password: string };
  /** Creates a local account directly in the portal's database; returns its one-time password. */
  createUser(email: string, role: Role): Promise<{ email: string; password: string }>;
  /** Runs a function against the portal's database (the same file the server uses). */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  output(): string;
  stop(): Promise<void>;
}

/** The production build to serve: E2E_AUTH_DIST_DIR, else NEXT_DIST_DIR, else the e2e build (.next-test). */
export function distDir(): string {
  return process.env.E2E_AUTH_DIST_DIR || process.env.NEXT_DIST_DIR || '.next-test';
}

/** The build to serve, refusing clearly when there is none. */
export function builtDistDir(): string {
  const dist = distDir();
  if (!existsSync(path.join(ROOT, dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: build it first with \`NEXT_DIST_DIR=${dist} npx next build\`.`);
  }
  return dist;
}

const CLI_ACTOR: AdminActor = { id: null, email: 'cli:e2e', via: 'cli' };

export async function startPortal(options: { env?: Record<string, string>; port?: number } = {}): Promise<PortalInstance> {
  const dist = builtDistDir();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fsr-e2e-auth-'));
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: dist,
    NEXT_TELEMETRY_DISABLED: '1',
    FSR_DATA_DIR: dataDir,
    NEXTAUTH_URL: baseURL,
    NEXTAUTH_SECRET: randomBytes(32).toString('base64url'),
    ...options.env,
  };
  delete env.DATABASE_URL;

  // First-run set-up as `npm start` does it: schema, first admin (password printed once, kept here).
  const dbConfig = { dialect: 'sqlite' as const, file: path.join(dataDir, 'portal.db') };
  const setup = await openMigratedDb(dbConfig);
  const first = await ensureFirstAdmin({ handle: setup, env: { FSR_ADMIN_EMAIL: 'admin@auth-e2e.test' } });
  await setup.close();
  if (!first.created) throw new Error('The fresh e2e database already had users.');

  const portal = spawnNextStart(port, env, { detached: true });
  await waitUntilAnswers(
    'The portal',
    portal,
    httpAnswers(`${baseURL}/login`, (status) => status >= 200 && status < 300),
    { timeoutMs: 60_000 },
  );

  async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    const handle = await openMigratedDb(dbConfig);
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }

  return {
    baseURL,
    dataDir,
    admin: { email: first.email, password: first.password },
    createUser: (email, role) =>
      withDb(async (db) => {
        const { user, password } = await createLocalUser(db, CLI_ACTOR, { email, role });
        return { email: user.email, password };
      }),
    withDb,
    output: portal.output,
    async stop() {
      await portal.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
