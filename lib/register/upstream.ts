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
  /**
   * 'programs': a request made for an API token (the register API gateway, reconciliation). It
   * needs a slot of the programs' share too (every token together, FSR_RATE_PROGRAM_SHARE), taken
   * first; a person's page joining the request (raising it to interactive) lifts that.
   */
  lane?: 'programs';
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
    /** The programs' share of the budget (a Pacer over its own log in the same store), for `lane: 'programs'`. */
    private readonly programs?: Pacer,
  ) {}

  start(path: string, options: FlightOptions): Flight {
    let priority = options.priority;
    let onBlock = options.onBlock;
    let lane = options.lane;
    let raiseCurrent: ((p: Priority, b?: 'fail' | 'wait') => void) | undefined;
    // Resolves when a person's page joins the flight: it stops waiting for the programs' share.
    let liftShare!: () => void;
    const shareLifted = new Promise<'lifted'>((resolve) => (liftShare = () => resolve('lifted')));

    /** A slot of the programs' share (its token to settle), nothing when not needed, or why not. */
    const programSlot = async (): Promise<{ token?: string } | { heldBack: Extract<UpstreamAnswer, { kind: 'held-back' }> }> => {
      const share = this.programs;
      if (lane !== 'programs' || !share) return {};
      if (options.maxWaitMs !== undefined) {
        const expected = await share.expectedWait(priority);
        if (expected > options.maxWaitMs) return { heldBack: { kind: 'held-back', reason: 'max-wait', retryInMs: expected } };
      }
      const ticket = share.request({ priority, onBlock: 'wait', maxWaitMs: options.maxWaitMs });
      const outcome = await Promise.race([ticket.outcome, shareLifted]);
      if (outcome === 'lifted') {
        // Granted later or never: a slot granted after all is given back at once (it counts one window, as any).
        void ticket.outcome.then((o) => (o.granted ? share.settle(o.token) : undefined));
        return {};
      }
      if (!outcome.granted) return { heldBack: { kind: 'held-back', reason: outcome.reason, retryInMs: outcome.retryInMs } };
      this.metrics.programSlots += 1;
      return { token: outcome.token };
    };

    /**
     * The class a request queues in for the budget: a program's (a token's `report` or `background`
     * orders programs among themselves, in the share) queues with background work at best, behind
     * people's pages, their overview counts and their reports.
     */
    const budgetPriority = (): Priority => (lane === 'programs' && RANK[priority] < RANK.background ? 'background' : priority);

    const run = async (): Promise<UpstreamAnswer> => {
      for (let attempt = 0; ; attempt += 1) {
        const share = await programSlot();
        if ('heldBack' in share) {
          this.metrics.recordHeldBack(priority);
          return share.heldBack;
        }
        const settleShare = async () => {
          if (share.token !== undefined) await this.programs!.settle(share.token);
        };
        if (options.maxWaitMs !== undefined) {
          const expected = await this.pacer.expectedWait(budgetPriority());
          if (expected > options.maxWaitMs) {
            await settleShare();
            this.metrics.recordHeldBack(priority);
            return { kind: 'held-back', reason: 'max-wait', retryInMs: expected };
          }
        }
        const ticket = this.pacer.request({ priority: budgetPriority(), onBlock, maxWaitMs: options.maxWaitMs });
        raiseCurrent = ticket.raise;
        const slot = await ticket.outcome;
        raiseCurrent = undefined;
        this.metrics.recordWait(budgetPriority(), slot.waitedMs);
        if (!slot.granted) {
          await settleShare();
          this.metrics.recordHeldBack(priority);
          return { kind: 'held-back', reason: slot.reason, retryInMs: slot.retryInMs };
        }

        this.metrics.recordSent(attempt > 0);
        let answer: TransportAnswer;
        try {
          answer = await this.transport.send(path);
        } finally {
          // The share's slot, like the budget's, counts until one window after the answer.
          await Promise.all([this.pacer.settle(slot.token), settleShare()]);
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
        if (p === 'interactive' && lane === 'programs') {
          // A person's page now waits on this request too: it is theirs, not only a program's.
          lane = undefined;
          liftShare();
        }
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
