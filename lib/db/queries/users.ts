import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { isoNow } from '../clock';
import { type AuthProvider, type Db, ROLES, type Role, type UsersTable } from '../schema';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  authProvider: AuthProvider;
  hasPassword: boolean;
  disabled: boolean;
  sessionVersion: number;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
}

export class UserInputError extends Error {
  override name = 'UserInputError';
}

// Deliberately permissive (operators use addresses like admin@localhost); the IdP or the admin
// is the authority on whether an address is real.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Trimmed and lower-cased: the one form stored and compared. Throws on something that is not an address. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!EMAIL.test(normalized) || normalized.length > 254) {
    throw new UserInputError(`"${email.trim()}" is not an e-mail address.`);
  }
  return normalized;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function parseRole(value: string): Role {
  const role = value.trim().toLowerCase();
  if (!isRole(role)) throw new UserInputError(`Unknown role "${value}": use one of ${ROLES.join(', ')}.`);
  return role;
}

function toUser(row: Selectable<UsersTable>): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    authProvider: row.auth_provider,
    hasPassword: row.password_hash !== null,
    disabled: Number(row.disabled) === 1,
    sessionVersion: Number(row.session_version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

export interface NewUser {
  email: string;
  name?: string;
  role: Role;
  passwordHash: string | null;
  authProvider: AuthProvider;
}

/** Creates a user; a clear error if the e-mail (in any letter case) is already taken. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  const email = normalizeEmail(input.email);
  if (!isRole(input.role)) throw new UserInputError(`Unknown role "${String(input.role)}".`);
  const now = isoNow();
  const existing = await findUserByEmail(db, email);
  if (existing) throw new UserInputError(`A user with e-mail ${email} already exists.`);
  try {
    const row = await db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email,
        name: input.name?.trim() || email.split('@')[0],
        role: input.role,
        password_hash: input.passwordHash,
        auth_provider: input.authProvider,
        disabled: 0,
        session_version: 1,
        created_at: now,
        updated_at: now,
        last_sign_in_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toUser(row);
  } catch (err) {
    // Two concurrent creations of the same address: the unique index decides.
    if (await findUserByEmail(db, email)) throw new UserInputError(`A user with e-mail ${email} already exists.`);
    throw err;
  }
}

export async function findUserById(db: Db, id: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function findUserByEmail(db: Db, email: string): Promise<User | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? toUser(row) : null;
}

/** The user with the stored password hash: only for checking a password at sign-in. */
export async function findUserForPasswordCheck(db: Db, email: string): Promise<{ user: User; passwordHash: string | null } | null> {
  const row = await db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  return row ? { user: toUser(row), passwordHash: row.password_hash } : null;
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.selectFrom('users').selectAll().orderBy('email').execute();
  return rows.map(toUser);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function update(db: Db, id: string, set: Partial<Record<keyof UsersTable, unknown>>, bumpSessions: boolean) {
  const row = await db
    .updateTable('users')
    .set((eb) => ({
      ...(set as object),
      updated_at: isoNow(),
      ...(bumpSessions ? { session_version: eb('session_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row ? toUser(row) : null;
}

/** Changes the role; sessions pick it up at their next check. */
export function setUserRole(db: Db, id: string, role: Role): Promise<User | null> {
  if (!isRole(role)) throw new UserInputError(`Unknown role "${String(role)}".`);
  return update(db, id, { role }, false);
}

/**
 * Disables or re-enables an account. Either way every existing session is revoked, so
 * re-enabling an account never revives a session issued before it was disabled.
 */
export function setUserDisabled(db: Db, id: string, disabled: boolean): Promise<User | null> {
  return update(db, id, { disabled: disabled ? 1 : 0 }, true);
}

/** Stores a new password hash and signs the user out everywhere. */
export function setUserPasswordHash(db: Db, id: string, passwordHash: string): Promise<User | null> {
  return update(db, id, { password_hash: passwordHash }, true);
}

/** Re-hash after a successful sign-in with outdated parameters; existing sessions stay valid. */
export function upgradeUserPasswordHash(db: Db, id: string, passwordHash: string): Promise<User | null> {
  return update(db, id, { password_hash: passwordHash }, false);
}

/** "Sign out everywhere": every session issued so far stops working at its next check. */
export function revokeUserSessions(db: Db, id: string): Promise<User | null> {
  return update(db, id, {}, true);
}

export async function recordUserSignIn(db: Db, id: string, at: string = isoNow()): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

export interface SsoProfile {
  email: string;
  name?: string | null;
  provider: Exclude<AuthProvider, 'local' | 'sso'>;
  /** The role mapped from the identity provider's claims, when role mapping is configured. */
  mappedRole?: Role;
  /** The role for an account created by this sign-in when no role was mapped. */
  defaultRole: Role;
}

/**
 * Creates or refreshes the account behind a single-sign-on identity, so SSO users can be listed,
 * disabled and audited like local ones. A mapped role always wins (the IdP is the authority when
 * role mapping is configured); otherwise an existing account keeps the role an admin gave it.
 */
export async function upsertSsoUser(db: Db, profile: SsoProfile): Promise<User> {
  const email = normalizeEmail(profile.email);
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    try {
      return await createUser(db, {
        email,
        name: profile.name ?? undefined,
        role: profile.mappedRole ?? profile.defaultRole,
        passwordHash: null,
        authProvider: profile.provider,
      });
    } catch (err) {
      // Another instance created it in the meantime: fall through to the update.
      if (!(err instanceof UserInputError)) throw err;
    }
  }
  const current = existing ?? (await findUserByEmail(db, email));
  if (!current) throw new Error(`Could not create or find the account for ${email}.`);
  const set: Partial<Record<keyof UsersTable, unknown>> = {};
  if (profile.name && profile.name !== current.name) set.name = profile.name;
  if (profile.mappedRole && profile.mappedRole !== current.role) set.role = profile.mappedRole;
  // An invited account (no provider yet) or an SSO account takes the provider it signs in with;
  // a local account keeps 'local' because its password still works.
  if (current.authProvider !== 'local' && current.authProvider !== profile.provider) set.auth_provider = profile.provider;
  if (Object.keys(set).length === 0) return current;
  return (await update(db, current.id, set, false)) ?? current;
}
