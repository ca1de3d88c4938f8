'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { requireRole } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { CHANGE_STATES } from '@/lib/watch/watch-store';
import { principalPath, PRINCIPALS_PATH } from '@/lib/routes/portal-paths';
import { log } from '@/lib/runtime/logger';
import type { WatchActionState } from '@/lib/watchlists/action-state';
import { isEngineId } from '@/lib/watchlists/ids';
import { PrincipalInputError, updateFinding } from './principal-store';

const findingUpdate = z.object({
  id: z.string().refine(isEngineId, 'That finding does not exist.'),
  state: z.enum(CHANGE_STATES as [string, ...string[]], { message: `Choose a state: ${CHANGE_STATES.join(', ')}.` }),
  assignee: z.string().max(254, 'That e-mail address is too long.'),
  note: z.string().max(2000, 'A note is at most 2,000 characters.'),
});

/**
 * A finding's review on /principals/[frn]: state, assignee and note, as a watch change's (audited
 * as `principal.finding.update` in the same transaction). Analysts and admins only: a server action
 * is a public POST endpoint, so the role is checked here, whatever page rendered the form.
 */
export async function updateFindingAction(_prev: WatchActionState, form: FormData): Promise<WatchActionState> {
  const user = await requireRole('analyst', PRINCIPALS_PATH);
  try {
    const input = findingUpdate.parse({ id: form.get('id'), state: form.get('state'), assignee: form.get('assignee') ?? '', note: form.get('note') ?? '' });
    const finding = await updateFinding(
      await getDb(),
      input.id,
      { state: input.state as (typeof CHANGE_STATES)[number], assigneeEmail: input.assignee, note: input.note },
      { id: user.id, email: user.email },
    );
    revalidatePath(principalPath(finding.principalFrn));
    return { status: 'success', message: `Marked ${finding.state}${finding.assigneeEmail ? `, assigned to ${finding.assigneeEmail}` : ''}.` };
  } catch (err) {
    if (err instanceof PrincipalInputError) return { status: 'error', message: err.message };
    if (err instanceof z.ZodError) return { status: 'error', message: err.issues.map((i) => i.message).join(' ') };
    log.error({ err }, '[principals] saving a finding failed');
    return { status: 'error', message: 'Saving the finding failed. Try again; if it keeps failing, check the server log.' };
  }
}
