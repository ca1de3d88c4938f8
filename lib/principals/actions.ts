'use server';

import { MAX_REVIEW_NOTE, noteTooLong } from '@/lib/watch/review-fields';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { done } from '@/lib/actions/action-state';
import { defineAction } from '@/lib/actions/define-action';
import { CHANGE_STATES } from '@/lib/watch/watch-store';
import { principalPath, PRINCIPALS_PATH } from '@/lib/routes/portal-paths';
import { isEngineId } from '@/lib/watchlists/ids';
import { PrincipalInputError, principalStore } from './principal-store';

const findingUpdate = z.object({
  id: z.string().refine(isEngineId, 'That finding does not exist.'),
  state: z.enum(CHANGE_STATES as [string, ...string[]], { message: `Choose a state: ${CHANGE_STATES.join(', ')}.` }),
  assignee: z.string().max(254, 'That e-mail address is too long.'),
  note: z.string().max(MAX_REVIEW_NOTE, noteTooLong()),
});

/**
 * A finding's review on /principals/[frn]: state, assignee and note, as a watch change's (audited
 * as `principal.finding.update` in the store's transaction). Analysts and admins only.
 */
export const updateFindingAction = defineAction({
  role: 'analyst',
  path: PRINCIPALS_PATH,
  input: (form) => ({ id: form.get('id'), state: form.get('state'), assignee: form.get('assignee') ?? '', note: form.get('note') ?? '' }),
  schema: findingUpdate,
  known: [PrincipalInputError],
  failure: 'Saving the finding failed. Try again; if it keeps failing, check the server log.',
  logAs: '[principals] saving a finding failed',
  async run(input, { user }) {
    const finding = await principalStore.updateFinding(
      input.id,
      { state: input.state as (typeof CHANGE_STATES)[number], assigneeEmail: input.assignee, note: input.note },
      { id: user.id, email: user.email },
    );
    revalidatePath(principalPath(finding.principalFrn));
    return done(`Marked ${finding.state}${finding.assigneeEmail ? `, assigned to ${finding.assigneeEmail}` : ''}.`);
  },
});
