import { trustedProxyHops } from '@/lib/runtime/forwarded';
import { type Env, settingValue } from '@/lib/runtime/settings-values';
import { ROLES, type Role } from '@/lib/db/schema';
import { highestRole } from './roles';

// Everything the sign-in machinery reads from the environment, parsed and checked in one place so
// a mistake is reported at start-up with the variable's name rather than as odd behaviour later.

export interface ThrottlePolicy {
  windowMs: number;
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
}

export interface OidcSettings {
  id: 'azure-ad' | 'okta' | 'oidc';
  name: string;
  clientId: string;
  clientSecret: string;
  /** Issuer URL (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
}

export interface AuthConfig {
  sessionMaxAgeSeconds: number;
  /** How long a session check may trust a cached read of the user (revocation delay). */
  userRevalidateSeconds: number;
  throttle: ThrottlePolicy;
  /** Reverse proxies in front of the portal that append to X-Forwarded-For (TRUST_PROXY, lib/runtime/forwarded.ts). */
  trustedProxies: number;
  localAccounts: boolean;
  sso: OidcSettings[];
  roleClaim: string | null;
  roleMap: Map<string, Role>;
  defaultSsoRole: Role;
  /** Whether a first SSO sign-in creates the account; when false, SSO users must be invited. */
  ssoAutoCreate: boolean;
}

export class AuthConfigError extends Error {
  override name = 'AuthConfigError';
}

function positiveNumber(env: Env, name: string, fallback: number, max?: number): number {
  const raw = settingValue(env, name);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new AuthConfigError(`${name} must be a positive number.`);
  if (max !== undefined && n > max) throw new AuthConfigError(`${name} must be at most ${max}.`);
  return n;
}

function nonNegativeInteger(env: Env, name: string, fallback: number, max?: number): number {
  const raw = settingValue(env, name);
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new AuthConfigError(`${name} must be a whole number, 0 or more.`);
  if (max !== undefined && n > max) throw new AuthConfigError(`${name} must be at most ${max}.`);
  return n;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new AuthConfigError(`${name} must be true or false.`);
}

function role(env: Env, name: string, fallback: Role): Role {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (!(ROLES as readonly string[]).includes(raw)) {
    throw new AuthConfigError(`${name} must be one of ${ROLES.join(', ')}.`);
  }
  return raw as Role;
}

/** `AUTH_ROLE_MAP=fsr-admins:admin,fsr-analysts:analyst`: claim value → role. Values may contain ':'; the role is after the last one. */
export function parseRoleMap(raw: string | undefined): Map<string, Role> {
  const map = new Map<string, Role>();
  if (!raw?.trim()) return map;
  let position = 0;
  for (const entry of raw.split(',')) {
    const item = entry.trim();
    if (!item) continue;
    position += 1;
    const at = item.lastIndexOf(':');
    const value = at > 0 ? item.slice(0, at).trim() : '';
    const r =
      at > 0
        ? item
            .slice(at + 1)
            .trim()
            .toLowerCase()
        : '';
    if (!value || !(ROLES as readonly string[]).includes(r)) {
      // Which entry, by position: its text may hold a group name the operator would rather not log.
      throw new AuthConfigError(`AUTH_ROLE_MAP entry ${position} is not "claim-value:role" with a role of ${ROLES.join(', ')}.`);
    }
    map.set(value, r as Role);
  }
  return map;
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

function issuerUrl(name: string, raw: string): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new AuthConfigError(`${name} must be an absolute URL, e.g. https://login.example.com/oauth2/default.`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new AuthConfigError(`${name} must be an https URL.`);
  // Plain HTTP would let anyone on the path forge the provider's answers (and so sign in as
  // anyone); it is only accepted for a provider on this machine (development and tests).
  if (u.protocol === 'http:' && !LOOPBACK.test(u.hostname)) throw new AuthConfigError(`${name} must be an https URL (http is accepted only for localhost).`);
  if (u.username || u.password) throw new AuthConfigError(`${name} must not contain a user name or password; set the client id and secret variables instead.`);
  if (u.search || u.hash) throw new AuthConfigError(`${name} must not have a query string or fragment.`);
  return raw.replace(/\/+$/, '');
}

/** Entra ID tenants are a GUID, a domain name, or one of Microsoft's aliases (common, organizations). */
const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/;

function credential(env: Env, name: string): string {
  const value = env[name]!.trim();
  if (/\s/.test(value)) throw new AuthConfigError(`${name} must not contain spaces or line breaks.`);
  return value;
}

function ssoProvider(env: Env, id: OidcSettings['id'], vars: { clientId: string; clientSecret: string; issuer?: string; tenant?: string }, name: string): OidcSettings | null {
  const names = [vars.clientId, vars.clientSecret, vars.issuer ?? vars.tenant!];
  const present = names.filter((n) => env[n]?.trim());
  if (present.length === 0) return null;
  if (present.length < names.length) {
    const missing = names.filter((n) => !env[n]?.trim());
    throw new AuthConfigError(`${name} sign-in is half configured: set ${missing.join(' and ')} as well (or unset ${present.join(', ')}).`);
  }
  if (vars.tenant && !TENANT.test(env[vars.tenant]!.trim())) {
    throw new AuthConfigError(`${vars.tenant} must be the directory (tenant) id, a GUID or a domain such as contoso.onmicrosoft.com.`);
  }
  const issuer = vars.tenant ? `https://login.microsoftonline.com/${encodeURIComponent(env[vars.tenant]!.trim())}/v2.0` : issuerUrl(vars.issuer!, env[vars.issuer!]!.trim());
  return { id, name, clientId: credential(env, vars.clientId), clientSecret: credential(env, vars.clientSecret), issuer };
}

export function readAuthConfig(env: Env = process.env): AuthConfig {
  const sso = [
    ssoProvider(env, 'azure-ad', { clientId: 'AZURE_AD_CLIENT_ID', clientSecret: 'AZURE_AD_CLIENT_SECRET', tenant: 'AZURE_AD_TENANT_ID' }, 'Microsoft Entra ID'),
    ssoProvider(env, 'okta', { clientId: 'OKTA_CLIENT_ID', clientSecret: 'OKTA_CLIENT_SECRET', issuer: 'OKTA_ISSUER' }, 'Okta'),
    ssoProvider(env, 'oidc', { clientId: 'OIDC_CLIENT_ID', clientSecret: 'OIDC_CLIENT_SECRET', issuer: 'OIDC_ISSUER' }, env.OIDC_NAME?.trim() || 'Single sign-on'),
  ].filter((p): p is OidcSettings => p !== null);
  const localAccounts = flag(env, 'AUTH_LOCAL_ACCOUNTS', true);
  if (!localAccounts && sso.length === 0) {
    throw new AuthConfigError('AUTH_LOCAL_ACCOUNTS=false needs at least one single-sign-on provider configured, or nobody can sign in.');
  }
  const roleClaim = env.AUTH_ROLE_CLAIM?.trim() || null;
  const roleMap = parseRoleMap(env.AUTH_ROLE_MAP);
  if (roleMap.size > 0 && !roleClaim) throw new AuthConfigError('AUTH_ROLE_MAP is set but AUTH_ROLE_CLAIM (the claim to read, e.g. groups) is not.');
  return {
    sessionMaxAgeSeconds: Math.round(positiveNumber(env, 'AUTH_SESSION_HOURS', 10, 24) * 3600),
    userRevalidateSeconds: nonNegativeInteger(env, 'AUTH_REVALIDATE_SECONDS', 30, 60),
    throttle: {
      windowMs: Math.round(positiveNumber(env, 'AUTH_THROTTLE_WINDOW_MINUTES', 15, 24 * 60) * 60_000),
      maxFailuresPerAccount: Math.floor(positiveNumber(env, 'AUTH_THROTTLE_ACCOUNT_FAILURES', 5)),
      maxFailuresPerAddress: Math.floor(positiveNumber(env, 'AUTH_THROTTLE_ADDRESS_FAILURES', 20)),
    },
    trustedProxies: trustedProxyHops(env),
    localAccounts,
    sso,
    roleClaim,
    roleMap,
    defaultSsoRole: role(env, 'AUTH_DEFAULT_ROLE', 'viewer'),
    ssoAutoCreate: flag(env, 'AUTH_SSO_AUTO_CREATE', true),
  };
}

function claimAt(claims: Record<string, unknown>, path: string): unknown {
  // A claim name may itself contain dots (URIs are common); try it whole first.
  if (path in claims) return claims[path];
  let cur: unknown = claims;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * The role the identity provider's claims grant under AUTH_ROLE_CLAIM/AUTH_ROLE_MAP: the highest
 * mapped role among the claim's values (a list, or one string). Undefined when role mapping is
 * not configured. With mapping configured and no value matching, the default SSO role.
 */
export function roleFromClaims(claims: Record<string, unknown>, config: AuthConfig): Role | undefined {
  if (!config.roleClaim) return undefined;
  const raw = claimAt(claims, config.roleClaim);
  const values = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const mapped: Role[] = [];
  for (const v of values) {
    if (typeof v !== 'string') continue;
    const direct = config.roleMap.get(v);
    if (direct) mapped.push(direct);
    // Without a map, a claim that carries the role names themselves (viewer/analyst/admin) is used as is.
    else if (config.roleMap.size === 0 && (ROLES as readonly string[]).includes(v.toLowerCase())) mapped.push(v.toLowerCase() as Role);
  }
  return highestRole(mapped) ?? config.defaultSsoRole;
}
