'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import {
  type AccountActor,
  type AccountResult,
  changeOwnPassword,
  disableOwnTwoFactor,
  enableOwnTwoFactor,
  endOtherSessions,
  endOwnSession,
  regenerateOwnRecoveryCodes,
} from '@/lib/auth/account';
import { clientAddress } from '@/lib/auth/client-address';
import { authConfig } from '@/lib/auth/options';
import { requireUser, type SessionUser } from '@/lib/auth/session';
import { invalidateCachedUser, markSessionCarried, markSessionEnded } from '@/lib/auth/session-check';
import { getDb } from '@/lib/db/client';
import type { AccountActionState } from './action-state';
import { log } from '@/lib/runtime/logger';

// Every action checks the caller itself (a server action is a public POST endpoint) and acts on
// the caller's own account only. The enrolment actions stay reachable while an administrator's
// two-factor requirement keeps the rest of the portal closed to this user.

async function actorFor(user: SessionUser): Promise<AccountActor> {
  return {
    user: { id: user.id, email: user.email, name: user.name },
    sessionHandle: user.sessionHandle ?? null,
    address: clientAddress(await headers(), authConfig().trustedProxies),
  };
}

function text(formData: FormData, name: string): string {
  const v = formData.get(name);
  return typeof v === 'string' ? v : '';
}

function failed(err: unknown): AccountActionState {
  log.error({ err: err instanceof Error ? err.message : String(err) }, '[account] action failed');
  return { status: 'error', message: 'The change could not be saved. Try again; if it keeps failing, tell a portal administrator.' };
}

function stateOf<T>(result: AccountResult<T>, success: string): AccountActionState {
  return result.ok ? { status: 'success', message: success } : { status: 'error', message: result.message };
}

/** This instance refuses the ended sessions and keeps the acting one, at once. */
function afterVersionMove(userId: string, result: { sessionVersion: number; carriedSid: string | null }) {
  invalidateCachedUser(userId);
  if (result.carriedSid) markSessionCarried(result.carriedSid, result.sessionVersion);
}

function endedText(n: number): string {
  return n === 0 ? 'You had no other sessions.' : n === 1 ? 'Your other session has ended.' : `Your ${n} other sessions have ended.`;
}

export async function changePasswordAction(_prev: AccountActionState, formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account');
  try {
    const result = await changeOwnPassword(
      await getDb(),
      await actorFor(user),
      { current: text(formData, 'currentPassword'), next: text(formData, 'newPassword'), confirm: text(formData, 'confirmPassword') },
      authConfig().throttle,
    );
    if (!result.ok) return { status: 'error', message: result.message };
    afterVersionMove(user.id, result);
    revalidatePath('/account');
    return { status: 'success', message: `Your password has been changed. ${endedText(result.endedSessions)}` };
  } catch (err) {
    return failed(err);
  }
}

export async function endSessionAction(_prev: AccountActionState, formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account');
  try {
    const result = await endOwnSession(await getDb(), await actorFor(user), text(formData, 'session'));
    if (result.ok) {
      markSessionEnded(result.sid);
      revalidatePath('/account');
    }
    return stateOf(result, 'That session has ended.');
  } catch (err) {
    return failed(err);
  }
}

export async function endOtherSessionsAction(_prev: AccountActionState, _formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account');
  try {
    const result = await endOtherSessions(await getDb(), await actorFor(user));
    if (!result.ok) return { status: 'error', message: result.message };
    afterVersionMove(user.id, result);
    revalidatePath('/account');
    return { status: 'success', message: endedText(result.endedSessions) };
  } catch (err) {
    return failed(err);
  }
}

export async function enableTwoFactorAction(_prev: AccountActionState, formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account/two-factor', { whileTwoFactorEnrolmentDue: true });
  if (user.provider !== 'credentials') return { status: 'error', message: 'Single sign-on accounts use their organisation’s two-factor sign-in.' };
  try {
    const result = await enableOwnTwoFactor(await getDb(), await actorFor(user), text(formData, 'code'), authConfig().throttle);
    if (!result.ok) return { status: 'error', message: result.message };
    return {
      status: 'success',
      message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your phone, and they are not shown again.',
      recoveryCodes: result.recoveryCodes,
    };
  } catch (err) {
    return failed(err);
  }
}

export async function disableTwoFactorAction(_prev: AccountActionState, formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account/two-factor', { whileTwoFactorEnrolmentDue: true });
  try {
    const result = await disableOwnTwoFactor(await getDb(), await actorFor(user), { password: text(formData, 'password'), code: text(formData, 'code') }, authConfig().throttle);
    if (result.ok) revalidatePath('/account/two-factor');
    return stateOf(result, 'Two-factor sign-in is off.');
  } catch (err) {
    return failed(err);
  }
}

export async function regenerateRecoveryCodesAction(_prev: AccountActionState, formData: FormData): Promise<AccountActionState> {
  const user = await requireUser('/account/two-factor');
  try {
    const result = await regenerateOwnRecoveryCodes(await getDb(), await actorFor(user), text(formData, 'code'), authConfig().throttle);
    if (!result.ok) return { status: 'error', message: result.message };
    return {
      status: 'success',
      message: 'New recovery codes: the earlier ones no longer work. Keep these somewhere safe; they are not shown again.',
      recoveryCodes: result.recoveryCodes,
    };
  } catch (err) {
    return failed(err);
  }
}
