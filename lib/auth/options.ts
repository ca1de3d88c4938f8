import 'server-only';
import { randomBytes } from 'node:crypto';
import type { AuthOptions, Awaitable, User as NextAuthUser } from 'next-auth';
import type { JWT } from 'next-auth/jwt';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import AzureADProvider from 'next-auth/providers/azure-ad';
import CredentialsProvider from 'next-auth/providers/credentials';
import OktaProvider from 'next-auth/providers/okta';
import { getDb } from '@/lib/db/client';
import { appendAudit } from '@/lib/db/queries/audit';
import { endSession } from '@/lib/db/queries/ended-sessions';
import { deleteUserSession, recordUserSession, touchUserSession } from '@/lib/db/queries/user-sessions';
import { findUserByEmail, findUserById, recordUserSignIn, upsertSsoUser, type User } from '@/lib/db/queries/users';
import type { Db } from '@/lib/db/schema';
import { publicOrigin } from '@/lib/runtime/public-url';
import { safeRedirectUrl } from './callback-url';
import { type AuthConfig, type OidcSettings, readAuthConfig, roleFromClaims } from './config';
import { authorizeCredentials } from './credentials';
import { resolveAuthSecret } from './secret';
import { SIGN_IN_ERROR } from './sign-in-errors';
import { checkSession, markSessionEnded, type PortalTokenClaims } from './session-check';
import { sessionHandle } from './session-handle';
import { log } from '@/lib/runtime/logger';

/** The user as pages see it (`requireUser()`), also `session.user` on the client. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: User['role'];
  provider: string;
  /** Which of the user's sessions this is (a hash of its id; see session-handle.ts), when known. */
  sessionHandle?: string;
}

/** Thrown inside next-auth's jwt callback to end a session; next-auth then treats it as signed out. */
export class SessionRefused extends Error {
  override name = 'SessionRefused';
}

export interface AuthDeps {
  config: AuthConfig;
  secret: string;
  loadDb: () => Promise<Db>;
  /** The client address of the request being handled (route handler only), for audit and throttling. */
  address?: string;
  /** The browser's User-Agent of that request, recorded with a new session so people recognise it. */
  userAgent?: string;
}

// A session's last-seen time is written at most this often (per instance), not on every request.
const TOUCH_INTERVAL_MS = 5 * 60_000;
const touched = ((globalThis as typeof globalThis & { [k: symbol]: Map<string, number> | undefined })[Symbol.for('fsr-portal.auth.session-touched')] ??= new Map<string, number>());

async function touchSession(loadDb: () => Promise<Db>, sid: string, nowMs: number = Date.now()): Promise<void> {
  const last = touched.get(sid);
  if (last !== undefined && nowMs - last < TOUCH_INTERVAL_MS) return;
  touched.set(sid, nowMs);
  if (touched.size > 5000) for (const [k, v] of touched) if (nowMs - v >= TOUCH_INTERVAL_MS) touched.delete(k);
  try {
    await touchUserSession(await loadDb(), sid, nowMs);
  } catch (err) {
    // Last-seen is information, not access control: a failed write must not end the session.
    log.warn(`[auth] could not record session activity: ${err instanceof Error ? err.message : String(err)}`);
  }
}

type PortalUser = NextAuthUser & { role: User['role']; sv: number };
type Claims = Record<string, unknown>;

function claimString(claims: Claims, name: string): string | undefined {
  const v = claims[name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** The e-mail an IdP asserts: `email`, else an address-shaped `preferred_username` or `upn` (Entra ID). */
export function emailFromClaims(claims: Claims): string | undefined {
  const email = claimString(claims, 'email');
  if (email) return email;
  for (const name of ['preferred_username', 'upn']) {
    const v = claimString(claims, name);
    if (v?.includes('@')) return v;
  }
  return undefined;
}

function ssoProfile(claims: Claims) {
  const email = emailFromClaims(claims);
  return {
    id: String(claims.sub ?? claims.oid ?? ''),
    name: claimString(claims, 'name') ?? claimString(claims, 'preferred_username') ?? email ?? null,
    email: email ?? null,
    image: null,
  };
}

function oauthProvider(s: OidcSettings): OAuthConfig<Claims> {
  // PKCE and state on every provider; the profile comes from the ID token's claims, which is also
  // where the role claim (groups, roles) is read from.
  const common = {
    clientId: s.clientId,
    clientSecret: s.clientSecret,
    checks: ['pkce', 'state'] as Array<'pkce' | 'state'>,
    idToken: true,
    profile: ssoProfile,
  };
  if (s.id === 'azure-ad') {
    const tenantId = decodeURIComponent(s.issuer.split('/')[3]);
    // Our profile() replaces the built-in one, which would also fetch a photo from Graph into the cookie.
    return AzureADProvider({ ...common, tenantId } as Parameters<typeof AzureADProvider>[0]) as OAuthConfig<Claims>;
  }
  if (s.id === 'okta') return OktaProvider({ ...common, issuer: s.issuer }) as OAuthConfig<Claims>;
  return {
    id: 'oidc',
    name: s.name,
    type: 'oauth',
    wellKnown: `${s.issuer}/.well-known/openid-configuration`,
    authorization: { params: { scope: 'openid email profile' } },
    ...common,
  };
}

export function buildAuthOptions(deps: AuthDeps): AuthOptions {
  const { config } = deps;
  const providers: AuthOptions['providers'] = [];
  if (config.localAccounts) {
    providers.push(
      CredentialsProvider({
        id: 'credentials',
        name: 'Portal account',
        credentials: {
          email: { label: 'E-mail address', type: 'email' },
          password: { label: 'Password', type: 'password' },
          code: { label: 'Authentication code', type: 'text' },
        },
        async authorize(credentials) {
          let result: Awaited<ReturnType<typeof authorizeCredentials>>;
          try {
            result = await authorizeCredentials(
              await deps.loadDb(),
              {
                email: credentials?.email,
                password: credentials?.password,
                code: (credentials as Record<string, unknown> | undefined)?.code,
                address: deps.address ?? 'unknown',
              },
              config.throttle,
            );
          } catch (err) {
            // next-auth would put the message in the sign-in URL; log it here and show a code.
            log.error(`[auth] password sign-in failed: ${err instanceof Error ? err.message : String(err)}`);
            throw new Error(SIGN_IN_ERROR.unavailable);
          }
          if (!result.ok) {
            if (result.error === 'CredentialsSignin') return null;
            // next-auth passes the message on as the error code (?error=… / signIn().error).
            throw new Error(result.error);
          }
          const u = result.user;
          const user: PortalUser = { id: u.id, email: u.email, name: u.name, role: u.role, sv: u.sessionVersion };
          return user;
        },
      }),
    );
  }
  for (const s of config.sso) providers.push(oauthProvider(s));

  async function ssoRefused(email: string | undefined, provider: string, reason: string, user?: User | null) {
    await appendAudit(await deps.loadDb(), {
      action: 'auth.sign-in-failed',
      outcome: 'denied',
      actor: user ? { id: user.id, email: user.email } : null,
      reference: email ?? null,
      detail: { email: email ?? null, provider, reason, address: deps.address ?? null },
    });
    return false;
  }

  return {
    secret: deps.secret,
    providers,
    session: { strategy: 'jwt', maxAge: config.sessionMaxAgeSeconds },
    jwt: { maxAge: config.sessionMaxAgeSeconds },
    pages: { signIn: '/login', error: '/login' },
    callbacks: {
      async signIn({ account, profile }) {
        if (!account || account.provider === 'credentials') return true;
        const claims = (profile ?? {}) as Claims;
        const email = emailFromClaims(claims);
        if (!email) return ssoRefused(undefined, account.provider, 'no-email-claim');
        if (claims.email_verified === false) return ssoRefused(email, account.provider, 'email-unverified');
        const db = await deps.loadDb();
        const existing = await findUserByEmail(db, email);
        if (existing?.disabled) return ssoRefused(email, account.provider, 'account-disabled', existing);
        // An identity provider vouches for an e-mail, not for the portal account that has it: a
        // local account (with a password, perhaps the first administrator) or one bound to another
        // provider is never taken over by matching addresses. Invited accounts ('sso') bind to
        // the first provider they sign in with.
        if (existing?.authProvider === 'local') return ssoRefused(email, account.provider, 'local-account', existing);
        if (existing && existing.authProvider !== 'sso' && existing.authProvider !== account.provider) {
          return ssoRefused(email, account.provider, 'other-provider', existing);
        }
        if (!existing && !config.ssoAutoCreate) return ssoRefused(email, account.provider, 'not-invited');
        await upsertSsoUser(db, {
          email,
          name: claimString(claims, 'name'),
          provider: account.provider as 'azure-ad' | 'okta' | 'oidc',
          mappedRole: roleFromClaims(claims, config),
          defaultRole: config.defaultSsoRole,
        });
        return true;
      },

      async jwt({ token, user, account }): Promise<JWT> {
        if (user && account) {
          // Sign-in: bind the session to the portal's account and its current session version.
          const db = await deps.loadDb();
          const portalUser = account.provider === 'credentials' ? await findUserById(db, user.id) : user.email ? await findUserByEmail(db, user.email) : null;
          if (!portalUser) throw new SessionRefused('The account for this sign-in was not found.');
          const claims: PortalTokenClaims = {
            uid: portalUser.id,
            sv: portalUser.sessionVersion,
            role: portalUser.role,
            provider: account.provider,
            authAt: Math.floor(Date.now() / 1000),
            sid: randomBytes(16).toString('base64url'),
          };
          // The session is listed under the account (/account) from now until it ends.
          await recordUserSession(db, {
            sid: claims.sid!,
            userId: portalUser.id,
            sessionVersion: portalUser.sessionVersion,
            provider: account.provider,
            expiresAt: new Date((claims.authAt + config.sessionMaxAgeSeconds) * 1000).toISOString(),
            userAgent: deps.userAgent ?? null,
            address: deps.address ?? null,
          });
          return { sub: portalUser.id, email: portalUser.email, name: portalUser.name, ...claims };
        }
        const verdict = await checkSession(deps.loadDb, token, {
          maxAgeSeconds: config.sessionMaxAgeSeconds,
          revalidateSeconds: config.userRevalidateSeconds,
        });
        if (!verdict.ok) throw new SessionRefused(`session refused: ${verdict.reason}`);
        if (typeof token.sid === 'string') await touchSession(deps.loadDb, token.sid);
        // Role and name follow the account (an admin's change applies without signing in again);
        // a session carried over to a new session version takes it on.
        return {
          ...token,
          sv: verdict.user.sessionVersion,
          role: verdict.user.role,
          name: verdict.user.name,
          email: verdict.user.email,
        };
      },

      session({ session, token }) {
        const t = token as JWT & PortalTokenClaims;
        const user: SessionUser = {
          id: t.uid,
          email: String(t.email ?? ''),
          name: String(t.name ?? t.email ?? ''),
          role: t.role,
          provider: t.provider,
          ...(typeof t.sid === 'string' ? { sessionHandle: sessionHandle(t.sid) } : {}),
        };
        return { ...session, user } as typeof session;
      },

      redirect({ url }): Awaitable<string> {
        // The public address, not next-auth's idea of the base URL from the request.
        return safeRedirectUrl(url, publicOrigin());
      },
    },
    events: {
      async signIn({ user, account }) {
        const db = await deps.loadDb();
        const portalUser = account?.provider === 'credentials' ? await findUserById(db, user.id) : user.email ? await findUserByEmail(db, user.email) : null;
        // The last-sign-in time and the audit entry are written together or not at all.
        await db.transaction().execute(async (trx) => {
          if (portalUser) await recordUserSignIn(trx, portalUser.id);
          await appendAudit(trx, {
            action: 'auth.sign-in',
            outcome: 'success',
            actor: portalUser ? { id: portalUser.id, email: portalUser.email } : null,
            reference: portalUser?.email ?? user.email ?? null,
            detail: { provider: account?.provider ?? 'unknown', address: deps.address ?? null },
          });
        });
      },
      async signOut({ token }) {
        const t = token as (JWT & Partial<PortalTokenClaims>) | null;
        const db = await deps.loadDb();
        // The session ends for good, not just in this browser: its id is recorded (with the audit
        // entry, in one transaction) so a copy of the cookie is refused too.
        await db.transaction().execute(async (trx) => {
          if (t?.sid && t.uid && typeof t.authAt === 'number') {
            await endSession(trx, { sid: t.sid, userId: t.uid, expiresAt: new Date((t.authAt + config.sessionMaxAgeSeconds) * 1000).toISOString() });
            await deleteUserSession(trx, t.sid, t.uid);
          }
          await appendAudit(trx, {
            action: 'auth.sign-out',
            outcome: 'success',
            actor: t?.uid ? { id: t.uid, email: String(t.email ?? '') } : null,
            reference: t?.email ? String(t.email) : null,
            detail: { address: deps.address ?? null },
          });
        });
        if (t?.sid) markSessionEnded(t.sid);
      },
    },
    logger: {
      error(code, metadata) {
        // An ended session (revoked, disabled, expired) is routine, not an error worth a stack trace.
        const err = (metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error) as Error | undefined;
        if (code === 'JWT_SESSION_ERROR' && err?.name === 'SessionRefused') {
          log.info(`[auth] ${err.message}`);
          return;
        }
        log.error({ detail: err?.message ?? metadata }, `[next-auth][error][${code}]`);
      },
      warn(code) {
        log.warn(`[next-auth][warn][${code}]`);
      },
      debug() {},
    },
  };
}

const CONFIG = Symbol.for('fsr-portal.auth.config');
const g = globalThis as typeof globalThis & { [CONFIG]?: AuthConfig };

/** The environment's auth configuration, read once per process (throws with the variable to fix). */
export function authConfig(): AuthConfig {
  return (g[CONFIG] ??= readAuthConfig(process.env));
}

/** next-auth options for this process; `address` is the client's, when handling a request. */
export function getAuthOptions(address?: string, userAgent?: string): AuthOptions {
  return buildAuthOptions({ config: authConfig(), secret: resolveAuthSecret().secret, loadDb: getDb, address, userAgent });
}
