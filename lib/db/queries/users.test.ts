import { describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import {
  countActiveAdmins,
  countUsers,
  createUser,
  findUserByEmail,
  findUserById,
  findUserForPasswordCheck,
  listUsers,
  normalizeEmail,
  parseRole,
  recordUserSignIn,
  revokeUserSessions,
  setUserDisabled,
  setUserPasswordHash,
  setUserRole,
  upgradeUserPasswordHash,
  upsertSsoUser,
} from './users';

const pg = await postgresStatus();

describe('normalizeEmail / parseRole', () => {
  it('trims and lower-cases addresses, and names a bad one', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(normalizeEmail('admin@localhost')).toBe('admin@localhost');
    expect(() => normalizeEmail('jane')).toThrow('"jane" is not an e-mail address.');
    expect(() => normalizeEmail('a b@c')).toThrow(/not an e-mail address/);
  });
  it('accepts the three roles in any case and lists them when refusing', () => {
    expect(parseRole('Admin')).toBe('admin');
    expect(() => parseRole('owner')).toThrow('Unknown role "owner": use one of viewer, analyst, admin.');
  });
});

forEachDialect('users queries', pg, (db) => {
  it('creates a user and finds it by id and by e-mail in any letter case', async () => {
    const u = await createUser(db(), { email: 'Ann@Example.com', role: 'analyst', passwordHash: 'h', authProvider: 'local' });
    expect(u).toMatchObject({
      email: 'ann@example.com',
      name: 'ann',
      role: 'analyst',
      hasPassword: true,
      disabled: false,
      sessionVersion: 1,
      authProvider: 'local',
      lastSignInAt: null,
    });
    expect(await findUserById(db(), u.id)).toEqual(u);
    expect(await findUserByEmail(db(), 'ANN@example.COM')).toEqual(u);
    expect((await findUserForPasswordCheck(db(), 'ann@example.com'))?.passwordHash).toBe('h');
    expect(await findUserById(db(), 'no-such-id')).toBeNull();
  });

  it('refuses a second account for the same address in another letter case', async () => {
    await createUser(db(), { email: 'bob@example.com', role: 'viewer', passwordHash: null, authProvider: 'sso' });
    await expect(createUser(db(), { email: 'BOB@example.com', role: 'viewer', passwordHash: null, authProvider: 'sso' })).rejects.toThrow(
      'A user with e-mail bob@example.com already exists.',
    );
  });

  it('changes roles, disables (revoking sessions), re-enables (revoking again), and resets passwords', async () => {
    const u = await createUser(db(), { email: 'carol@example.com', role: 'viewer', passwordHash: 'old', authProvider: 'local' });
    const promoted = await setUserRole(db(), u.id, 'admin');
    expect(promoted?.role).toBe('admin');
    expect(promoted?.sessionVersion).toBe(1);
    const disabled = await setUserDisabled(db(), u.id, true);
    expect(disabled).toMatchObject({ disabled: true, sessionVersion: 2 });
    const enabled = await setUserDisabled(db(), u.id, false);
    expect(enabled).toMatchObject({ disabled: false, sessionVersion: 3 });
    const reset = await setUserPasswordHash(db(), u.id, 'new');
    expect(reset?.sessionVersion).toBe(4);
    expect((await findUserForPasswordCheck(db(), u.email))?.passwordHash).toBe('new');
    const upgraded = await upgradeUserPasswordHash(db(), u.id, 'newer');
    expect(upgraded?.sessionVersion).toBe(4);
    const revoked = await revokeUserSessions(db(), u.id);
    expect(revoked?.sessionVersion).toBe(5);
    expect(revoked!.updatedAt >= u.updatedAt).toBe(true);
    await recordUserSignIn(db(), u.id, '2030-01-01T00:00:00.000Z');
    expect((await findUserById(db(), u.id))?.lastSignInAt).toBe('2030-01-01T00:00:00.000Z');
    expect(await setUserRole(db(), 'missing', 'viewer')).toBeNull();
  });

  it('counts users and active admins, and lists by e-mail', async () => {
    const before = await countUsers(db());
    const admins = await countActiveAdmins(db());
    const a = await createUser(db(), { email: 'zed-admin@example.com', role: 'admin', passwordHash: 'h', authProvider: 'local' });
    expect(await countUsers(db())).toBe(before + 1);
    expect(await countActiveAdmins(db())).toBe(admins + 1);
    await setUserDisabled(db(), a.id, true);
    expect(await countActiveAdmins(db())).toBe(admins);
    const emails = (await listUsers(db())).map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('upserts SSO users: creates with the mapped or default role, then follows the mapping', async () => {
    const created = await upsertSsoUser(db(), {
      email: 'Dee@Corp.example',
      name: 'Dee Dee',
      provider: 'oidc',
      defaultRole: 'viewer',
    });
    expect(created).toMatchObject({ email: 'dee@corp.example', name: 'Dee Dee', role: 'viewer', authProvider: 'oidc', hasPassword: false });
    // Without a mapped role an admin's choice stands.
    await setUserRole(db(), created.id, 'analyst');
    const again = await upsertSsoUser(db(), { email: 'dee@corp.example', name: 'Dee Dee', provider: 'oidc', defaultRole: 'viewer' });
    expect(again.role).toBe('analyst');
    // A mapped role is authoritative.
    const mapped = await upsertSsoUser(db(), { email: 'dee@corp.example', name: 'Dee D.', provider: 'oidc', mappedRole: 'admin', defaultRole: 'viewer' });
    expect(mapped).toMatchObject({ id: created.id, role: 'admin', name: 'Dee D.' });
  });

  it('lets an invited account take the provider it first signs in with, and keeps local accounts local', async () => {
    const invited = await createUser(db(), { email: 'eve@example.com', role: 'analyst', passwordHash: null, authProvider: 'sso' });
    const signedIn = await upsertSsoUser(db(), { email: 'eve@example.com', provider: 'azure-ad', defaultRole: 'viewer' });
    expect(signedIn).toMatchObject({ id: invited.id, role: 'analyst', authProvider: 'azure-ad' });
    await createUser(db(), { email: 'fay@example.com', role: 'viewer', passwordHash: 'h', authProvider: 'local' });
    const local = await upsertSsoUser(db(), { email: 'fay@example.com', provider: 'okta', defaultRole: 'viewer' });
    expect(local.authProvider).toBe('local');
  });
});
