import { appendAudit } from '@/lib/db/queries/audit';
import {
  countActiveAdmins,
  createUser,
  findUserById,
  revokeUserSessions,
  setUserDisabled,
  setUserPasswordHash,
  setUserRole,
  type User,
  UserInputError,
} from '@/lib/db/queries/users';
import { SETTING, writeSetting } from '@/lib/db/queries/settings';
import { deleteTwoFactor } from '@/lib/db/queries/two-factor';
import type { Db, Role } from '@/lib/db/schema';
import { generatePassword, hashPassword } from './password';
import { invalidateCachedUser } from './session-check';

// User administration shared by the admin page and the users CLI. Each change and its audit entry
// are written in one transaction, so there is never a change without its record. Callers check
// that the actor may administer users (requireRole('admin') on the page; shell access for the CLI).

export interface AdminActor {
  /** Null for the CLI. */
  id: string | null;
  /** The admin's e-mail, or `cli:<os user>` for the CLI. */
  email: string;
  via: 'admin-page' | 'cli';
}

export class AdminActionError extends Error {
  override name = 'AdminActionError';
}

async function audited<T>(db: Db, actor: AdminActor, action: string, subject: string, detail: Record<string, unknown>, change: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => auditedIn(trx, actor, action, subject, detail, change));
}

/** The change and its audit entry, inside a transaction the caller runs. */
async function auditedIn<T>(trx: Db, actor: AdminActor, action: string, subject: string, detail: Record<string, unknown>, change: (trx: Db) => Promise<T>): Promise<T> {
  const result = await change(trx);
  await appendAudit(trx, {
    action,
    outcome: 'success',
    actor: { id: actor.id, email: actor.email },
    reference: subject,
    detail: { ...detail, via: actor.via },
  });
  return result;
}

type SteadyOutcome = { kind: 'refused'; message: string } | { kind: 'unchanged'; user: User } | { kind: 'changed'; user: User };

/** PostgreSQL's codes for a serializable transaction that lost to a concurrent one. */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * A change that must never leave the portal without an active administrator. The check and the
 * change run in one serializable transaction, so two administrators on two instances demoting each
 * other at the same moment cannot both succeed: PostgreSQL aborts one, which is retried and then
 * sees the other's change. (SQLite runs one writer at a time, which is serializable already.)
 */
async function withAdminsSteady<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** The refusal message if taking `user` out of the active administrators would leave none, else null. */
async function lastAdminRefusal(trx: Db, userId: string, message: (email: string) => string): Promise<string | null> {
  const user = await mustFind(trx, userId);
  if (user.role !== 'admin' || user.disabled) return null;
  return (await countActiveAdmins(trx)) <= 1 ? message(user.email) : null;
}

async function refuse(db: Db, actor: AdminActor, action: string, subject: string, message: string): Promise<never> {
  await appendAudit(db, {
    action,
    outcome: 'denied',
    actor: { id: actor.id, email: actor.email },
    reference: subject,
    detail: { reason: message, via: actor.via },
  });
  throw new AdminActionError(message);
}

async function mustFind(db: Db, userId: string): Promise<User> {
  const user = await findUserById(db, userId);
  if (!user) throw new AdminActionError('That user no longer exists.');
  return user;
}

/** A local account with a generated password, returned once for the admin to pass on. */
export async function createLocalUser(db: Db, actor: AdminActor, input: { email: string; name?: string; role: Role }): Promise<{ user: User; password: string }> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const user = await audited(db, actor, 'admin.user.create', input.email.trim().toLowerCase(), { role: input.role, provider: 'local' }, (trx) =>
    createUser(trx, { email: input.email, name: input.name, role: input.role, passwordHash, authProvider: 'local' }),
  );
  return { user, password };
}

/** An account without a password for someone who will sign in with single sign-on, with its role set in advance. */
export async function inviteSsoUser(db: Db, actor: AdminActor, input: { email: string; name?: string; role: Role }): Promise<User> {
  return audited(db, actor, 'admin.user.invite', input.email.trim().toLowerCase(), { role: input.role, provider: 'sso' }, (trx) =>
    createUser(trx, { email: input.email, name: input.name, role: input.role, passwordHash: null, authProvider: 'sso' }),
  );
}

export async function changeUserRole(db: Db, actor: AdminActor, userId: string, role: Role): Promise<User> {
  const user = await mustFind(db, userId);
  if (user.role === role) return user;
  const outcome = await withAdminsSteady(db, async (trx): Promise<SteadyOutcome> => {
    const refusal =
      role === 'admin' ? null : await lastAdminRefusal(trx, userId, (email) => `${email} is the only active administrator; make someone else an administrator first.`);
    if (refusal) return { kind: 'refused', message: refusal };
    const current = await mustFind(trx, userId);
    const detail = { from: current.role, to: role };
    return { kind: 'changed', user: await auditedIn(trx, actor, 'admin.user.set-role', user.email, detail, async (t) => (await setUserRole(t, userId, role))!) };
  });
  if (outcome.kind === 'refused') return refuse(db, actor, 'admin.user.set-role', user.email, outcome.message);
  invalidateCachedUser(userId);
  return outcome.user;
}

export async function setUserEnabled(db: Db, actor: AdminActor, userId: string, enabled: boolean): Promise<User> {
  const user = await mustFind(db, userId);
  const action = enabled ? 'admin.user.enable' : 'admin.user.disable';
  if (!enabled && actor.id === userId) return refuse(db, actor, action, user.email, 'You cannot disable your own account.');
  const outcome = await withAdminsSteady(db, async (trx): Promise<SteadyOutcome> => {
    const refusal = enabled ? null : await lastAdminRefusal(trx, userId, (email) => `${email} is the only active administrator and cannot be disabled.`);
    if (refusal) return { kind: 'refused', message: refusal };
    const current = await mustFind(trx, userId);
    if (current.disabled === !enabled) return { kind: 'unchanged', user: current };
    return { kind: 'changed', user: await auditedIn(trx, actor, action, user.email, {}, async (t) => (await setUserDisabled(t, userId, !enabled))!) };
  });
  if (outcome.kind === 'refused') return refuse(db, actor, action, user.email, outcome.message);
  if (outcome.kind === 'changed') invalidateCachedUser(userId);
  return outcome.user;
}

/** A new generated password (returned once); the user's sessions end. Local accounts only. */
export async function resetUserPassword(db: Db, actor: AdminActor, userId: string): Promise<{ user: User; password: string }> {
  const user = await mustFind(db, userId);
  if (user.authProvider !== 'local') {
    return refuse(
      db,
      actor,
      'admin.user.reset-password',
      user.email,
      `${user.email} signs in with single sign-on and has no portal password; its password is managed by the identity provider.`,
    );
  }
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const updated = await audited(db, actor, 'admin.user.reset-password', user.email, {}, async (trx) => (await setUserPasswordHash(trx, userId, passwordHash))!);
  invalidateCachedUser(userId);
  return { user: updated, password };
}

/** "Sign out everywhere". */
export async function revokeAllSessions(db: Db, actor: AdminActor, userId: string): Promise<User> {
  const user = await mustFind(db, userId);
  const updated = await audited(db, actor, 'admin.user.revoke-sessions', user.email, {}, async (trx) => (await revokeUserSessions(trx, userId))!);
  invalidateCachedUser(userId);
  return updated;
}

/**
 * Removes a user's second factor (a lost phone without recovery codes) and ends their sessions:
 * they sign in with the password alone and set up a new device (at once, if two-factor is required).
 */
export async function resetUserTwoFactor(db: Db, actor: AdminActor, userId: string): Promise<{ user: User; hadTwoFactor: boolean }> {
  const user = await mustFind(db, userId);
  if (user.authProvider !== 'local') {
    return refuse(db, actor, 'admin.user.reset-two-factor', user.email, `${user.email} signs in with single sign-on: its two-factor sign-in is managed by the identity provider.`);
  }
  const result = await audited(db, actor, 'admin.user.reset-two-factor', user.email, {}, async (trx) => {
    const hadTwoFactor = await deleteTwoFactor(trx, userId);
    return { user: (await revokeUserSessions(trx, userId))!, hadTwoFactor };
  });
  invalidateCachedUser(userId);
  return result;
}

/** Whether every local account must sign in with a second factor (un-enrolled users are led to enrol). */
export async function setTwoFactorRequirement(db: Db, actor: AdminActor, required: boolean): Promise<void> {
  await audited(db, actor, 'admin.settings.require-two-factor', 'require_two_factor', { required }, (trx) =>
    writeSetting(trx, SETTING.requireTwoFactor, required ? '1' : '0', actor.email),
  );
}

export { UserInputError };
