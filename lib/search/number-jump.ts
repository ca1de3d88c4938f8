import 'server-only';
import { redirect } from 'next/navigation';
import { readFirm, readFund } from '@/lib/page-data/cached-reads';
import type { RegisterResult } from '@/lib/register/result';
import { entityPath } from '@/lib/routes/portal-paths';
import type { EntityReference } from '@/lib/routes/reference-query';

/** What the search page says when neither reading of a number is on the register. */
export interface NumberNotFound {
  primary: EntityReference;
  alternativeResult: RegisterResult<unknown>;
}

function lookUp(ref: EntityReference): Promise<RegisterResult<unknown>> {
  return ref.entity === 'fund' ? readFund(ref.ref) : readFirm(ref.ref);
}

/**
 * Digits may be an FRN or a PRN: try the reading the search type suggests, then the other one.
 * Both reads land in the register cache, so the page it redirects to costs nothing more. Returns
 * what to say when neither exists (or the second could not be checked); otherwise redirects.
 */
export async function jumpToNumber(primary: EntityReference, alternative: EntityReference): Promise<NumberNotFound> {
  const found = await lookUp(primary);
  // Found, or the register failed: the record's own page shows the record or explains the failure.
  if (found.kind !== 'not-found') redirect(entityPath(primary.entity, primary.ref));
  const other = await lookUp(alternative);
  if (other.kind === 'ok') redirect(entityPath(alternative.entity, alternative.ref));
  return { primary, alternativeResult: other };
}
