'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireRole } from '@/lib/auth/session';
import {
  AdminActionError,
  type AdminActor,
  changeUserRole,
  createLocalUser,
  inviteSsoUser,
  resetUserPassword,
  resetUserTwoFactor,
  revokeAllSessions,
  setTwoFactorRequirement,
  setUserEnabled,
} from '@/lib/auth/user-admin';
import { rememberTwoFactorRequired } from '@/lib/auth/two-factor-requirement';
import { getDb } from '@/lib/db/client';
import { UserInputError } from '@/lib/db/queries/users';
import { ROLES } from '@/lib/db/schema';
import type { AdminActionState } from './action-state';
import { log } from '@/lib/runtime/logger';

const PAGE = '/admin/users';

// Every action checks the caller's role itself: a server action is a public POST endpoint, and
// the page that rendered the form proves nothing about who calls it.
async function adminActor(): Promise<AdminActor> {
  const admin = await requireRole('admin', PAGE);
  return { id: admin.id, email: admin.email, via: 'admin-page' };
}

function failure(err: unknown): AdminActionState {
  if (err instanceof UserInputError || err instanceof AdminActionError) return { status: 'error', message: err.message };
  if (err instanceof z.ZodError) return { status: 'error', message: err.issues.map((i) => i.message).join(' ') };
  log.error({ err }, '[admin/users] action failed');
  return { status: 'error', message: 'The change could not be saved. Try again; if it keeps failing, check the server log.' };
}

const roleField = z.enum(ROLES, { message: `Choose a role: ${ROLES.join(', ')}.` });

const newUser = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address.').max(254, 'That e-mail address is too long.'),
  name: z.string().trim().max(200, 'The name is too long (200 characters at most).').optional(),
  role: roleField,
  kind: z.enum(['local', 'invite'], { message: 'Choose how the user will sign in.' }),
});

export async function createUserAction(_prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const actor = await adminActor();
  try {
    const input = newUser.parse({
      email: formData.get('email') ?? '',
      name: formData.get('name') || undefined,
      role: formData.get('role'),
      kind: formData.get('kind'),
    });
    const db = await getDb();
    if (input.kind === 'invite') {
      const user = await inviteSsoUser(db, actor, input);
      revalidatePath(PAGE);
      return { status: 'success', message: `Invited ${user.email} as ${user.role}. They sign in with single sign-on.` };
    }
    const { user, password } = await createLocalUser(db, actor, input);
    revalidatePath(PAGE);
    return {
      status: 'success',
      message: `Created ${user.email} as ${user.role}.`,
      oneTimePassword: { email: user.email, password },
    };
  } catch (err) {
    return failure(err);
  }
}

const userIntent = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('set-role'), userId: z.string().min(1), role: roleField }),
  z.object({ intent: z.literal('disable'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('enable'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('reset-password'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('revoke-sessions'), userId: z.string().min(1) }),
  z.object({ intent: z.literal('reset-two-factor'), userId: z.string().min(1) }),
]);

export async function manageUserAction(_prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const actor = await adminActor();
  try {
    const input = userIntent.parse({
      intent: formData.get('intent'),
      userId: formData.get('userId'),
      role: formData.get('role') ?? undefined,
    });
    const db = await getDb();
    let result: AdminActionState;
    switch (input.intent) {
      case 'set-role': {
        const u = await changeUserRole(db, actor, input.userId, input.role);
        result = { status: 'success', message: `${u.email} is now ${u.role}.` };
        break;
      }
      case 'disable': {
        const u = await setUserEnabled(db, actor, input.userId, false);
        result = { status: 'success', message: `${u.email} is disabled and signed out everywhere.` };
        break;
      }
      case 'enable': {
        const u = await setUserEnabled(db, actor, input.userId, true);
        result = { status: 'success', message: `${u.email} is enabled again.` };
        break;
      }
      case 'reset-password': {
        const { user, password } = await resetUserPassword(db, actor, input.userId);
        result = {
          status: 'success',
          message: `New password for ${user.email}; their sessions have ended.`,
          oneTimePassword: { email: user.email, password },
        };
        break;
      }
      case 'revoke-sessions': {
        const u = await revokeAllSessions(db, actor, input.userId);
        result = { status: 'success', message: `${u.email} is signed out everywhere.` };
        break;
      }
      case 'reset-two-factor': {
        const { user: u, hadTwoFactor } = await resetUserTwoFactor(db, actor, input.userId);
        result = {
          status: 'success',
          message: hadTwoFactor
            ? `Two-factor sign-in of ${u.email} is removed and their sessions have ended; they set up a new device after signing in with their password.`
            : `${u.email} had no two-factor sign-in; their sessions have ended.`,
        };
        break;
      }
    }
    revalidatePath(PAGE);
    return result;
  } catch (err) {
    return failure(err);
  }
}

export async function twoFactorRequirementAction(_prev: AdminActionState, formData: FormData): Promise<AdminActionState> {
  const actor = await adminActor();
  try {
    const required = formData.get('requireTwoFactor') === 'on';
    await setTwoFactorRequirement(await getDb(), actor, required);
    rememberTwoFactorRequired(required);
    revalidatePath(PAGE);
    return {
      status: 'success',
      message: required
        ? 'Two-factor sign-in is now required for every portal-password account: people without it are led to set it up at their next page.'
        : 'Two-factor sign-in is no longer required (people who set it up keep using it).',
    };
  } catch (err) {
    return failure(err);
  }
}
