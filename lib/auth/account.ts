import { appendAudit } from '@/lib/db/queries/audit';
import { endSession } from '@/lib/db/queries/ended-sessions';
import { deleteTwoFactor, findTotp } from '@/lib/db/queries/two-factor';
import { carryUserSession, deleteOtherUserSessions, deleteUserSession, listActiveUserSessions, type UserSession } from '@/lib/db/queries/user-sessions';
import { findUserById, findUserForPasswordCheck, revokeUserSessions, setUserPasswordHash, type User } from '@/lib/db/queries/users';
import type { Db } from '@/lib/db/schema';
import type { ThrottlePolicy } from './config';
import { passwordPolicyProblem } from './password-policy';
import { hashPassword, verifyPassword } from './password';
import { sessionHandle } from './session-handle';
import { signInErrorMessage, throttledCode } from './sign-in-errors';
import { beginSignInAttempt, finishSignInAttempt, secondsToWait } from './throttle';
import { checkSecondFactor, confirmEnrolment, issueRecoveryCodes } from './two-factor';

// What people do to their own account on /account: change their password, see and end their
// other sessions, turn two-factor sign-in on and off. Each change is written with its audit entry
// in one transaction. Checks of the current password or of a code count against the same
// throttle as sign-in (per account and per address), so a session left open is not a way to
// guess a password or a code at leisure.

export interface AccountActor {
  user: Pick<User, 'id' | 'email'> & { name?: string };
  /** The acting session (session-handle.ts), so it survives the changes that end the others. */
  sessionHandle: string | null;
  address: string;
}

export type AccountResult<T = object> = ({ ok: true } & T) | { ok: false; message: string };

/** The user's session rows, with the acting session first and marked. */
export async function listOwnSessions(
  db: Db,
  user: Pick<User, 'id' | 'sessionVersion'>,
  currentHandle: string | null,
): Promise<Array<UserSession & { handle: string; current: boolean }>> {
  const rows = await listActiveUserSessions(db, user.id, user.sessionVersion);
  const marked = rows.map((s) => ({ ...s, handle: sessionHandle(s.sid), current: sessionHandle(s.sid) === currentHandle }));
  return marked.sort((a, b) => Number(b.current) - Number(a.current));
}

async function sidForHandle(db: Db, userId: string, handle: string | null): Promise<string | null> {
  if (!handle) return null;
  const rows = await db.selectFrom('user_sessions').select('sid').where('user_id', '=', userId).execute();
  return rows.find((r) => sessionHandle(r.sid) === handle)?.sid ?? null;
}

/** Checks the current password under the sign-in throttle; a message when it is not right. */
async function checkOwnPassword(db: Db, actor: AccountActor, password: string, policy: ThrottlePolicy, action: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const account = actor.user.email;
  const verdict = await beginSignInAttempt(db, { account, address: actor.address }, policy);
  if (!verdict.allowed) {
    await appendAudit(db, {
      action,
      outcome: 'denied',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: account,
      detail: { reason: 'throttled', scope: verdict.scope, retryAfterSeconds: secondsToWait(verdict.retryAfterMs), address: actor.address },
    });
    return { ok: false, message: signInErrorMessage(throttledCode(verdict))!.replace('sign-in attempts', 'password attempts') };
  }
  const attempt = { attemptId: verdict.attemptId, account };
  const found = await findUserForPasswordCheck(db, account);
  const right = !!found?.passwordHash && (await verifyPassword(password, found.passwordHash));
  if (!right) {
    await db.transaction().execute(async (trx) => {
      await finishSignInAttempt(trx, attempt, false);
      await appendAudit(trx, {
        action,
        outcome: 'failure',
        actor: { id: actor.user.id, email: actor.user.email },
        reference: account,
        detail: { reason: 'wrong-current-password', address: actor.address },
      });
    });
    return { ok: false, message: 'Your current password is not right.' };
  }
  await finishSignInAttempt(db, attempt, true);
  return { ok: true };
}

/**
 * Changes the user's own password and ends their other sessions; the acting session goes on
 * (carried over to the account's new session version). Returns that version so the caller can
 * tell this instance's session cache at once.
 */
export async function changeOwnPassword(
  db: Db,
  actor: AccountActor,
  input: { current: string; next: string; confirm: string },
  policy: ThrottlePolicy,
): Promise<AccountResult<{ sessionVersion: number; carriedSid: string | null; endedSessions: number }>> {
  if (!input.current) return { ok: false, message: 'Enter your current password.' };
  if (input.next !== input.confirm) return { ok: false, message: 'The new password and its confirmation are different. Type the same password twice.' };
  const problem = passwordPolicyProblem(input.next, { email: actor.user.email, name: actor.user.name });
  if (problem) return { ok: false, message: problem };
  const current = await findUserById(db, actor.user.id);
  if (!current || current.authProvider !== 'local' || !current.hasPassword) {
    return { ok: false, message: 'This account signs in with single sign-on: change the password with your organisation.' };
  }
  const check = await checkOwnPassword(db, actor, input.current, policy, 'account.password-change');
  if (!check.ok) return check;
  if (input.next === input.current) return { ok: false, message: 'The new password is the same as the current one. Choose a different one.' };
  const hash = await hashPassword(input.next);
  const carriedSid = await sidForHandle(db, actor.user.id, actor.sessionHandle);
  return db.transaction().execute(async (trx) => {
    const updated = await setUserPasswordHash(trx, actor.user.id, hash);
    if (!updated) throw new Error('The account disappeared while its password was being changed.');
    if (carriedSid) await carryUserSession(trx, carriedSid, updated.sessionVersion);
    const others = await deleteOtherUserSessions(trx, actor.user.id, carriedSid);
    await appendAudit(trx, {
      action: 'account.password-change',
      outcome: 'success',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, otherSessionsEnded: others.length },
    });
    return { ok: true as const, sessionVersion: updated.sessionVersion, carriedSid, endedSessions: others.length };
  });
}

/** Ends one of the user's other sessions (for good: its id is recorded as ended). */
export async function endOwnSession(db: Db, actor: AccountActor, handle: string): Promise<AccountResult<{ sid: string }>> {
  const sid = await sidForHandle(db, actor.user.id, handle);
  if (!sid) return { ok: false, message: 'That session has ended already, or is not one of yours. The list below is up to date.' };
  if (handle === actor.sessionHandle) return { ok: false, message: 'This is the session you are using: use "Sign out" to end it.' };
  const row = await db.selectFrom('user_sessions').select(['expires_at', 'user_agent']).where('sid', '=', sid).executeTakeFirstOrThrow();
  await db.transaction().execute(async (trx) => {
    await endSession(trx, { sid, userId: actor.user.id, expiresAt: row.expires_at });
    await deleteUserSession(trx, sid, actor.user.id);
    await appendAudit(trx, {
      action: 'account.session-end',
      outcome: 'success',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, session: handle, userAgent: row.user_agent },
    });
  });
  return { ok: true, sid };
}

/** Ends every session of the user but the acting one ("sign out everywhere else"). */
export async function endOtherSessions(db: Db, actor: AccountActor): Promise<AccountResult<{ sessionVersion: number; carriedSid: string | null; endedSessions: number }>> {
  const carriedSid = await sidForHandle(db, actor.user.id, actor.sessionHandle);
  return db.transaction().execute(async (trx) => {
    const updated = await revokeUserSessions(trx, actor.user.id);
    if (!updated) throw new Error('The account disappeared while its sessions were being ended.');
    if (carriedSid) await carryUserSession(trx, carriedSid, updated.sessionVersion);
    const others = await deleteOtherUserSessions(trx, actor.user.id, carriedSid);
    await appendAudit(trx, {
      action: 'account.sessions-end-others',
      outcome: 'success',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, otherSessionsEnded: others.length },
    });
    return { ok: true as const, sessionVersion: updated.sessionVersion, carriedSid, endedSessions: others.length };
  });
}

/** Confirms TOTP enrolment with a code from the app; the recovery codes are returned to show once. */
export async function enableOwnTwoFactor(db: Db, actor: AccountActor, code: string, policy: ThrottlePolicy): Promise<AccountResult<{ recoveryCodes: string[] }>> {
  const trimmed = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(trimmed)) return { ok: false, message: 'Enter the six-digit code your authenticator app shows for the portal.' };
  const verdict = await beginSignInAttempt(db, { account: actor.user.email, address: actor.address }, policy);
  if (!verdict.allowed) {
    return { ok: false, message: signInErrorMessage(throttledCode(verdict))!.replace('sign-in attempts', 'attempts') };
  }
  const attempt = { attemptId: verdict.attemptId, account: actor.user.email };
  const result = await db.transaction().execute(async (trx) => {
    const r = await confirmEnrolment(trx, actor.user.id, trimmed);
    await appendAudit(trx, {
      action: 'account.two-factor-enable',
      outcome: r.ok ? 'success' : 'failure',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, ...(r.ok ? { recoveryCodes: r.recoveryCodes.length } : { reason: r.reason }) },
    });
    return r;
  });
  await finishSignInAttempt(db, attempt, result.ok);
  if (result.ok) return { ok: true, recoveryCodes: result.recoveryCodes };
  switch (result.reason) {
    case 'already-enrolled':
      return { ok: false, message: 'Two-factor sign-in is already on for this account.' };
    case 'no-pending-secret':
      return { ok: false, message: 'The set-up expired. Reload the page to get a new QR code.' };
    default:
      return { ok: false, message: 'That code is not right. Check the time on your phone, wait for the next code and try again.' };
  }
}

/** Turns two-factor off: the password and a current code (or a recovery code) are both needed. */
export async function disableOwnTwoFactor(db: Db, actor: AccountActor, input: { password: string; code: string }, policy: ThrottlePolicy): Promise<AccountResult> {
  if (!input.password || !input.code.trim()) return { ok: false, message: 'Enter your password and a code from your authenticator app.' };
  if (!(await findTotp(db, actor.user.id))?.confirmedAt) return { ok: false, message: 'Two-factor sign-in is not on for this account.' };
  const pw = await checkOwnPassword(db, actor, input.password, policy, 'account.two-factor-disable');
  if (!pw.ok) return pw;
  const code = await checkSecondFactor(db, actor.user.id, input.code);
  if (!code.ok) {
    await appendAudit(db, {
      action: 'account.two-factor-disable',
      outcome: 'failure',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, reason: `second-factor-${code.reason}` },
    });
    return { ok: false, message: 'That code is not right, has expired or was used already.' };
  }
  await db.transaction().execute(async (trx) => {
    await deleteTwoFactor(trx, actor.user.id);
    await appendAudit(trx, {
      action: 'account.two-factor-disable',
      outcome: 'success',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address },
    });
  });
  return { ok: true };
}

/** New recovery codes (the old ones stop working), after a current code. */
export async function regenerateOwnRecoveryCodes(db: Db, actor: AccountActor, code: string, policy: ThrottlePolicy): Promise<AccountResult<{ recoveryCodes: string[] }>> {
  if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return { ok: false, message: 'Enter the current six-digit code from your authenticator app.' };
  const verdict = await beginSignInAttempt(db, { account: actor.user.email, address: actor.address }, policy);
  if (!verdict.allowed) return { ok: false, message: signInErrorMessage(throttledCode(verdict))!.replace('sign-in attempts', 'attempts') };
  const attempt = { attemptId: verdict.attemptId, account: actor.user.email };
  const check = await checkSecondFactor(db, actor.user.id, code);
  await finishSignInAttempt(db, attempt, check.ok);
  if (!check.ok) return { ok: false, message: 'That code is not right, has expired or was used already.' };
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, actor.user.id);
    await appendAudit(trx, {
      action: 'account.recovery-codes-regenerate',
      outcome: 'success',
      actor: { id: actor.user.id, email: actor.user.email },
      reference: actor.user.email,
      detail: { address: actor.address, recoveryCodes: codes.length },
    });
    return codes;
  });
  return { ok: true, recoveryCodes };
}
