'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { done, type ActionState } from '@/lib/actions/action-state';
import { defineAction, type FormActionSpec } from '@/lib/actions/define-action';
import { authStore } from '@/lib/auth/auth-store';
import { rememberTwoFactorRequired } from '@/lib/auth/two-factor-requirement';
import { AdminActionError, type AdminActor, UserInputError } from '@/lib/auth/user-admin';
import { ROLES } from '@/lib/db/schema';
import type { SessionUser } from '@/lib/auth/options';

const PAGE = '/admin/users';

/** Administrators only; each change is audited by lib/auth/user-admin.ts in the same transaction. */
function adminAction<Raw, I = Raw>(spec: Pick<FormActionSpec<Raw, I>, 'input' | 'schema' | 'run'>) {
  return defineAction<Raw, I>({
    role: 'admin',
    path: PAGE,
    known: [UserInputError, AdminActionError],
    failure: 'The change could not be saved. Try again; if it keeps failing, check the server log.',
    logAs: '[admin/users] action failed',
    ...spec,
  });
}

function actorOf(admin: SessionUser): AdminActor {
  return { id: admin.id, email: admin.email, via: 'admin-page' };
}

const roleField = z.enum(ROLES, { message: `Choose a role: ${ROLES.join(', ')}.` });

const newUser = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address.').max(254, 'That e-mail address is too long.'),
  name: z.string().trim().max(200, 'The name is too long (200 characters at most).').optional(),
  role: roleField,
  kind: z.enum(['local', 'invite'], { message: 'Choose how the user will sign in.' }),
});

export const createUserAction = adminAction({
  input: (form) => ({ email: form.get('email') ?? '', name: form.get('name') || undefined, role: form.get('role'), kind: form.get('kind') }),
  schema: newUser,
  async run(input, { user }) {
    if (input.kind === 'invite') {
      const invited = await authStore.inviteSsoUser(actorOf(user), input);
      revalidatePath(PAGE);
      return done(`Invited ${invited.email} as ${invited.role}. They sign in with single sign-on.`);
    }
    const created = await authStore.createLocalUser(actorOf(user), input);
    revalidatePath(PAGE);
    return done(`Created ${created.user.email} as ${created.user.role}.`, { oneTimePassword: { email: created.user.email, password: created.password } });
  },
});

const userIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-role'), userId: z.string().min(1), role: roleField }),
  z.object({ intent: z.literal('disable'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('enable'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('reset-password'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('revoke-sessions'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('reset-two-factor'), userId: z.string().min(1) }),
]);

export const manageUserAction = adminAction({
  input: (form) => ({ intent: form.get('intent'), userId: form.get('userId'), role: form.get('role') ?? undefined }),
  schema: userIntent,
  async run(input, { user }) {
    const actor = actorOf(user);
    let result: ActionState;
    switch (input.intent) {
      case 'set-role': {
        const u = await authStore.changeUserRole(actor, input.userId, input.role);
        result = done(`${u.email} is now ${u.role}.`);
        break;
      }
      case 'disable': {
        const u = await authStore.setUserEnabled(actor, input.userId, false);
        result = done(`${u.email} is disabled and signed out everywhere.`);
        break;
      }
      case 'enable': {
        const u = await authStore.setUserEnabled(actor, input.userId, true);
        result = done(`${u.email} is enabled again.`);
        break;
      }
      case 'reset-password': {
        const { user: u, password } = await authStore.resetUserPassword(actor, input.userId);
        result = done(`New password for ${u.email}; their sessions have ended.`, { oneTimePassword: { email: u.email, password } });
        break;
      }
      case 'revoke-sessions': {
        const u = await authStore.revokeAllSessions(actor, input.userId);
        result = done(`${u.email} is signed out everywhere.`);
        break;
      }
      case 'reset-two-factor': {
        const { user: u, hadTwoFactor } = await authStore.resetUserTwoFactor(actor, input.userId);
        result = done(
          hadTwoFactor
            ? `Two-factor sign-in of ${u.email} is removed and their sessions have ended; they set up a new device after signing in with their password.`
            : `${u.email} had no two-factor sign-in; their sessions have ended.`,
        );
        break;
      }
    }
    revalidatePath(PAGE);
    return result;
  },
});

export const twoFactorRequirementAction = adminAction({
  input: (form) => form.get('requireTwoFactor') === 'on',
  async run(required, { user }) {
    await authStore.setTwoFactorRequirement(actorOf(user), required);
    rememberTwoFactorRequired(required);
    revalidatePath(PAGE);
    return done(
      required
        ? 'Two-factor sign-in is now required for every portal-password account: people without it are led to set it up at their next page.'
        : 'Two-factor sign-in is no longer required (people who set it up keep using it).',
    );
  },
});
