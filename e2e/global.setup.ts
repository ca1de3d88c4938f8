import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test as setup, expect } from './support/csp-guard';
import { createLocalUser } from '@/lib/auth/user-admin';
import { openMigratedDb } from '@/lib/db/connect';
import type { Role } from '@/lib/db/schema';
import { accountsFile, sharedPortal, staffAccounts, storageStatePath } from './support/shared-portal';

// Runs once, after the shared portal is up: one account per role in its database, each signed in
// through the real sign-in form, and the browser state saved for the specs.
setup('create one staff account per role and sign each in', async ({ browser, baseURL }) => {
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  const passwords: Partial<Record<Role, string>> = {};
  try {
    for (const [role, email] of Object.entries(staffAccounts) as [Role, string][]) {
      const { password } = await createLocalUser(handle.db, { id: null, email: 'cli:e2e-setup', via: 'cli' }, { email, role, name: `E2E ${role}` });
      passwords[role] = password;
    }
  } finally {
    await handle.close();
  }
  writeFileSync(accountsFile(), JSON.stringify(passwords), { mode: 0o600 });

  for (const [role, email] of Object.entries(staffAccounts) as [Role, string][]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill(passwords[role]!);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByTestId('register-marker')).toHaveText(/Sandbox register/);
    await context.storageState({ path: storageStatePath(role) });
    await context.close();
  }
});
