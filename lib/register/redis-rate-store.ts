import { randomBytes } from 'node:crypto';
import type { AcquireOutcome, RateState, RateStore } from './rate-store';
import { luaScript, type RedisConnection } from './redis-connection';

/**
 * The pacer's sliding log in Redis, shared by every portal instance: each operation is one Lua
 * script, so check-and-log is atomic across instances, and every timestamp comes from the Redis
 * server's own clock (TIME), so instances whose clocks disagree still share one exact window.
 *
 * Per API user (the key is a hash of the API e-mail; the API key never appears in Redis):
 *   <prefix>:rate:{<user>}:log        sorted set: settled requests, scored by when their answer arrived
 *   <prefix>:rate:{<user>}:pending    sorted set: requests in flight, scored by when they were granted
 *   <prefix>:rate:{<user>}:block      the 429 block's end (ms on the Redis clock), expiring with it
 *   <prefix>:rate:{<user>}:instances  sorted set: instance id → when it last reached Redis
 * The {<user>} hash tag keeps them in one slot for Redis Cluster.
 *
 * Settle semantics match the memory store: a pending request counts until its answer arrives and
 * then for one window. A pending entry whose instance died counts until `pendingLimitMs` (longer
 * than any request can take) after it was granted, then for one window.
 *
 * Instances that have not reached Redis for `staleMs` may be cut off from it and running on
 * their fallback share, unseen; until they are forgotten (`forgetMs`) the others leave that share
 * free. An instance that stops cleanly says goodbye (leave()) and is not waited for.
 */

export interface RedisRateStoreOptions {
  prefix: string;
  instanceId: string;
  /** Longest a request can be in flight (timeout plus slack). */
  pendingLimitMs: number;
  /** The budget each instance uses alone while Redis is out of reach. */
  fallbackShare: number;
  staleMs: number;
  forgetMs: number;
}

const NOW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
`;

// KEYS: log, pending, block, instances
// ARGV: limit, windowMs, reserve, pendingLimitMs, token, instanceId, share, staleMs, forgetMs
// Returns {granted (0/1), waitMs, blocked (0/1), silent instances}
const ACQUIRE = luaScript(`${NOW}
local limit, window, reserve = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local pendingLimit, share = tonumber(ARGV[4]), tonumber(ARGV[7])
local staleMs, forgetMs = tonumber(ARGV[8]), tonumber(ARGV[9])
redis.call('ZADD', KEYS[4], now, ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - forgetMs)
redis.call('PEXPIRE', KEYS[4], forgetMs)
local silent = redis.call('ZCOUNT', KEYS[4], '-inf', now - staleMs)
local blockedUntil = tonumber(redis.call('GET', KEYS[3]) or '0')
if blockedUntil > now then return {0, blockedUntil - now, 1, silent} end
local overdue = redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now - pendingLimit, 'WITHSCORES')
for i = 1, #overdue, 2 do
  redis.call('ZADD', KEYS[1], tonumber(overdue[i + 1]) + pendingLimit, overdue[i])
  redis.call('ZREM', KEYS[2], overdue[i])
end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local logged = redis.call('ZCARD', KEYS[1])
local count = logged + redis.call('ZCARD', KEYS[2])
local capacity = limit - math.max(0, math.min(silent * share, limit - share))
local allowed = math.max(1, capacity - reserve)
if count < allowed then
  redis.call('ZADD', KEYS[2], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[2], pendingLimit + window)
  return {1, 0, 0, silent}
end
local freesAt = now + window
local k = count - allowed
if k < logged then
  local e = redis.call('ZRANGE', KEYS[1], k, k, 'WITHSCORES')
  freesAt = tonumber(e[2]) + window
end
return {0, math.max(0, freesAt - now), 0, silent}
`);

// KEYS: log, pending; ARGV: token, ttlMs
const SETTLE = luaScript(`${NOW}
local at = redis.call('ZSCORE', KEYS[2], ARGV[1])
if at then
  redis.call('ZREM', KEYS[2], ARGV[1])
  redis.call('ZADD', KEYS[1], math.max(tonumber(at), now), ARGV[1])
else
  local s = redis.call('ZSCORE', KEYS[1], ARGV[1])
  if s and tonumber(s) < now then redis.call('ZADD', KEYS[1], now, ARGV[1]) end
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`);

// KEYS: block; ARGV: durationMs. Keeps a longer block already in force.
const RECORD_BLOCK = luaScript(`${NOW}
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if current > untilMs then untilMs = current end
redis.call('SET', KEYS[1], untilMs, 'PX', math.max(1, untilMs - now))
return untilMs - now
`);

// KEYS: block
const BLOCKED_FOR = luaScript(`${NOW}
local untilMs = tonumber(redis.call('GET', KEYS[1]) or '0')
return math.max(0, untilMs - now)
`);

// KEYS: log, pending, block; ARGV: windowMs. Returns {blockedForMs, expiry in ms for each request in the window...}
const STATE = luaScript(`${NOW}
local window = tonumber(ARGV[1])
local untilMs = tonumber(redis.call('GET', KEYS[3]) or '0')
local out = {math.max(0, untilMs - now)}
local logged = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. (now - window), '+inf', 'WITHSCORES')
for i = 2, #logged, 2 do out[#out + 1] = tonumber(logged[i]) + window - now end
local pending = redis.call('ZCARD', KEYS[2])
for i = 1, pending do out[#out + 1] = window end
return out
`);

// KEYS: instances; ARGV: instanceId, forgetMs
const HEARTBEAT = luaScript(`${NOW}
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1
`);

// KEYS: log, pending, block; ARGV: ttlMs, blockMs, then (token, ageMs, settled) triples.
// Writes requests sent while Redis was out of reach, at their age on the Redis clock.
const REPLAY = luaScript(`${NOW}
local ttl, blockMs = tonumber(ARGV[1]), tonumber(ARGV[2])
for i = 3, #ARGV, 3 do
  if ARGV[i + 2] == '1' then
    redis.call('ZADD', KEYS[1], now - tonumber(ARGV[i + 1]), ARGV[i])
  else
    redis.call('ZADD', KEYS[2], now, ARGV[i])
  end
end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('PEXPIRE', KEYS[2], ttl)
if blockMs > 0 then
  local untilMs = now + blockMs
  local current = tonumber(redis.call('GET', KEYS[3]) or '0')
  if current < untilMs then redis.call('SET', KEYS[3], untilMs, 'PX', blockMs) end
end
return 1
`);

export interface ReplayStamp {
  token: string;
  /** Milliseconds since the stamp (negative for one set in the future). */
  ageMs: number;
  settled: boolean;
}

export class RedisRateStore implements RateStore {
  private seq = 0;
  /** Unique to this process: tokens built from it never collide with another instance's. */
  readonly tokenPrefix = randomBytes(6).toString('hex');
  /** Silent instances seen by the last acquire (for health). */
  silentInstances = 0;
  /** The widest window callers enforce: how long a settled stamp must be kept. */
  private windowMs = 60_000;

  constructor(
    private readonly redis: RedisConnection,
    private readonly options: RedisRateStoreOptions,
  ) {}

  private keys(user: string) {
    const base = `${this.options.prefix}:rate:{${user}}`;
    return { log: `${base}:log`, pending: `${base}:pending`, block: `${base}:block`, instances: `${base}:instances` };
  }

  /** A token unique across instances and restarts. */
  newToken(): string {
    return `${this.tokenPrefix}-${++this.seq}`;
  }

  private logTtl(): number {
    return this.options.pendingLimitMs + this.windowMs + 1_000;
  }

  async acquire(key: string, limit: number, windowMs: number, reserve = 0): Promise<AcquireOutcome> {
    return this.acquireAs(key, limit, windowMs, reserve, this.newToken());
  }

  /** As acquire(), logging the request under a token the caller chose (a request also logged elsewhere). */
  async acquireAs(key: string, limit: number, windowMs: number, reserve: number, token: string): Promise<AcquireOutcome> {
    const k = this.keys(key);
    const o = this.options;
    this.windowMs = Math.max(this.windowMs, windowMs);
    const [granted, waitMs, blocked, silent] = await this.redis.eval<number[]>(
      ACQUIRE,
      [k.log, k.pending, k.block, k.instances],
      [limit, windowMs, reserve, o.pendingLimitMs, token, o.instanceId, o.fallbackShare, o.staleMs, o.forgetMs],
    );
    this.silentInstances = Number(silent);
    if (granted === 1) return { granted: true, token, waitMs: 0, blocked: false };
    return { granted: false, waitMs: Number(waitMs), blocked: blocked === 1 };
  }

  async settle(key: string, token: string): Promise<void> {
    const k = this.keys(key);
    await this.redis.eval(SETTLE, [k.log, k.pending], [token, this.logTtl()]);
  }

  async recordBlock(key: string, durationMs: number): Promise<void> {
    await this.redis.eval(RECORD_BLOCK, [this.keys(key).block], [Math.max(1, Math.ceil(durationMs))]);
  }

  async blockedFor(key: string): Promise<number> {
    return Number(await this.redis.eval(BLOCKED_FOR, [this.keys(key).block], []));
  }

  async state(key: string, windowMs: number): Promise<RateState> {
    const k = this.keys(key);
    const [blockedForMs, ...expiries] = (await this.redis.eval<number[]>(STATE, [k.log, k.pending, k.block], [windowMs])).map(Number);
    const expiresInMs = expiries.sort((a, b) => a - b);
    return { inWindow: expiresInMs.length, expiresInMs, blockedForMs };
  }

  /** Marks this instance alive for the others (they keep its fallback share free when it falls silent). */
  async heartbeat(key: string): Promise<void> {
    await this.redis.eval(HEARTBEAT, [this.keys(key).instances], [this.options.instanceId, this.options.forgetMs]);
  }

  /** A clean stop: the others need not keep this instance's share free. */
  async leave(key: string): Promise<void> {
    await this.redis.command(['ZREM', this.keys(key).instances, this.options.instanceId]);
  }

  /** Writes requests this instance sent while Redis was out of reach (and its block), so the shared log counts them. */
  async replay(key: string, stamps: ReplayStamp[], blockMs: number): Promise<void> {
    const k = this.keys(key);
    const args: Array<string | number> = [this.logTtl(), Math.max(0, Math.ceil(blockMs))];
    for (const s of stamps) args.push(s.token, Math.round(s.ageMs), s.settled ? '1' : '0');
    await this.redis.eval(REPLAY, [k.log, k.pending, k.block], args);
  }
}
