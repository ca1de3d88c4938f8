/**
 * The portal's log: JSON lines on standard output (pino), one object per event, with the level
 * by name, an ISO time, and, during a request, its request id, method and route pattern
 * (lib/runtime/request-context.ts). The HTTP server writes one `request` line per request with
 * its status and duration (lib/server/http-server.ts).
 *
 * What must never reach a line: secrets, tokens, the register key, passwords and personal data.
 * Call sites log route patterns, ids and error messages, never request headers, bodies, paths
 * with queries or e-mail addresses; as a last guard, fields that name credentials are replaced
 * (`redact`), and the values of the secret settings and anything shaped like an API token are
 * cut out of every string before it is written. LOG_LEVEL (default info) sets the threshold.
 * One logger per process, on globalThis, whichever bundle asks first.
 */
import pino, { type Logger } from 'pino';
import { currentRequestContext } from './request-context';
import { type Env, settingValue } from './settings-values';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Settings whose values are secrets or may embed one (a URL's password): never written, whatever logs them. */
export const SECRET_SETTINGS = [
  'NEXTAUTH_SECRET',
  'AUTH_SECRET',
  'FSR_API_KEY',
  'AZURE_AD_CLIENT_SECRET',
  'OKTA_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'WATCH_SMTP_URL',
  'WATCH_WEBHOOK_URL',
  'WATCH_WEBHOOK_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'FSR_TOTP_KEY',
];

/** An API token's secret, alone or joined to its id (lib/tokens/token-secret.ts), and bearer credentials. */
const TOKEN_SHAPES = [/\b(tok_[0-9a-f]{20})[.:][A-Za-z0-9_-]{43}\b/g, /\b(Bearer)\s+[A-Za-z0-9._~+/-]{16,}=*/gi];

/** Field names whose values are credentials or personal data, wherever they appear in a logged object. */
const REDACTED_FIELDS = ['password', 'newPassword', 'currentPassword', 'secret', 'token', 'apiKey', 'key', 'authorization', 'cookie', 'email', 'x-auth-key', 'x-api-token'];

export function logLevelProblem(env: Env): string | undefined {
  const raw = settingValue(env, 'LOG_LEVEL');
  if (!raw || (LOG_LEVELS as readonly string[]).includes(raw.toLowerCase())) return undefined;
  return `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`;
}

/** Cuts secret settings' values and token-shaped strings out of `text`. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const value of secrets) out = out.split(value).join('[redacted]');
  out = out.replace(TOKEN_SHAPES[0], '$1.[redacted]').replace(TOKEN_SHAPES[1], '$1 [redacted]');
  return out;
}

function scrubValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return scrubSecrets(value, secrets);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return {
      type: value.name,
      message: scrubSecrets(value.message, secrets),
      stack: value.stack ? scrubSecrets(value.stack, secrets) : undefined,
      ...(cause !== undefined ? { cause: scrubValue(cause, secrets, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrubValue(v, secrets, depth + 1);
  return out;
}

/** The secret settings' values present in `env` (short ones would cut ordinary words, and no real secret is that short). */
function secretValues(env: Env): string[] {
  const values: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const value = settingValue(env, name);
    if (!value || value.length < 8) continue;
    values.push(value);
    // A URL's password also appears on its own and percent-decoded.
    try {
      const password = new URL(value).password;
      if (password.length >= 4) values.push(password, decodeURIComponent(password));
    } catch {
      // not a URL
    }
  }
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

export function createLogger(env: Env = process.env, destination: pino.DestinationStream = pino.destination({ dest: 1, sync: true })): Logger {
  const secrets = secretValues(env);
  return pino(
    {
      level: (settingValue(env, 'LOG_LEVEL') ?? 'info').toLowerCase(),
      base: { pid: process.pid, service: 'fsr-portal' },
      timestamp: pino.stdTimeFunctions.isoTime,
      messageKey: 'msg',
      // Errors are turned into { type, message, stack } by the scrub below, before pino's own serializer would see them.
      serializers: { err: (value: unknown) => value },
      formatters: {
        level: (label) => ({ level: label }),
        log: (object) => scrubValue(object, secrets, 0) as Record<string, unknown>,
      },
      redact: { paths: REDACTED_FIELDS.flatMap((f) => (/^\w+$/.test(f) ? [f, `*.${f}`] : [`["${f}"]`, `*["${f}"]`])), censor: '[redacted]' },
      mixin: () => {
        const context = currentRequestContext();
        return context ? { requestId: context.requestId, route: context.route } : {};
      },
      hooks: {
        // The message itself (and printf-style arguments) go through the same scrub as the fields.
        logMethod(args, method) {
          return method.apply(this, args.map((a) => (typeof a === 'string' ? scrubSecrets(a, secrets) : a)) as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}

const KEY = Symbol.for('fsr-portal.logger');
type Holder = typeof globalThis & { [KEY]?: Logger };

/** The process's logger. */
export function getLogger(): Logger {
  const holder = globalThis as Holder;
  holder[KEY] ??= createLogger();
  return holder[KEY];
}

/** Shorthands for call sites: `log.error({ err }, 'what failed')`. */
export const log = {
  fatal: (...args: Parameters<Logger['fatal']>) => getLogger().fatal(...args),
  error: (...args: Parameters<Logger['error']>) => getLogger().error(...args),
  warn: (...args: Parameters<Logger['warn']>) => getLogger().warn(...args),
  info: (...args: Parameters<Logger['info']>) => getLogger().info(...args),
  debug: (...args: Parameters<Logger['debug']>) => getLogger().debug(...args),
};
