// The shared e2e portal started by playwright.config.ts (scripts/start.ts: sandbox + portal), and
// the staff accounts global.setup.ts creates in it. Page specs sign in through these saved
// sessions instead of typing credentials in every test.
import path from 'node:path';
import type { Role } from '@/lib/db/schema';

export const sharedPortal = {
  port: Number(process.env.E2E_PORT ?? 3110),
  sandboxPort: Number(process.env.E2E_SANDBOX_PORT ?? 4110),
  /** Where the shared portal sends watch e-mail (playwright.config.ts: WATCH_SMTP_URL); e2e/support/test-smtp.ts listens there. */
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 3110) + 2025),
  dataDir: path.resolve(process.env.E2E_DATA_DIR ?? '.e2e-data'),
};

export const sharedBaseURL = `http://127.0.0.1:${sharedPortal.port}`;
export const sandboxOrigin = `http://127.0.0.1:${sharedPortal.sandboxPort}`;

export const staffAccounts: Record<Role, string> = {
  viewer: 'viewer@e2e.test',
  analyst: 'analyst@e2e.test',
  admin: 'admin2@e2e.test',
};

/** Where the signed-in browser state of a role is saved by global.setup.ts. */
export function storageStatePath(role: Role): string {
  return path.join(sharedPortal.dataDir, `storage-${role}.json`);
}

/** Passwords of the staff accounts, written by global.setup.ts (the data directory is per run). */
export function accountsFile(): string {
  return path.join(sharedPortal.dataDir, 'accounts.json');
}
