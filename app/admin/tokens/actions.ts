'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { done } from '@/lib/actions/action-state';
import { defineAction, type FormActionSpec } from '@/lib/actions/define-action';
import type { AdminActor } from '@/lib/auth/user-admin';
import type { SessionUser } from '@/lib/auth/options';
import { parseCeiling, parsePriority, parseScopes, TokenInputError } from '@/lib/tokens/token-admin';
import { tokenStore } from '@/lib/tokens/token-store';

const PAGE = '/admin/tokens';

/** Administrators only; each change is audited by lib/tokens/token-admin.ts. */
function tokenAction<Raw, I = Raw>(spec: Pick<FormActionSpec<Raw, I>, 'input' | 'schema' | 'run'>) {
  return defineAction<Raw, I>({
    role: 'admin',
    path: PAGE,
    known: [TokenInputError],
    failure: 'The change could not be saved. Try again; if it keeps failing, check the server log.',
    logAs: '[admin/tokens] action failed',
    ...spec,
  });
}

function actorOf(admin: SessionUser): AdminActor {
  return { id: admin.id, email: admin.email, via: 'admin-page' };
}

const newToken = z.object({
  name: z.string().trim().min(1, 'Name the program the token is for.').max(100, 'The program name is too long (100 characters at most).'),
  scope: z.array(z.string()).min(1, 'Choose what the token may use.'),
  days: z.coerce.number({ message: 'Enter the number of days until the token expires.' }).int('Days must be a whole number.'),
  ceiling: z.string().trim().min(1, 'Enter the ceiling as REQUESTS/SECONDS, for example 60/60.'),
  priority: z.string().trim(),
});

export const createTokenAction = tokenAction({
  input: (form) => ({
    name: form.get('name') ?? '',
    scope: form.getAll('scope'),
    days: form.get('days'),
    ceiling: form.get('ceiling') ?? '',
    priority: form.get('priority') ?? '',
  }),
  schema: newToken,
  async run(input, { user }) {
    const { token, secret } = await tokenStore.issueToken(actorOf(user), {
      name: input.name,
      scopes: parseScopes(input.scope.join(',')),
      expiresInDays: input.days,
      ceiling: parseCeiling(input.ceiling),
      priority: parsePriority(input.priority),
    });
    revalidatePath(PAGE);
    return done(`Issued a token to ${token.name}.`, { oneTimeSecret: { id: token.id, name: token.name, secret } });
  },
});

const tokenIntent = z.object({ intent: z.enum(['revoke', 'rotate']), tokenId: z.string().min(1) });

export const manageTokenAction = tokenAction({
  input: (form) => ({ intent: form.get('intent'), tokenId: form.get('tokenId') }),
  schema: tokenIntent,
  async run(input, { user }) {
    if (input.intent === 'revoke') {
      const token = await tokenStore.revokeToken(actorOf(user), input.tokenId);
      revalidatePath(PAGE);
      return done(`${token.name}'s token is revoked; it is refused from now on.`);
    }
    const { token, secret } = await tokenStore.rotateToken(actorOf(user), input.tokenId);
    revalidatePath(PAGE);
    return done(`New secret for ${token.name}; the old one no longer works.`, { oneTimeSecret: { id: token.id, name: token.name, secret } });
  },
});
