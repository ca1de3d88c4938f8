import { isTwoFactorRequired } from '@/lib/db/queries/settings';
import type { Db } from '@/lib/db/schema';
import { hasTwoFactor } from './two-factor';

// "Every local account needs two-factor sign-in": an administrator's setting, read by every page
// (requireUser). It is cached for at most the session revalidation time, like the account behind
// a session; the instance where the administrator changed it knows at once.

export const TWO_FACTOR_ENROL_PATH = '/account/two-factor';

let cached: { value: boolean; at: number } | undefined;

export async function twoFactorRequired(loadDb: () => Promise<Db>, revalidateMs: number, nowMs: number = Date.now()): Promise<boolean> {
  if (cached && nowMs - cached.at < revalidateMs) return cached.value;
  const value = await isTwoFactorRequired(await loadDb());
  cached = { value, at: nowMs };
  return value;
}

export function rememberTwoFactorRequired(value: boolean, nowMs: number = Date.now()): void {
  cached = { value, at: nowMs };
}

/** True when this signed-in user must enrol before using the portal: a password sign-in, required, not enrolled. */
export async function mustEnrolTwoFactor(loadDb: () => Promise<Db>, user: { id: string; provider: string }, revalidateMs: number): Promise<boolean> {
  if (user.provider !== 'credentials') return false;
  if (!(await twoFactorRequired(loadDb, revalidateMs))) return false;
  return !(await hasTwoFactor(await loadDb(), user.id));
}
