import type { Clock } from './clock';
import type { RegisterMetrics } from './metrics';
import type { Pacer } from './pacer';
import type { Priority } from './result';
import type { Transport, TransportAnswer } from './transport';

/**
 * Sends one logical request to the register: takes a pacer slot for every attempt, retries
 * network errors and 5xx with backoff (each retry pays for its own slot), and turns a 429 into a
 * process-wide block. A 429 is never retried here: the caller gets a rate-limited answer with the
 * time the block ends.
 */

export type UpstreamAnswer =
  | (TransportAnswer & { receivedAt: number })
  | {
      kind: 'held-back';
      /** Why nothing was sent: a block in force, the wait exceeded maxWaitMs, or the client closed. */
      reason: 'blocked' | 'max-wait' | 'closed';
      retryInMs: number;
    };

export interface FlightOptions {
  priority: Priority;
  onBlock: 'fail' | 'wait';
  maxWaitMs?: number;
}

/** A request in progress; joiners with a higher priority raise it. */
export interface Flight {
  readonly answer: Promise<UpstreamAnswer>;
  raise(priority: Priority, onBlock?: 'fail' | 'wait'): void;
}

export interface UpstreamSettings {
  retries: number;
  blockSeconds: number;
  /** First backoff delay; doubles each retry, with jitter. */
  backoffMs?: number;
}

const RANK: Record<Priority, number> = { interactive: 0, report: 1, background: 2, idle: 3 };

export class RegisterUpstream {
  constructor(
    private readonly transport: Transport,
    private readonly pacer: Pacer,
    private readonly metrics: RegisterMetrics,
    private readonly clock: Clock,
    private readonly settings: UpstreamSettings,
  ) {}

  start(path: string, options: FlightOptions): Flight {
    let priority = options.priority;
    let onBlock = options.onBlock;
    let raiseCurrent: ((p: Priority, b?: 'fail' | 'wait') => void) | undefined;

    const run = async (): Promise<UpstreamAnswer> => {
      for (let attempt = 0; ; attempt += 1) {
        if (options.maxWaitMs !== undefined) {
          const expected = await this.pacer.expectedWait(priority);
          if (expected > options.maxWaitMs) {
            this.metrics.recordHeldBack(priority);
            return { kind: 'held-back', reason: 'max-wait', retryInMs: expected };
          }
        }
        const ticket = this.pacer.request({ priority, onBlock, maxWaitMs: options.maxWaitMs });
        raiseCurrent = ticket.raise;
        const slot = await ticket.outcome;
        raiseCurrent = undefined;
        this.metrics.recordWait(priority, slot.waitedMs);
        if (!slot.granted) {
          this.metrics.recordHeldBack(priority);
          return { kind: 'held-back', reason: slot.reason, retryInMs: slot.retryInMs };
        }

        this.metrics.recordSent(attempt > 0);
        let answer: TransportAnswer;
        try {
          answer = await this.transport.send(path);
        } finally {
          await this.pacer.settle(slot.token);
        }
        const receivedAt = this.clock.now();
        this.metrics.recordAnswer(answer.kind, 'message' in answer ? answer.message : undefined, new Date(receivedAt), priority);

        if (answer.kind === 'rate-limited') {
          this.metrics.rateLimited429 += 1;
          const seconds = Math.max(this.settings.blockSeconds, answer.retryAfterSeconds ?? 0);
          await this.pacer.block(seconds);
          return { ...answer, retryAfterSeconds: seconds, receivedAt };
        }
        if (answer.kind === 'upstream-error' && answer.retryable && attempt < this.settings.retries) {
          await this.backoff(attempt);
          continue;
        }
        return { ...answer, receivedAt };
      }
    };

    return {
      answer: run(),
      raise: (p, b) => {
        if (RANK[p] < RANK[priority]) priority = p;
        if (b === 'fail') onBlock = 'fail';
        raiseCurrent?.(p, b);
      },
    };
  }

  private backoff(attempt: number): Promise<void> {
    const base = (this.settings.backoffMs ?? 250) * 2 ** attempt;
    const delay = base + Math.random() * base * 0.5;
    return new Promise((resolve) => this.clock.setTimer(resolve, delay));
  }
}
