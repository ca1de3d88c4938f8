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

async function audited<T>(
  db: Db,
  actor: AdminActor,
  action: string,
  subject: string,
  detail: Record<string, unknown>,
  change: (trx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await appendAudit(trx, {
      action,
      outcome: 'success',
      actor: { id: actor.id, email: actor.email },
      reference: subject,
      detail: { ...detail, via: actor.via },
    });
    return result;
  });
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
export async function createLocalUser(
  db: Db,
  actor: AdminActor,
  input: { email: string; name?: string; role: Role },
): Promise<{ user: User; password: string }> {
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
  if (user.role === 'admin' && !user.disabled && (await countActiveAdmins(db)) <= 1) {
    return refuse(db, actor, 'admin.user.set-role', user.email, `${user.email} is the only active administrator; make someone else an administrator first.`);
  }
  const updated = await audited(db, actor, 'admin.user.set-role', user.email, { from: user.role, to: role }, async (trx) =>
    (await setUserRole(trx, userId, role))!,
  );
  invalidateCachedUser(userId);
  return updated;
}

export async function setUserEnabled(db: Db, actor: AdminActor, userId: string, enabled: boolean): Promise<User> {
  const user = await mustFind(db, userId);
  const action = enabled ? 'admin.user.enable' : 'admin.user.disable';
  if (!enabled) {
    if (actor.id === userId) return refuse(db, actor, action, user.email, 'You cannot disable your own account.');
    if (user.role === 'admin' && !user.disabled && (await countActiveAdmins(db)) <= 1) {
      return refuse(db, actor, action, user.email, `${user.email} is the only active administrator and cannot be disabled.`);
    }
  }
  if (user.disabled === !enabled) return user;
  const updated = await audited(db, actor, action, user.email, {}, async (trx) => (await setUserDisabled(trx, userId, !enabled))!);
  invalidateCachedUser(userId);
  return updated;
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
  const updated = await audited(db, actor, 'admin.user.reset-password', user.email, {}, async (trx) =>
    (await setUserPasswordHash(trx, userId, passwordHash))!,
  );
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

export { UserInputError };
