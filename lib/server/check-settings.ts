import { readAuditRetentionDays } from '@/lib/audit/retention';
import { AuthConfigError, readAuthConfig } from '@/lib/auth/config';
import { authSecretProblem } from '@/lib/auth/secret';
import { totpKeyProblem } from '@/lib/auth/totp-encryption';
import { dbConfigFromEnv } from '@/lib/db/connect';
import { loadRegisterConfig, RegisterConfigError } from '@/lib/register/load-config';
import { loadScaleOutConfig, ScaleOutConfigError } from '@/lib/register/scale-out-config';
import { readReportLimits } from '@/lib/report/limits';
import { readBulkSettings } from '@/lib/bulk/bulk-config';
import { readEngineSettings } from './background';
import { readNotifySettings } from '@/lib/notify/notify-settings';
import { readRefreshLimit } from '@/lib/page-data/refresh-limit';
import { readMetricsSettings } from '@/lib/metrics/metrics-endpoint';
import { readTrustProxy } from '@/lib/runtime/forwarded';
import { logLevelProblem, SECRET_SETTINGS } from '@/lib/runtime/logger';
import { readPublicUrl } from '@/lib/runtime/public-url';
import { type Env, portProblem, urlProblem } from '@/lib/runtime/settings-values';

/**
 * Every setting the portal reads from the environment, checked in one place before it serves a
 * request: by `npm start` and `npm run instances` before they start anything, and by the server
 * itself (instrumentation) so a bare `next start` refuses the same settings. Each problem names
 * the variable and says what it must be; none repeats the value (a secret pasted into the wrong
 * variable must not end up in a log). The readers themselves live beside the code that uses the
 * settings; this module runs them all and collects every problem, not only the first.
 */

export interface SettingsCheckOptions {
  /**
   * Whether NEXTAUTH_SECRET must be set when DATABASE_URL is: true for a portal server, false for
   * `npm run instances`, which shares its data folder's generated secret with every instance it
   * starts (they all run on one machine).
   */
  requireSharedSecret?: boolean;
}

export class SettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The portal's settings are not usable:\n- ${problems.join('\n- ')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** Runs `read` and turns what it throws into problems (several for the readers that collect them). */
function collect(problems: string[], read: () => unknown): void {
  try {
    read();
  } catch (error) {
    if (error instanceof RegisterConfigError || error instanceof ScaleOutConfigError) problems.push(...error.problems);
    else if (error instanceof AuthConfigError) problems.push(error.message.replace(/\.$/, ''));
    else problems.push((error as Error).message.replace(/\.$/, ''));
  }
}

/** Removes any secret setting's value (the log's one list, `SECRET_SETTINGS`) from a message (defence in depth: no reader should print one). */
function scrub(message: string, env: Env): string {
  let out = message;
  for (const name of SECRET_SETTINGS) {
    const value = env[name]?.trim();
    if (value && value.length >= 4) out = out.split(value).join('…');
  }
  // Older readers said `(got "…")`; the value is never needed to fix the setting.
  return out.replace(/\s*\(got [^)]*\)/g, '');
}

/** Every problem with the settings in `env`; empty when the portal can start. */
export function settingsProblems(env: Env = process.env, options: SettingsCheckOptions = {}): string[] {
  const problems: string[] = [];
  collect(problems, () => loadRegisterConfig(env));
  collect(problems, () => readReportLimits(env));
  collect(problems, () => readBulkSettings(env));
  collect(problems, () => readAuditRetentionDays(env));
  collect(problems, () => loadScaleOutConfig(env));
  collect(problems, () => readAuthConfig(env));
  problems.push(...readEngineSettings(env).problems);
  problems.push(...readNotifySettings(env).problems);
  problems.push(...readRefreshLimit(env).problems);

  const secret = authSecretProblem(env, { requireShared: options.requireSharedSecret !== false });
  if (secret) problems.push(secret.replace(/\.$/, ''));
  const totpKey = totpKeyProblem(env);
  if (totpKey) problems.push(totpKey);

  // The public address (PORTAL_URL, its aliases) and whether forwarded headers are believed.
  problems.push(...readPublicUrl(env).problems);
  problems.push(...readTrustProxy(env).problems);
  problems.push(...readMetricsSettings(env).problems);
  const logLevel = logLevelProblem(env);
  if (logLevel) problems.push(logLevel);

  const databaseUrl = env.DATABASE_URL?.trim();
  if (databaseUrl) {
    collect(problems, () => dbConfigFromEnv(env));
    if (/^postgres(ql)?:\/\//i.test(databaseUrl)) {
      const problem = urlProblem('DATABASE_URL', databaseUrl, ['postgres:', 'postgresql:'], 'postgres://user:password@host:5432/database');
      if (problem) problems.push(problem);
    }
  }

  const redisUrl = env.REDIS_URL?.trim();
  if (redisUrl && /^rediss?:\/\//i.test(redisUrl)) {
    const problem = urlProblem('REDIS_URL', redisUrl, ['redis:', 'rediss:'], 'redis://127.0.0.1:6379');
    if (problem) problems.push(problem);
  }

  const port = portProblem('PORT', env.PORT);
  if (port) problems.push(port);

  const adminEmail = env.FSR_ADMIN_EMAIL?.trim();
  if (adminEmail && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) problems.push('FSR_ADMIN_EMAIL must be an e-mail address');

  return [...new Set(problems.map((p) => scrub(p, env)))];
}

/** Throws a SettingsError listing every problem; returns quietly when the settings are usable. */
export function assertSettings(env: Env = process.env, options: SettingsCheckOptions = {}): void {
  const problems = settingsProblems(env, options);
  if (problems.length > 0) throw new SettingsError(problems);
}
