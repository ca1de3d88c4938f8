'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireRole } from '@/lib/auth/session';
import type { AdminActor } from '@/lib/auth/user-admin';
import { getDb } from '@/lib/db/client';
import { issueToken, parseCeiling, parsePriority, parseScopes, revokeToken, rotateToken, TokenInputError } from '@/lib/tokens/token-admin';
import type { TokenActionState } from './token-action-state';
import { log } from '@/lib/runtime/logger';

const PAGE = '/admin/tokens';

// Every action checks the caller's role itself: a server action is a public POST endpoint.
async function adminActor(): Promise<AdminActor> {
  const admin = await requireRole('admin', PAGE);
  return { id: admin.id, email: admin.email, via: 'admin-page' };
}

function failure(err: unknown): TokenActionState {
  if (err instanceof TokenInputError) return { status: 'error', message: err.message };
  if (err instanceof z.ZodError) return { status: 'error', message: err.issues.map((i) => i.message).join(' ') };
  log.error({ err }, '[admin/tokens] action failed');
  return { status: 'error', message: 'The change could not be saved. Try again; if it keeps failing, check the server log.' };
}

const newToken = z.object({
  name: z.string().trim().min(1, 'Name the program the token is for.').max(100, 'The program name is too long (100 characters at most).'),
  scope: z.array(z.string()).min(1, 'Choose what the token may use.'),
  days: z.coerce.number({ message: 'Enter the number of days until the token expires.' }).int('Days must be a whole number.'),
  ceiling: z.string().trim().min(1, 'Enter the ceiling as REQUESTS/SECONDS, for example 60/60.'),
  priority: z.string().trim(),
});

export async function createTokenAction(_prev: TokenActionState, formData: FormData): Promise<TokenActionState> {
  const actor = await adminActor();
  try {
    const input = newToken.parse({
      name: formData.get('name') ?? '',
      scope: formData.getAll('scope'),
      days: formData.get('days'),
      ceiling: formData.get('ceiling') ?? '',
      priority: formData.get('priority') ?? '',
    });
    const { token, secret } = await issueToken(await getDb(), actor, {
      name: input.name,
      scopes: parseScopes(input.scope.join(',')),
      expiresInDays: input.days,
      ceiling: parseCeiling(input.ceiling),
      priority: parsePriority(input.priority),
    });
    revalidatePath(PAGE);
    return { status: 'success', message: `Issued a token to ${token.name}.`, oneTimeSecret: { id: token.id, name: token.name, secret } };
  } catch (err) {
    return failure(err);
  }
}

const tokenIntent = z.object({ intent: z.enum(['revoke', 'rotate']), tokenId: z.string().min(1) });

export async function manageTokenAction(_prev: TokenActionState, formData: FormData): Promise<TokenActionState> {
  const actor = await adminActor();
  try {
    const input = tokenIntent.parse({ intent: formData.get('intent'), tokenId: formData.get('tokenId') });
    const db = await getDb();
    if (input.intent === 'revoke') {
      const token = await revokeToken(db, actor, input.tokenId);
      revalidatePath(PAGE);
      return { status: 'success', message: `${token.name}'s token is revoked; it is refused from now on.` };
    }
    const { token, secret } = await rotateToken(db, actor, input.tokenId);
    revalidatePath(PAGE);
    return { status: 'success', message: `New secret for ${token.name}; the old one no longer works.`, oneTimeSecret: { id: token.id, name: token.name, secret } };
  } catch (err) {
    return failure(err);
  }
}
