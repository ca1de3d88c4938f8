import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, getDb, getDbHandle } from '@/lib/db/client';
import { listAudit } from '@/lib/db/queries/audit';
import { recordAudit } from './record';

// recordAudit() and getDb() as pages use them: the process-wide database from the environment.
let dir: string;
const saved = { dataDir: process.env.FSR_DATA_DIR, url: process.env.DATABASE_URL };
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fsr-record-'));
  process.env.FSR_DATA_DIR = dir;
  delete process.env.DATABASE_URL;
});
afterAll(async () => {
  await closeDb();
  process.env.FSR_DATA_DIR = saved.dataDir;
  if (saved.url) process.env.DATABASE_URL = saved.url;
  rmSync(dir, { recursive: true, force: true });
});

it('opens one migrated database for the process, in FSR_DATA_DIR', async () => {
  const [a, b] = await Promise.all([getDbHandle(), getDbHandle()]);
  expect(a).toBe(b);
  expect(a.location).toBe(`sqlite:${path.join(dir, 'portal.db')}`);
});

it('appends an entry for the signed-in user with success as the default outcome', async () => {
  const user = { id: 'u-1', email: 'ann@example.com' };
  const id = await recordAudit({ action: 'firm.view', user, reference: '122702', detail: { section: 'permissions' } });
  await recordAudit({ action: 'search', user: null, outcome: 'failure', detail: { q: 'x' } });
  const [search, view] = await listAudit(await getDb());
  expect(view).toMatchObject({ id, action: 'firm.view', userId: 'u-1', userEmail: 'ann@example.com', reference: '122702', outcome: 'success', detail: { section: 'permissions' } });
  expect(search).toMatchObject({ action: 'search', userId: null, outcome: 'failure' });
});

it('reopens after closeDb()', async () => {
  await closeDb();
  expect((await listAudit(await getDb())).length).toBe(2);
});
