import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, signIn, test } from './support/auth-fixtures';

// Ready means able to write (issue 23): a portal of its own whose SQLite file stops taking writes
// while it runs. The test makes the database file and its WAL immutable with `chattr +i`: the
// tests run as root, whom file modes do not stop, but the immutable flag stops every writer, root
// included, on the descriptors SQLite already holds open, exactly as a disk gone read-only does
// (SQLite answers SQLITE_IOERR_WRITE; reads go on). The -shm file is left alone: SQLite maps it
// into memory, and an immutable mapping would kill the process instead of failing its writes.

function immutable(files: string[], on: boolean): void {
  execFileSync('chattr', [on ? '+i' : '-i', ...files]);
}

test('503 and recovery on an unwritable database', async ({ page, portal, request }) => {
  test.setTimeout(90_000);
  await signIn(page, portal.admin.email, portal.admin.password);
  expect((await request.get(`${portal.baseURL}/api/ready`)).status()).toBe(200);

  const db = path.join(portal.dataDir, 'portal.db');
  const files = [db, `${db}-wal`].filter((f) => existsSync(f));
  immutable(files, true);
  try {
    // Readiness proves a write, so it is the first to know: not ready, in words.
    const ready = await request.get(`${portal.baseURL}/api/ready`);
    expect(ready.status()).toBe(503);
    expect((await ready.json()).components.database).toEqual({
      status: 'down',
      message: 'SQLite does not take writes (read-only, full or failing storage, or unreachable): pages answer 503 until it does.',
    });
    // A page: 503 with a plain message, not a 500.
    const pageAnswer = await page.goto('/');
    expect(pageAnswer?.status()).toBe(503);
    expect(pageAnswer?.headers()['retry-after']).toBe('30');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('FSR Portal is temporarily unavailable');
    await expect(page.getByRole('main')).toContainText('comes back by itself as soon as the database takes writes again');
    // A bulk handler: JSON with the message, not an empty 500.
    const bulk = await page.request.post('/api/bulk/estimate', { multipart: { text: '200200', mode: 'status' } });
    expect(bulk.status()).toBe(503);
    expect(await bulk.json()).toEqual({ error: 'database-unavailable', message: expect.stringContaining('cannot save to its database') });
    // Liveness is not readiness: the process is alive and says so.
    expect((await request.get(`${portal.baseURL}/api/health`)).status()).toBe(200);
  } finally {
    immutable(files, false);
  }

  // Writable again: the next requests are served without a restart.
  await expect.poll(async () => (await page.goto('/'))?.status(), { timeout: 15_000, intervals: [500] }).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('FSR Portal is temporarily unavailable');
  expect((await request.get(`${portal.baseURL}/api/ready`)).status()).toBe(200);
  expect(portal.output()).toContain('the database cannot store anything');
  expect(portal.output()).toContain('the database takes writes again');
});
