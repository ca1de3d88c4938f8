import type { Clock, TimerHandle } from './clock';
import type { AcquireOutcome, RateStore } from './rate-store';
import type { Priority } from './result';

/**
 * Hands out send slots within the register's budget. Every request to the register (retries
 * included) takes one slot first, and gives it back to the log with settle() when its answer is
 * in: the register counted it on arrival, somewhere between the two, so the slot stays taken until
 * one window after the answer. That keeps the register's own count within the budget whatever the
 * network or event-loop delay. Slots come from an exact sliding log in a RateStore (memory now,
 * Redis later); waiting callers queue by priority, so an interactive request takes the very next
 * free slot even behind hundreds of queued background requests, and report and background requests
 * may only fill the budget less `interactiveReserve` slots of any window, so a long report walk
 * leaves room for page loads. After a 429 the key is blocked and nothing is granted until the
 * block ends. With a shared store (Redis) the log and the block are shared by every instance; the
 * queues and their priorities are per instance, and the reserve holds across instances because
 * the store enforces it.
 */

const RANK: Record<Priority, number> = { interactive: 0, report: 1, background: 2, idle: 3 };
const PRIORITIES: Priority[] = ['interactive', 'report', 'background', 'idle'];

export interface PacerSettings {
  /** Store key: the API user. */
  key: string;
  limit: number;
  windowMs: number;
  /** Added to the window as headroom for timer and clock granularity (network delay is covered by settle()). */
  marginMs: number;
  /** Slots of every window only interactive requests may take (default 0). */
  interactiveReserve?: number;
}

/** How long a store failure (which a store should not let happen) pauses the pump before it asks again. */
const STORE_RETRY_MS = 250;

export type SlotOutcome =
  /** `token` must be passed to settle() once the request's answer (or failure) is in. */
  { granted: true; waitedMs: number; token: string } | { granted: false; reason: 'blocked' | 'max-wait' | 'closed'; retryInMs: number; waitedMs: number };

export interface SlotRequest {
  priority: Priority;
  /** Refuse (reason 'max-wait') rather than wait longer than this. */
  maxWaitMs?: number;
  /** What to do if a block starts (or is in force) while queued. */
  onBlock: 'fail' | 'wait';
}

/** A queued request for a slot; its priority can be raised while it waits (single-flight joiners). */
export interface SlotTicket {
  readonly outcome: Promise<SlotOutcome>;
  /** Moves the ticket up to `priority` if that is higher; `onBlock: 'fail'` makes it fail fast on a block. */
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
}

interface Waiter {
  seq: number;
  priority: Priority;
  onBlock: 'fail' | 'wait';
  enqueuedAt: number;
  resolve: (o: SlotOutcome) => void;
  maxWaitTimer?: TimerHandle;
  done: boolean;
}

export class Pacer {
  private readonly queues: Record<Priority, Waiter[]> = { interactive: [], report: [], background: [], idle: [] };
  private seq = 0;
  private pumping = false;
  private wakeTimer?: TimerHandle;
  /** The priority the pump is asleep for, while it waits for a budget slot (not a block). */
  private sleepingFor?: Priority;
  /** Local view of the block's end (the store is authoritative), so fail-fast callers need no round trip. */
  private blockedUntilLocal = 0;
  private closed = false;

  constructor(
    private readonly store: RateStore,
    private readonly settings: PacerSettings,
    private readonly clock: Clock,
  ) {}

  private get enforcedWindowMs(): number {
    return this.settings.windowMs + this.settings.marginMs;
  }

  private reserveFor(priority: Priority): number {
    return priority === 'interactive' ? 0 : Math.max(0, this.settings.interactiveReserve ?? 0);
  }

  /** Queues a request for one slot. */
  request(req: SlotRequest): SlotTicket {
    let resolveOutcome!: (o: SlotOutcome) => void;
    const outcome = new Promise<SlotOutcome>((resolve) => (resolveOutcome = resolve));
    const now = this.clock.now();
    const waiter: Waiter = {
      seq: this.seq++,
      priority: req.priority,
      onBlock: req.onBlock,
      enqueuedAt: now,
      resolve: resolveOutcome,
      done: false,
    };

    if (this.closed) {
      waiter.done = true;
      resolveOutcome({ granted: false, reason: 'closed', retryInMs: 0, waitedMs: 0 });
    } else if (req.onBlock === 'fail' && this.blockedUntilLocal > now) {
      waiter.done = true;
      resolveOutcome({ granted: false, reason: 'blocked', retryInMs: this.blockedUntilLocal - now, waitedMs: 0 });
    } else {
      this.queues[req.priority].push(waiter);
      this.wakeForReserve(req.priority);
      if (req.maxWaitMs !== undefined) {
        waiter.maxWaitTimer = this.clock.setTimer(() => {
          void this.expectedWait(waiter.priority).then((retryInMs) =>
            this.finish(waiter, { granted: false, reason: 'max-wait', retryInMs, waitedMs: this.clock.now() - waiter.enqueuedAt }),
          );
          this.remove(waiter);
        }, req.maxWaitMs);
      }
      this.kick();
    }

    return {
      outcome,
      raise: (priority, onBlock) => {
        if (waiter.done) return;
        if (onBlock === 'fail') waiter.onBlock = 'fail';
        if (RANK[priority] >= RANK[waiter.priority]) return;
        this.remove(waiter);
        waiter.priority = priority;
        // Keep arrival order within the class: the raised ticket has waited longer than later arrivals.
        const q = this.queues[priority];
        let i = q.length;
        while (i > 0 && q[i - 1].seq > waiter.seq) i -= 1;
        q.splice(i, 0, waiter);
        this.wakeForReserve(priority);
        this.kick();
      },
    };
  }

  /**
   * Marks a granted request as answered: its slot is then counted from now, not from when it was
   * sent, because the register counted it somewhere in between.
   */
  async settle(token: string): Promise<void> {
    await this.store.settle(this.settings.key, token);
  }

  /** Blocks every send for `seconds` (after a 429); queued fail-fast requests are refused at once. */
  async block(seconds: number): Promise<void> {
    const durationMs = seconds * 1000;
    this.blockedUntilLocal = Math.max(this.blockedUntilLocal, this.clock.now() + durationMs);
    await this.store.recordBlock(this.settings.key, durationMs);
    this.failQueuedOnBlock(this.blockedUntilLocal - this.clock.now());
    // The pump may be asleep until a budget slot frees; it must now sleep until the block ends.
    this.wakeTimer?.cancel();
    this.wakeTimer = undefined;
    this.sleepingFor = undefined;
    this.kick();
  }

  /** Milliseconds the block still has to run (0 when none). */
  async blockedFor(): Promise<number> {
    const ms = await this.store.blockedFor(this.settings.key);
    this.blockedUntilLocal = ms > 0 ? this.clock.now() + ms : 0;
    return ms;
  }

  /** Requests sent in the current window (the register's window, without the margin). */
  async inUse(): Promise<number> {
    return (await this.store.state(this.settings.key, this.settings.windowMs)).inWindow;
  }

  queueDepth(): Record<Priority, number> {
    return { interactive: this.queues.interactive.length, report: this.queues.report.length, background: this.queues.background.length, idle: this.queues.idle.length };
  }

  /**
   * Milliseconds a new request of `priority` would wait now: the slots needed by everything queued
   * at that priority or above, simulated against the log (each granted slot frees one window later).
   */
  async expectedWait(priority: Priority = 'interactive'): Promise<number> {
    const state = await this.store.state(this.settings.key, this.enforcedWindowMs);
    const ahead = PRIORITIES.filter((p) => RANK[p] <= RANK[priority]).reduce((n, p) => n + this.queues[p].length, 0);
    const limit = Math.max(1, this.settings.limit - this.reserveFor(priority));
    const window = this.enforcedWindowMs;
    // During a block the log will have drained by the time it ends: count from a full budget then.
    const expiries = state.blockedForMs > 0 ? [] : [...state.expiresInMs];
    const start = state.blockedForMs;
    let free = limit - expiries.length;
    let t = 0;
    for (let i = 0; i <= ahead; i += 1) {
      if (free > 0) {
        free -= 1;
        t = 0;
      } else {
        t = Math.max(0, expiries.shift() ?? 0);
      }
      expiries.push(t + window);
    }
    return Math.ceil(start + t);
  }

  /** Refuses every queued request and stops timers. */
  close(): void {
    this.closed = true;
    this.wakeTimer?.cancel();
    for (const p of PRIORITIES) {
      for (const w of this.queues[p].splice(0)) {
        this.finish(w, { granted: false, reason: 'closed', retryInMs: 0, waitedMs: this.clock.now() - w.enqueuedAt });
      }
    }
  }

  private finish(waiter: Waiter, outcome: SlotOutcome): void {
    if (waiter.done) return;
    waiter.done = true;
    waiter.maxWaitTimer?.cancel();
    waiter.resolve(outcome);
  }

  private remove(waiter: Waiter): void {
    const q = this.queues[waiter.priority];
    const i = q.indexOf(waiter);
    if (i >= 0) q.splice(i, 1);
  }

  private head(): Waiter | undefined {
    for (const p of PRIORITIES) if (this.queues[p].length > 0) return this.queues[p][0];
    return undefined;
  }

  private failQueuedOnBlock(retryInMs: number): void {
    for (const p of PRIORITIES) {
      const q = this.queues[p];
      for (const w of [...q]) {
        if (w.onBlock !== 'fail') continue;
        this.remove(w);
        this.finish(w, { granted: false, reason: 'blocked', retryInMs, waitedMs: this.clock.now() - w.enqueuedAt });
      }
    }
  }

  /** Starts the pump unless it is running or asleep until a known wake-up. */
  private kick(): void {
    if (this.pumping || this.wakeTimer || this.closed) return;
    void this.pump();
  }

  /**
   * The pump may be asleep until a slot frees for a report or background request; an arrival of
   * higher priority may be entitled to a reserved slot now, so it must not sleep through it.
   */
  private wakeForReserve(priority: Priority): void {
    if (!this.wakeTimer || this.sleepingFor === undefined) return;
    if (RANK[priority] >= RANK[this.sleepingFor] || this.reserveFor(priority) === this.reserveFor(this.sleepingFor)) return;
    this.wakeTimer.cancel();
    this.wakeTimer = undefined;
    this.sleepingFor = undefined;
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (!this.closed) {
        const first = this.head();
        if (!first) break;
        let outcome: AcquireOutcome;
        try {
          outcome = await this.store.acquire(this.settings.key, this.settings.limit, this.enforcedWindowMs, this.reserveFor(first.priority));
        } catch {
          // Stores are meant to absorb their own failures (SharedRateStore falls back to memory);
          // if one does not, ask again shortly rather than leave the queue stranded.
          this.sleep(STORE_RETRY_MS);
          return;
        }
        if (outcome.granted) {
          // The slot goes to whoever is first now: an interactive request may have arrived during the await.
          const waiter = this.head();
          if (!waiter) {
            // Everyone gave up during the await: the slot stays counted (never sent, so settled now).
            await this.store.settle(this.settings.key, outcome.token ?? '').catch(() => undefined);
            break;
          }
          this.remove(waiter);
          this.finish(waiter, { granted: true, waitedMs: this.clock.now() - waiter.enqueuedAt, token: outcome.token ?? '' });
          continue;
        }
        if (outcome.blocked) {
          this.blockedUntilLocal = Math.max(this.blockedUntilLocal, this.clock.now() + outcome.waitMs);
          this.failQueuedOnBlock(outcome.waitMs);
          if (!this.head()) break;
          this.sleep(outcome.waitMs);
          return;
        }
        // A higher-priority arrival during the await may be entitled to a slot the head was not.
        if (this.reserveFor(this.head()?.priority ?? first.priority) < this.reserveFor(first.priority)) continue;
        this.sleep(outcome.waitMs, first.priority);
        return;
      }
    } finally {
      this.pumping = false;
    }
  }

  private sleep(ms: number, forPriority?: Priority): void {
    this.wakeTimer?.cancel();
    this.sleepingFor = forPriority;
    // A whole millisecond at least, so a fractional remainder cannot spin the loop.
    this.wakeTimer = this.clock.setTimer(
      () => {
        this.wakeTimer = undefined;
        this.sleepingFor = undefined;
        this.kick();
      },
      Math.max(1, Math.ceil(ms)),
    );
  }
}
