import { bindStore } from '@/lib/db/bind-store';
import { isTwoFactorRequired } from '@/lib/db/queries/settings';
import { countUnusedRecoveryCodes, usersWithTwoFactor } from '@/lib/db/queries/two-factor';
import { findUserById, listUsers } from '@/lib/db/queries/users';
import { changeOwnPassword, disableOwnTwoFactor, enableOwnTwoFactor, endOtherSessions, endOwnSession, listOwnSessions, regenerateOwnRecoveryCodes } from './account';
import { hasTwoFactor, pendingEnrolmentSecret } from './two-factor';
import { changeUserRole, createLocalUser, inviteSsoUser, resetUserPassword, resetUserTwoFactor, revokeAllSessions, setTwoFactorRequirement, setUserEnabled } from './user-admin';

/**
 * The accounts' tables (users, sessions, two-factor, settings; lib/db owns their SQL) as the
 * /account and /admin/users pages and their actions read and change them, bound to the process's
 * database: pages and actions never call getDb() themselves.
 */
export const authStore = bindStore({
  findUserById,
  listUsers,
  usersWithTwoFactor,
  isTwoFactorRequired,
  countUnusedRecoveryCodes,
  hasTwoFactor,
  pendingEnrolmentSecret,
  listOwnSessions,
  changeOwnPassword,
  endOwnSession,
  endOtherSessions,
  enableOwnTwoFactor,
  disableOwnTwoFactor,
  regenerateOwnRecoveryCodes,
  createLocalUser,
  inviteSsoUser,
  changeUserRole,
  setUserEnabled,
  resetUserPassword,
  revokeAllSessions,
  resetUserTwoFactor,
  setTwoFactorRequirement,
});
