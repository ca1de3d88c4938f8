import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '@/lib/auth/password';
import type { AdminActor } from '@/lib/auth/user-admin';
import { listAudit } from '@/lib/db/queries/audit';
import { hasTwoFactor, confirmEnrolment, pendingEnrolmentSecret } from '@/lib/auth/two-factor';
import { totpCodeAt } from '@/lib/auth/totp';
import { findUserByEmail, findUserForPasswordCheck } from '@/lib/db/queries/users';
import { createSqliteTestDb, type TestDb } from '@/test/db-harness';
import { runUsersCommand } from './users';

const cli: AdminActor = { id: null, email: 'cli:tester', via: 'cli' };
let t: TestDb;
beforeAll(async () => {
  t = await createSqliteTestDb();
});
afterAll(async () => t.cleanup());

const run = (...argv: string[]) => runUsersCommand(argv, t.handle, cli);

describe('npm run users', () => {
  it('creates an admin and prints a one-time password that works', async () => {
    const out = await run('create', '--email', 'Boss@Example.com', '--role', 'admin', '--name', 'The Boss');
    const password = /One-time password \(shown only now\): (\S+)/.exec(out)?.[1];
    expect(out).toContain('Created boss@example.com as admin.');
    const stored = await findUserForPasswordCheck(t.handle.db, 'boss@example.com');
    expect(await verifyPassword(password!, stored!.passwordHash!)).toBe(true);
  });

  it('invites, lists, changes roles, disables, enables, resets and revokes', async () => {
    expect(await run('create', '--email', 'sso@example.com', '--role', 'viewer', '--invite')).toBe('Invited sso@example.com as viewer: they sign in with single sign-on.');
    expect(await run('create', '--email', 'ana@example.com', '--role', 'viewer')).toMatch(/One-time password/);
    expect(await run('set-role', '--email', 'ANA@example.com', '--role', 'Analyst')).toBe('ana@example.com is now analyst.');
    expect(await run('disable', '--email', 'ana@example.com')).toMatch(/is disabled/);
    expect(await run('enable', '--email', 'ana@example.com')).toBe('ana@example.com is enabled.');
    expect(await run('reset-password', '--email', 'ana@example.com')).toMatch(/^New password for ana@example.com \(shown only now\): \S+/);
    expect(await run('revoke-sessions', '--email', 'ana@example.com')).toMatch(/signed out everywhere/);
    const list = await run('list');
    expect(list.split('\n')[0]).toMatch(/^EMAIL\s+NAME\s+ROLE\s+SIGN-IN\s+STATUS\s+LAST SIGN-IN$/);
    expect(list).toMatch(/ana@example\.com\s+ana\s+analyst\s+local\s+active\s+never/);
    expect(list).toMatch(/sso@example\.com\s+sso\s+viewer\s+sso\s+active/);
    const audit = await listAudit(t.handle.db, { userEmail: 'cli:tester' });
    expect(audit.length).toBe(8);
    expect(audit.every((e) => e.detail?.via === 'cli')).toBe(true);
  });

  it('explains mistakes', async () => {
    await expect(run('create', '--email', 'x@example.com')).rejects.toThrow('create needs --role.');
    await expect(run('create', '--email', 'x@example.com', '--role', 'god')).rejects.toThrow('Unknown role "god": use one of viewer, analyst, admin.');
    await expect(run('disable', '--email', 'ghost@example.com')).rejects.toThrow(/No user has the e-mail address ghost@example.com/);
    await expect(run('disable', '--emial', 'x')).rejects.toThrow(/Unknown option '--emial'/);
    await expect(run('frobnicate')).rejects.toThrow(/Unknown command "frobnicate"/);
    await expect(run('disable', '--email', 'boss@example.com')).rejects.toThrow(/only active administrator/);
    expect(await run('help')).toMatch(/^Usage: npm run users -- <command>/);
  });

  it('reset-2fa removes a lost second factor and ends the sessions; SSO accounts are refused', async () => {
    await run('create', '--email', 'lost-phone@example.com', '--role', 'viewer');
    const user = (await findUserByEmail(t.handle.db, 'lost-phone@example.com'))!;
    const secret = (await pendingEnrolmentSecret(t.handle.db, user.id))!;
    expect((await confirmEnrolment(t.handle.db, user.id, totpCodeAt(secret, Date.now()))).ok).toBe(true);
    expect(await run('reset-2fa', '--email', 'Lost-Phone@example.com')).toMatch(
      /^Two-factor sign-in of lost-phone@example\.com is removed and their sessions end within a minute\./,
    );
    expect(await hasTwoFactor(t.handle.db, user.id)).toBe(false);
    expect((await findUserByEmail(t.handle.db, 'lost-phone@example.com'))!.sessionVersion).toBe(user.sessionVersion + 1);
    expect(await run('reset-2fa', '--email', 'lost-phone@example.com')).toBe('lost-phone@example.com had no two-factor sign-in; their sessions end within a minute.');
    const [entry] = await listAudit(t.handle.db, { action: 'admin.user.reset-two-factor' });
    expect(entry).toMatchObject({ outcome: 'success', reference: 'lost-phone@example.com', detail: { via: 'cli' } });
    await run('create', '--email', 'sso2@example.com', '--role', 'viewer', '--invite');
    await expect(run('reset-2fa', '--email', 'sso2@example.com')).rejects.toThrow(/single sign-on/);
    await expect(run('reset-2fa')).rejects.toThrow('reset-2fa needs --email.');
  });
});
