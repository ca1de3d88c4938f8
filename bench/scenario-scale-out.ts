/**
 * Scenario 5: scenario 4's team across three portal instances that share the register budget,
 * the 429 block and the response cache through Redis. Needs REDIS_URL and the scale-out pieces
 * (the Redis rate store and cache, scripts/instances.ts, /api/ready); without them it is skipped
 * with a note saying which is missing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

/** Why scenario 5 cannot run here, or undefined when it can. */
export function scaleOutMissing(root: string, redisUrl: string | undefined): string | undefined {
  if (!redisUrl) return 'REDIS_URL is not set (scenario 5 runs the team across three instances sharing a Redis).';
  const pieces = ['scripts/instances.ts', 'app/api/ready/route.ts'].filter((p) => !existsSync(path.join(root, p)));
  if (pieces.length > 0) return `the scale-out pieces are not in this checkout yet (missing ${pieces.join(', ')}).`;
  return undefined;
}
