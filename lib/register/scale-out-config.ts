import { hostname } from 'node:os';

/**
 * Scale-out settings from the environment: REDIS_URL turns on the shared rate log, cache and
 * flight locks; the rest say how this instance behaves with them. Every message names the
 * variable; a URL's password never appears in one.
 */

export interface ScaleOutConfig {
  /** Unset: one instance, everything in memory. */
  redisUrl?: string;
  /** FSR_REDIS_PREFIX: namespaces every key and the event channel (several portals may share a Redis). */
  prefix: string;
  /** FSR_INSTANCES: how many instances share the budget; each uses 1/N of it while Redis is out of reach. */
  instances: number;
  /** FSR_INSTANCE_ID: this instance in heartbeats and logs. */
  instanceId: string;
}

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://(unparseable URL)';
  }
}

export class ScaleOutConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Scale-out configuration is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'ScaleOutConfigError';
    this.problems = problems;
  }
}

type Env = Record<string, string | undefined>;

export function loadScaleOutConfig(env: Env = process.env): ScaleOutConfig {
  const problems: string[] = [];
  let redisUrl = env.REDIS_URL?.trim() || undefined;
  if (redisUrl) {
    try {
      const url = new URL(redisUrl);
      if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
        problems.push('REDIS_URL must be a redis:// or rediss:// URL');
        redisUrl = undefined;
      }
    } catch {
      problems.push('REDIS_URL is not a valid URL (expected e.g. redis://127.0.0.1:6379 or rediss://user:password@host:6380/0)');
      redisUrl = undefined;
    }
  }

  const prefix = env.FSR_REDIS_PREFIX?.trim() || 'fsr';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix)) problems.push('FSR_REDIS_PREFIX must be 1 to 64 letters, digits, ".", "_" or "-"');

  let instances = 3;
  const instancesRaw = env.FSR_INSTANCES?.trim();
  if (instancesRaw) {
    if (!/^\d+$/.test(instancesRaw) || Number(instancesRaw) < 1 || Number(instancesRaw) > 100) {
      problems.push('FSR_INSTANCES must be a whole number between 1 and 100 (the number of portal instances sharing the API key)');
    } else instances = Number(instancesRaw);
  }

  const instanceId = env.FSR_INSTANCE_ID?.trim() || `${hostname()}:${env.PORT?.trim() || '3000'}`;
  if (!/^[\x21-\x7e]{1,100}$/.test(instanceId)) problems.push('FSR_INSTANCE_ID must be 1 to 100 printable characters without spaces');

  if (problems.length > 0) throw new ScaleOutConfigError(problems);
  return { redisUrl, prefix, instances, instanceId };
}
