// Starts a production portal (`next start` on a prebuilt dist dir) of its own, with its own data
// directory and whatever environment a spec needs (SSO settings, throttling), on a free port.
// Specs about sign-in use it so their accounts, lockouts and revocations never touch the shared
// e2e portal; the SSO spec needs it because the provider settings are read at start.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureFirstAdmin } from '@/lib/auth/first-admin';
import { type AdminActor, createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import type { Db, Role } from '@/lib/db/schema';

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The production build to serve: E2E_AUTH_DIST_DIR, else NEXT_DIST_DIR, else the e2e build (.next-test). */
export function distDir(): string {
  return process.env.E2E_AUTH_DIST_DIR || process.env.NEXT_DIST_DIR || '.next-test';
}

const CLI_ACTOR: AdminActor = { id: null, email: 'cli:e2e', via: 'cli' };

export async function startPortal(options: { env?: Record<string, string>; port?: number } = {}): Promise<PortalInstance> {
  const dist = distDir();
  if (!existsSync(path.join(ROOT, dist, 'BUILD_ID'))) {
    throw new Error(`No production build in ${dist}/: build it first with \`NEXT_DIST_DIR=${dist} npx next build\`.`);
  }
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
      const res = await fetch(`${baseURL}/login`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The portal did not answer within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

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
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
