import 'server-only';
import { getServerSession } from 'next-auth';
import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/lib/db/client';
import { loginPath } from './callback-url';
import { authConfig, getAuthOptions, type SessionUser } from './options';
import { databaseUnwritable, noteDatabaseError } from '@/lib/db/db-writable';
import { databaseUnavailableResponse } from '@/lib/health/unavailable-response';
import { hasRole, type Role } from './roles';
import { REQUEST_PATH_HEADER } from './route-access';
import { SIGN_IN_ERROR } from './sign-in-errors';
import { mustEnrolTwoFactor, TWO_FACTOR_ENROL_PATH } from './two-factor-requirement';

export type { SessionUser };

/**
 * The signed-in user, or null. Checks the account behind the session (disabled, revoked, expired),
 * so a null here is authoritative. Cached for the duration of one render.
 */
export const getSessionUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(getAuthOptions());
  const user = session?.user as Partial<SessionUser> | undefined;
  return user?.id && user.role ? (user as SessionUser) : null;
});

async function hadSessionCookie(): Promise<boolean> {
  const jar = await cookies();
  return jar.getAll().some((c) => /(^|__Secure-)next-auth\.session-token(\.\d+)?$/.test(c.name));
}

async function currentPath(): Promise<string> {
  return (await headers()).get(REQUEST_PATH_HEADER) ?? '/';
}

/** Whether the user must set up two-factor sign-in before anything else (an administrator requires it). Once per render. */
const enrolmentDue = cache(async (userId: string, provider: string): Promise<boolean> =>
  mustEnrolTwoFactor(getDb, { id: userId, provider }, authConfig().userRevalidateSeconds * 1000),
);

export interface RequireUserOptions {
  /** The two-factor enrolment page and its actions: reachable while enrolment is due. */
  whileTwoFactorEnrolmentDue?: boolean;
}

/**
 * For pages, layouts and server actions: the signed-in user, or a redirect to /login that comes
 * back to `callbackPath` (default: the page being requested) after sign-in. When an administrator
 * requires two-factor sign-in and this local account has none yet, every page but the enrolment
 * page redirects there first (and comes back afterwards).
 */
export async function requireUser(callbackPath?: string, options: RequireUserOptions = {}): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) {
    // A session cookie that no longer works means the session was ended (revoked, disabled,
    // expired): say so rather than showing a bare sign-in form.
    const ended = await hadSessionCookie();
    redirect(loginPath(callbackPath ?? (await currentPath()), ended ? SIGN_IN_ERROR.sessionEnded : undefined));
  }
  if (!options.whileTwoFactorEnrolmentDue && (await enrolmentDue(user.id, user.provider))) {
    const back = callbackPath ?? (await currentPath());
    redirect(`${TWO_FACTOR_ENROL_PATH}?required=1&next=${encodeURIComponent(back)}`);
  }
  return user;
}

/** As requireUser, then a 403 page (Next's forbidden()) when the role is below `role`. */
export async function requireRole(role: Role, callbackPath?: string): Promise<SessionUser> {
  const user = await requireUser(callbackPath);
  if (!hasRole(user.role, role)) forbidden();
  return user;
}

export type RequestAuthorization = { ok: true; user: SessionUser } | { ok: false; response: Response };

/**
 * For route handlers: the user, or a ready 401/403 JSON response.
 *
 *   const auth = await authorizeRequest('analyst');
 *   if (!auth.ok) return auth.response;
 */
export async function authorizeRequest(role: Role = 'viewer'): Promise<RequestAuthorization> {
  const user = await getSessionUser();
  if (!user) {
    return {
      ok: false,
      response: Response.json({ error: 'unauthenticated', message: 'Sign in to use this endpoint.' }, { status: 401, headers: { 'cache-control': 'no-store' } }),
    };
  }
  if (!hasRole(user.role, role)) {
    return {
      ok: false,
      response: Response.json(
        { error: 'forbidden', message: `This endpoint needs the ${role} role; you are signed in as ${user.role}.` },
        { status: 403, headers: { 'cache-control': 'no-store' } },
      ),
    };
  }
  if (await enrolmentDue(user.id, user.provider)) {
    return {
      ok: false,
      response: Response.json(
        {
          error: 'two-factor-enrolment-required',
          message: `An administrator requires two-factor sign-in: set it up at ${TWO_FACTOR_ENROL_PATH} first.`,
        },
        { status: 403, headers: { 'cache-control': 'no-store' } },
      ),
    };
  }
  return { ok: true, user };
}

/**
 * Wraps a route handler so it only runs for a signed-in user with at least `role`:
 *
 *   export const GET = withAuth('viewer', async (request, context, user) => Response.json(…));
 */
export function withAuth<C>(
  role: Role,
  handler: (request: Request, context: C, user: SessionUser) => Promise<Response> | Response,
): (request: Request, context: C) => Promise<Response> {
  return async (request, context) => {
    try {
      const auth = await authorizeRequest(role);
      if (!auth.ok) return auth.response;
      return await handler(request, context, auth.user);
    } catch (error) {
      // The request that finds the database unable to write (read-only, full, gone) answers 503
      // JSON in words, as every request after it does from the proxy; anything else stays a 500.
      if (noteDatabaseError(error) || databaseUnwritable()) return databaseUnavailableResponse(new URL(request.url).pathname, 'application/json');
      throw error;
    }
  };
}
