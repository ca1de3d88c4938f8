import { hostname } from 'node:os';
import { type Env, settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

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

export class ScaleOutConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Scale-out configuration is invalid:\n- ${problems.join('\n- ')}`);
    this.name = 'ScaleOutConfigError';
    this.problems = problems;
  }
}

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
  const instancesRaw = settingValue(env, 'FSR_INSTANCES');
  if (instancesRaw) {
    const n = wholeNumberIn(instancesRaw, 1, 100);
    if (n === undefined) problems.push('FSR_INSTANCES must be a whole number between 1 and 100 (the number of portal instances sharing the API key)');
    else instances = n;
  }

  const instanceId = env.FSR_INSTANCE_ID?.trim() || `${hostname()}:${env.PORT?.trim() || '3000'}`;
  if (!/^[\x21-\x7e]{1,100}$/.test(instanceId)) problems.push('FSR_INSTANCE_ID must be 1 to 100 printable characters without spaces');

  if (problems.length > 0) throw new ScaleOutConfigError(problems);
  return { redisUrl, prefix, instances, instanceId };
}
