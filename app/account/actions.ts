'use server';

import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { done, refused, type ActionState } from '@/lib/actions/action-state';
import { defineAction, type FormActionSpec } from '@/lib/actions/define-action';
import type { AccountActor, AccountResult } from '@/lib/auth/account';
import { authStore } from '@/lib/auth/auth-store';
import { clientAddress } from '@/lib/auth/client-address';
import { authConfig } from '@/lib/auth/options';
import type { SessionUser } from '@/lib/auth/session';
import { invalidateCachedUser, markSessionCarried, markSessionEnded } from '@/lib/auth/session-check';

// Every action acts on the caller's own account only (lib/auth/account.ts audits each change).
// The enrolment actions stay reachable while an administrator's two-factor requirement keeps the
// rest of the portal closed to this user.

/** Any signed-in person, on their own account; `path` is where signing in again comes back to. */
function accountAction<Raw>(path: string, spec: Pick<FormActionSpec<Raw>, 'input' | 'run'> & { whileTwoFactorEnrolmentDue?: boolean }) {
  return defineAction<Raw>({
    role: 'signed-in',
    path,
    failure: 'The change could not be saved. Try again; if it keeps failing, tell a portal administrator.',
    logAs: '[account] action failed',
    ...spec,
  });
}

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

function stateOf<T>(result: AccountResult<T>, success: string): ActionState {
  return result.ok ? done(success) : refused(result.message);
}

/** This instance refuses the ended sessions and keeps the acting one, at once. */
function afterVersionMove(userId: string, result: { sessionVersion: number; carriedSid: string | null }) {
  invalidateCachedUser(userId);
  if (result.carriedSid) markSessionCarried(result.carriedSid, result.sessionVersion);
}

function endedText(n: number): string {
  return n === 0 ? 'You had no other sessions.' : n === 1 ? 'Your other session has ended.' : `Your ${n} other sessions have ended.`;
}

export const changePasswordAction = accountAction('/account', {
  input: (form) => ({ current: text(form, 'currentPassword'), next: text(form, 'newPassword'), confirm: text(form, 'confirmPassword') }),
  async run(passwords, { user }) {
    const result = await authStore.changeOwnPassword(await actorFor(user), passwords, authConfig().throttle);
    if (!result.ok) return refused(result.message);
    afterVersionMove(user.id, result);
    revalidatePath('/account');
    return done(`Your password has been changed. ${endedText(result.endedSessions)}`);
  },
});

export const endSessionAction = accountAction('/account', {
  input: (form) => text(form, 'session'),
  async run(session, { user }) {
    const result = await authStore.endOwnSession(await actorFor(user), session);
    if (result.ok) {
      markSessionEnded(result.sid);
      revalidatePath('/account');
    }
    return stateOf(result, 'That session has ended.');
  },
});

export const endOtherSessionsAction = accountAction('/account', {
  input: () => undefined,
  async run(_input, { user }) {
    const result = await authStore.endOtherSessions(await actorFor(user));
    if (!result.ok) return refused(result.message);
    afterVersionMove(user.id, result);
    revalidatePath('/account');
    return done(endedText(result.endedSessions));
  },
});

export const enableTwoFactorAction = accountAction('/account/two-factor', {
  whileTwoFactorEnrolmentDue: true,
  input: (form) => text(form, 'code'),
  async run(code, { user }) {
    if (user.provider !== 'credentials') return refused('Single sign-on accounts use their organisation’s two-factor sign-in.');
    const result = await authStore.enableOwnTwoFactor(await actorFor(user), code, authConfig().throttle);
    if (!result.ok) return refused(result.message);
    return done('Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your phone, and they are not shown again.', {
      recoveryCodes: result.recoveryCodes,
    });
  },
});

export const disableTwoFactorAction = accountAction('/account/two-factor', {
  whileTwoFactorEnrolmentDue: true,
  input: (form) => ({ password: text(form, 'password'), code: text(form, 'code') }),
  async run(input, { user }) {
    const result = await authStore.disableOwnTwoFactor(await actorFor(user), input, authConfig().throttle);
    if (result.ok) revalidatePath('/account/two-factor');
    return stateOf(result, 'Two-factor sign-in is off.');
  },
});

export const regenerateRecoveryCodesAction = accountAction('/account/two-factor', {
  input: (form) => text(form, 'code'),
  async run(code, { user }) {
    const result = await authStore.regenerateOwnRecoveryCodes(await actorFor(user), code, authConfig().throttle);
    if (!result.ok) return refused(result.message);
    return done('New recovery codes: the earlier ones no longer work. Keep these somewhere safe; they are not shown again.', { recoveryCodes: result.recoveryCodes });
  },
});
