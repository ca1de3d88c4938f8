import { createHash } from 'node:crypto';
import { createClient } from 'redis';
import { redactUrl } from '@/lib/runtime/settings-values';
import { getLogger } from '@/lib/runtime/logger';

/**
 * One portal instance's connection to Redis, for the shared rate log, cache and flight locks. It
 * never lets Redis trouble escape as a crash: commands fail fast (no offline queue, a timeout on
 * each) so callers can fall back at once, errors are logged once per outage rather than per
 * retry, and the client reconnects by itself with backoff capped at `reconnectMaxMs`, which is
 * what bounds how long an instance takes to notice that Redis is back. A Redis that keeps the
 * connection open but stops answering (a hung server, a network that drops packets) is treated
 * as unreachable for a moment after each command that times out, so callers do not each wait
 * out the timeout.
 *
 * A second connection subscribes to the instances' event channel (cache invalidations, lock
 * releases, raise requests); node-redis re-subscribes it after a reconnect.
 */

export type RedisState = 'connecting' | 'ready' | 'down';

export interface RedisConnectionOptions {
  url: string;
  /** Shown in Redis' CLIENT LIST, e.g. "fsr-portal:host:3000". */
  clientName: string;
  /** Channel for events between instances. */
  channel: string;
  /** Per command; Redis answers these scripts in well under a millisecond. Default 1000. */
  commandTimeoutMs?: number;
  /** Cap on the reconnect backoff. Default 1000. */
  reconnectMaxMs?: number;
  /** How long commands wait for the very first connection (a fresh instance). Default 2000. */
  startupWaitMs?: number;
  log?: (message: string) => void;
}

/** A Lua script, sent by SHA once Redis knows it. */
export interface LuaScript {
  source: string;
  sha: string;
}

export function luaScript(source: string): LuaScript {
  return { source, sha: createHash('sha1').update(source).digest('hex') };
}

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

class CommandTimeout extends Error {}

type Client = ReturnType<typeof createClient>;

export class RedisConnection {
  private readonly client: Client;
  private readonly subscriber: Client;
  private readonly commandTimeoutMs: number;
  private readonly log: (message: string) => void;
  private readonly where: string;
  private readonly messageHandlers = new Set<(message: string) => void>();
  private readonly readyHandlers = new Set<() => void>();
  private currentState: RedisState = 'connecting';
  private closed = false;
  private subscribed = false;
  /** After a command timed out: commands fail at once until then (ms since epoch). */
  private unresponsiveUntil = 0;
  /** A command timed out and none has succeeded since. */
  private hung = false;
  /** Outages seen since start (a drop after being ready). */
  outages = 0;
  lastError?: string;

  constructor(private readonly options: RedisConnectionOptions) {
    this.commandTimeoutMs = options.commandTimeoutMs ?? 1000;
    this.log = options.log ?? ((m) => getLogger().warn(m));
    this.where = redactUrl(options.url);
    const reconnectMaxMs = options.reconnectMaxMs ?? 1000;
    const base = {
      url: options.url,
      // Commands while disconnected fail at once instead of queueing for a reconnect that may
      // never come: the caller falls back to its own share and cache meanwhile.
      disableOfflineQueue: true,
      socket: {
        connectTimeout: Math.max(500, reconnectMaxMs),
        // Quick first retries (a restart), then every reconnectMaxMs: the bound on noticing recovery.
        reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, reconnectMaxMs),
      },
    };
    this.client = createClient({ ...base, name: options.clientName, pingInterval: 5_000 });
    this.subscriber = createClient({ ...base, name: `${options.clientName}:events` });

    this.client.on('ready', () => this.setState('ready'));
    this.client.on('error', (error: Error) => this.onError(error));
    this.client.on('reconnecting', () => this.setState('down'));
    this.client.on('end', () => this.setState('down'));
    // The subscriber's errors matter only as lost events (waiters also poll); keep them quiet.
    this.subscriber.on('error', () => undefined);

    // Subscribed on the first ready; node-redis renews the subscription after each reconnect.
    this.subscriber.on('ready', () => {
      this.subscribe().catch(() => {
        this.subscribed = false;
      });
    });

    this.client.connect().catch(() => undefined);
    this.subscriber.connect().catch(() => undefined);
  }

  get state(): RedisState {
    return Date.now() < this.unresponsiveUntil ? 'down' : this.currentState;
  }

  private setState(state: RedisState): void {
    if (this.closed || state === this.currentState) return;
    const was = this.currentState;
    this.currentState = state;
    if (state === 'down' && was === 'ready') {
      this.outages += 1;
      this.log(`[redis] lost the connection to ${this.where}${this.lastError ? ` (${this.lastError})` : ''}; reconnecting in the background.`);
    }
    if (state === 'ready') {
      if (was === 'down') this.log(`[redis] connected again to ${this.where}.`);
      for (const handler of this.readyHandlers) handler();
    }
  }

  private onError(error: Error): void {
    const message = error.message || error.name;
    if (this.currentState === 'connecting' && this.lastError === undefined) {
      this.log(`[redis] cannot reach ${this.where} (${message}); retrying in the background.`);
    }
    this.lastError = message;
    if (this.currentState !== 'connecting') this.setState('down');
  }

  private async subscribe(): Promise<void> {
    if (this.subscribed || this.closed) return;
    this.subscribed = true;
    await this.subscriber.subscribe(this.options.channel, (message: string) => {
      for (const handler of this.messageHandlers) handler(message);
    });
  }

  onMessage(handler: (message: string) => void): void {
    this.messageHandlers.add(handler);
  }

  onReady(handler: () => void): void {
    this.readyHandlers.add(handler);
  }

  /** Resolves true once ready, or false after `timeoutMs` (or at once when the first attempt already failed). */
  whenReady(timeoutMs: number): Promise<boolean> {
    if (this.state === 'ready') return Promise.resolve(true);
    if (this.currentState === 'down' || this.lastError !== undefined || this.closed) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.readyHandlers.delete(done);
        resolve(this.currentState === 'ready');
      }, timeoutMs);
      timer.unref?.();
      const done = () => {
        clearTimeout(timer);
        this.readyHandlers.delete(done);
        resolve(true);
      };
      this.readyHandlers.add(done);
    });
  }

  /** Sends a command; rejects with RedisUnavailableError when Redis cannot answer in time. */
  async command<T = unknown>(args: string[]): Promise<T> {
    if (this.closed) throw new RedisUnavailableError('The Redis connection is closed.');
    // A fresh instance's first commands wait for the first connection rather than fail over at once.
    if (this.currentState === 'connecting') await this.whenReady(this.options.startupWaitMs ?? 2_000);
    if (Date.now() < this.unresponsiveUntil) throw new RedisUnavailableError(`Redis at ${this.where} did not answer a moment ago; not asking again yet.`);
    // node-redis' own timeout stops at the socket write; a command sent to a hung server would wait
    // for ever, so the whole round trip is bounded here. A late reply is ignored.
    let timer: NodeJS.Timeout | undefined;
    try {
      const reply = (await Promise.race([
        this.client.sendCommand(args, { timeout: this.commandTimeoutMs }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new CommandTimeout(`no answer within ${this.commandTimeoutMs} ms`)), this.commandTimeoutMs);
        }),
      ])) as T;
      if (this.hung) {
        this.hung = false;
        this.log(`[redis] ${this.where} answers again.`);
      }
      return reply;
    } catch (error) {
      if (error instanceof CommandTimeout && !this.closed) {
        if (!this.hung) {
          this.hung = true;
          this.outages += 1;
          this.log(`[redis] ${this.where} is connected but did not answer within ${this.commandTimeoutMs} ms; treating it as unreachable until it does.`);
        }
        this.unresponsiveUntil = Date.now() + 2 * this.commandTimeoutMs;
      }
      throw this.unavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a Lua script by SHA, loading it on first use (or after Redis restarted and forgot it). */
  async eval<T = unknown>(script: LuaScript, keys: string[], args: Array<string | number>): Promise<T> {
    const tail = [String(keys.length), ...keys, ...args.map(String)];
    try {
      return await this.command<T>(['EVALSHA', script.sha, ...tail]);
    } catch (error) {
      if (!(error instanceof RedisUnavailableError) || !/NOSCRIPT/.test(error.message)) throw error;
      return this.command<T>(['EVAL', script.source, ...tail]);
    }
  }

  /** Publishes an event to the other instances; a lost event only costs a poll interval. */
  async publish(message: string): Promise<void> {
    if (this.closed || this.currentState !== 'ready') return;
    await this.command(['PUBLISH', this.options.channel, message]).catch(() => undefined);
  }

  private unavailable(error: unknown): RedisUnavailableError {
    const message = error instanceof Error ? error.message || error.name : String(error);
    // A script error is a bug, not an outage, but the caller's safe answer is the same.
    const wrapped = new RedisUnavailableError(`Redis at ${this.where}: ${message}`);
    if (!/NOSCRIPT/.test(message)) this.lastError = message;
    return wrapped;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(
      [this.client, this.subscriber].map(async (c) => {
        try {
          if (c.isReady) await c.close();
          else c.destroy();
        } catch {
          c.destroy();
        }
      }),
    );
  }
}
