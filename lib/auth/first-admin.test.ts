import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { findUserForPasswordCheck, listUsers } from '@/lib/db/queries/users';
import { createSqliteTestDb, forEachDialect, postgresStatus } from '@/test/db-harness';
import { ensureFirstAdmin } from './first-admin';
import { verifyPassword } from './password';

const pg = await postgresStatus();

forEachDialect('first admin', pg, (db, _dialect, handle) => {
  it('creates one admin with a generated password on an empty database, once', async () => {
    const first = await ensureFirstAdmin({ handle: handle(), env: {} });
    expect(first.created).toBe(true);
    if (!first.created) return;
    expect(first.email).toBe('admin@localhost');
    expect(first.password).toMatch(/^[\w]{5}(-[\w]{5}){3}$/);
    const stored = await findUserForPasswordCheck(db(), 'admin@localhost');
    expect(stored?.user).toMatchObject({ role: 'admin', authProvider: 'local', disabled: false });
    expect(await verifyPassword(first.password, stored!.passwordHash!)).toBe(true);
    expect((await listAudit(db(), { action: 'admin.user.create' }))[0]).toMatchObject({ userEmail: 'system:first-run', reference: 'admin@localhost' });
    expect(await ensureFirstAdmin({ handle: handle(), env: {} })).toEqual({ created: false });
    expect((await listUsers(db())).length).toBe(1);
  });
});

it('uses FSR_ADMIN_EMAIL, and two instances starting together create one admin between them', async () => {
  const t = await createSqliteTestDb();
  try {
    const results = await Promise.all([
      ensureFirstAdmin({ handle: t.handle, env: { FSR_ADMIN_EMAIL: 'Ops@Corp.example' } }),
      ensureFirstAdmin({ handle: t.handle, env: { FSR_ADMIN_EMAIL: 'Ops@Corp.example' } }),
    ]);
    expect(results.filter((r) => r.created).length).toBe(1);
    expect((await listUsers(t.handle.db)).map((u) => u.email)).toEqual(['ops@corp.example']);
  } finally {
    await t.cleanup();
  }
});
