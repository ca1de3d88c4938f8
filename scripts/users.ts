// User administration from the shell: `npm run users -- <command> [options]`.
// Works on the database the portal uses (FSR_DATA_DIR/portal.db, or DATABASE_URL). Every change is
// audited as `cli:<os user>`. Generated passwords are printed once and never stored in clear.
import { parseArgs } from 'node:util';
import {
  AdminActionError,
  type AdminActor,
  changeUserRole,
  createLocalUser,
  inviteSsoUser,
  resetUserPassword,
  resetUserTwoFactor,
  revokeAllSessions,
  setUserEnabled,
} from '@/lib/auth/user-admin';
import type { DbHandle } from '@/lib/db/connect';
import { findUserByEmail, listUsers, normalizeEmail, parseRole, UserInputError } from '@/lib/db/queries/users';
import type { Db } from '@/lib/db/schema';
import { runAdminCli, table } from './admin-cli';

const USAGE = `Usage: npm run users -- <command> [options]

Commands:
  list                                        list every user
  create --email E --role R [--name N]        create a local account; prints a generated one-time password
  create --email E --role R --invite          create a single-sign-on account (no password) with its role set
  set-role --email E --role R                 change a user's role (viewer, analyst, admin)
  disable --email E                           disable an account and end its sessions
  enable --email E                            re-enable an account
  reset-password --email E                    generate a new password (printed once) and end the user's sessions
  revoke-sessions --email E                   sign the user out everywhere
  reset-2fa --email E                         remove the user's two-factor sign-in (lost phone) and end their sessions

The database is the portal's: FSR_DATA_DIR/portal.db (default data/portal.db), or DATABASE_URL.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

function required(value: string | undefined, flag: string, command: string): string {
  if (!value?.trim()) throw new UsageError(`${command} needs --${flag}.`);
  return value;
}

async function userByEmail(db: Db, email: string) {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw new UsageError(`No user has the e-mail address ${email.trim().toLowerCase()}. \`npm run users -- list\` shows who exists.`);
  return user;
}

/** Runs one command; returns what to print. Exported for tests. */
export async function runUsersCommand(argv: string[], handle: DbHandle, actor: AdminActor): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') return USAGE;
  let values: { email?: string; role?: string; name?: string; invite?: boolean };
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        invite: { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const db = handle.db;
  switch (command) {
    case 'list': {
      const users = await listUsers(db);
      if (users.length === 0) return 'No users yet. Create one with: npm run users -- create --email you@example.com --role admin';
      return table([
        ['EMAIL', 'NAME', 'ROLE', 'SIGN-IN', 'STATUS', 'LAST SIGN-IN'],
        ...users.map((u) => [u.email, u.name, u.role, u.authProvider, u.disabled ? 'disabled' : 'active', u.lastSignInAt ?? 'never']),
      ]);
    }
    case 'create': {
      const email = required(values.email, 'email', 'create');
      const role = parseRole(required(values.role, 'role', 'create'));
      if (values.invite) {
        const user = await inviteSsoUser(db, actor, { email, name: values.name, role });
        return `Invited ${user.email} as ${user.role}: they sign in with single sign-on.`;
      }
      const { user, password } = await createLocalUser(db, actor, { email, name: values.name, role });
      return `Created ${user.email} as ${user.role}.\nOne-time password (shown only now): ${password}`;
    }
    case 'set-role': {
      const user = await userByEmail(db, required(values.email, 'email', 'set-role'));
      const updated = await changeUserRole(db, actor, user.id, parseRole(required(values.role, 'role', 'set-role')));
      return `${updated.email} is now ${updated.role}.`;
    }
    case 'disable': {
      const user = await userByEmail(db, required(values.email, 'email', 'disable'));
      await setUserEnabled(db, actor, user.id, false);
      return `${user.email} is disabled; its sessions end within a minute.`;
    }
    case 'enable': {
      const user = await userByEmail(db, required(values.email, 'email', 'enable'));
      await setUserEnabled(db, actor, user.id, true);
      return `${user.email} is enabled.`;
    }
    case 'reset-password': {
      const user = await userByEmail(db, required(values.email, 'email', 'reset-password'));
      const { password } = await resetUserPassword(db, actor, user.id);
      return `New password for ${user.email} (shown only now): ${password}\nTheir existing sessions end within a minute.`;
    }
    case 'revoke-sessions': {
      const user = await userByEmail(db, required(values.email, 'email', 'revoke-sessions'));
      await revokeAllSessions(db, actor, user.id);
      return `${user.email} is signed out everywhere (within a minute on every instance).`;
    }
    case 'reset-2fa': {
      const user = await userByEmail(db, required(values.email, 'email', 'reset-2fa'));
      const { hadTwoFactor } = await resetUserTwoFactor(db, actor, user.id);
      return hadTwoFactor
        ? `Two-factor sign-in of ${user.email} is removed and their sessions end within a minute.\nThey sign in with their password and set up a new device (at once, if two-factor is required).`
        : `${user.email} had no two-factor sign-in; their sessions end within a minute.`;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

// Run only as a script (tests import runUsersCommand).
if (process.argv[1] && /scripts[\\/]users\.ts$/.test(process.argv[1])) {
  runAdminCli(runUsersCommand, (err) => err instanceof UsageError || err instanceof UserInputError || err instanceof AdminActionError).then((code) => {
    process.exitCode = code;
  });
}
