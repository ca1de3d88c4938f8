import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { createUser, findUserForPasswordCheck } from '@/lib/db/queries/users';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { verifyPassword } from './password';
import { type AdminActor, changeUserRole, createLocalUser, inviteSsoUser, resetUserPassword, revokeAllSessions, setUserEnabled } from './user-admin';

const pg = await postgresStatus();

forEachDialect('user administration', pg, (db) => {
  let admin: AdminActor;

  it('creates a local account whose one-time password works, and audits who did it', async () => {
    const first = await createUser(db(), { email: 'root@x', role: 'admin', passwordHash: 'h', authProvider: 'local' });
    admin = { id: first.id, email: first.email, via: 'admin-page' };
    const { user, password } = await createLocalUser(db(), admin, { email: 'New@X', role: 'analyst', name: 'New Person' });
    expect(user).toMatchObject({ email: 'new@x', role: 'analyst', name: 'New Person', authProvider: 'local' });
    const stored = await findUserForPasswordCheck(db(), 'new@x');
    expect(await verifyPassword(password, stored!.passwordHash!)).toBe(true);
    const [entry] = await listAudit(db(), { action: 'admin.user.create' });
    expect(entry).toMatchObject({ userEmail: 'root@x', reference: 'new@x', outcome: 'success', detail: { role: 'analyst', via: 'admin-page' } });
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('invites an SSO account without a password', async () => {
    const u = await inviteSsoUser(db(), admin, { email: 'sso@x', role: 'viewer' });
    expect(u).toMatchObject({ hasPassword: false, authProvider: 'sso' });
    await expect(resetUserPassword(db(), admin, u.id)).rejects.toThrow(/signs in with single sign-on/);
    const [denied] = await listAudit(db(), { action: 'admin.user.reset-password' });
    expect(denied).toMatchObject({ outcome: 'denied', reference: 'sso@x' });
  });

  it('does not create a duplicate, and writes no audit entry for a change that did not happen', async () => {
    const before = (await listAudit(db(), { action: 'admin.user.create' })).length;
    await expect(createLocalUser(db(), admin, { email: 'NEW@x', role: 'viewer' })).rejects.toThrow('A user with e-mail new@x already exists.');
    expect((await listAudit(db(), { action: 'admin.user.create' })).length).toBe(before);
  });

  it('changes roles, disables and enables (ending sessions), resets passwords and signs out everywhere', async () => {
    const { user } = await createLocalUser(db(), admin, { email: 'ops@x', role: 'viewer' });
    expect((await changeUserRole(db(), admin, user.id, 'analyst')).role).toBe('analyst');
    const disabled = await setUserEnabled(db(), admin, user.id, false);
    expect(disabled).toMatchObject({ disabled: true, sessionVersion: user.sessionVersion + 1 });
    const enabled = await setUserEnabled(db(), admin, user.id, true);
    expect(enabled.disabled).toBe(false);
    const reset = await resetUserPassword(db(), admin, user.id);
    expect(await verifyPassword(reset.password, (await findUserForPasswordCheck(db(), 'ops@x'))!.passwordHash!)).toBe(true);
    const revoked = await revokeAllSessions(db(), admin, user.id);
    expect(revoked.sessionVersion).toBe(reset.user.sessionVersion + 1);
    const actions = (await listAudit(db(), { reference: 'ops@x' })).map((e) => e.action).reverse();
    expect(actions).toEqual(['admin.user.create', 'admin.user.set-role', 'admin.user.disable', 'admin.user.enable', 'admin.user.reset-password', 'admin.user.revoke-sessions']);
  });

  it('never leaves the portal without an active administrator, and an admin cannot disable themself', async () => {
    await expect(setUserEnabled(db(), admin, admin.id!, false)).rejects.toThrow('You cannot disable your own account.');
    const cli: AdminActor = { id: null, email: 'cli:ops', via: 'cli' };
    await expect(changeUserRole(db(), cli, admin.id!, 'viewer')).rejects.toThrow(/only active administrator/);
    await expect(setUserEnabled(db(), cli, admin.id!, false)).rejects.toThrow(/only active administrator/);
    const { user: second } = await createLocalUser(db(), cli, { email: 'admin2@x', role: 'admin' });
    expect((await changeUserRole(db(), cli, admin.id!, 'viewer')).role).toBe('viewer');
    await expect(changeUserRole(db(), cli, second.id, 'analyst')).rejects.toThrow(/only active administrator/);
  });

  it('reports a user that no longer exists', async () => {
    await expect(revokeAllSessions(db(), admin, 'missing')).rejects.toThrow('That user no longer exists.');
  });
});
