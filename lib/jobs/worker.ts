import { hostname } from 'node:os';
import type { Db, DialectName } from '@/lib/db/schema';
import { claimJob, completeJob, extendLease, failJob, type Job } from './job-queue';

/**
 * Runs queued jobs: claims one at a time per lane, hands it to the handler for its kind, and
 * records the outcome. A handler answers done, retry (with an optional wait, for a rate limit) or
 * failed; a handler that throws is retried with backoff. While a job runs its lease is renewed, so
 * a long check is not taken over; when the process dies the lease runs out and another worker (or
 * this one after a restart) claims the job again.
 *
 * Several lanes let one process overlap jobs that mostly wait on the pacer; the register client's
 * pacer is what bounds the request rate, whatever the number of lanes or processes.
 */

export type JobOutcome = { status: 'done'; result?: unknown } | { status: 'retry'; error: string; retryAfterMs?: number } | { status: 'failed'; error: string };

export interface JobContext {
  /** Aborted when the worker stops: a handler should stop early and answer retry. */
  signal: AbortSignal;
  owner: string;
}

export type JobHandler = (job: Job, context: JobContext) => Promise<JobOutcome>;

export interface WorkerOptions {
  db: Db;
  dialect: DialectName;
  handlers: Record<string, JobHandler>;
  /** Parallel lanes; default 2. */
  lanes?: number;
  /** How often an idle lane looks for work; default 1000 ms. */
  pollMs?: number;
  /** Lease length; renewed at a third of it while a job runs. Default 60 s. */
  leaseMs?: number;
  /** Names this process in lease owners; default host and pid. */
  instance?: string;
  /**
   * Told about every finished attempt once it is recorded (a cycle closes when its last job is
   * done, a notification is sent when a cycle closes); awaited, and its failure only reported.
   */
  onOutcome?: (job: Job, outcome: JobOutcome) => void | Promise<void>;
  /** Told when claiming itself fails (the database is away); the lane waits a poll and tries again. */
  onError?: (error: unknown) => void;
}

export interface Worker {
  /** Wakes idle lanes now (work was just enqueued in this process). */
  wake(): void;
  /** Stops claiming, aborts running handlers and waits for the lanes to end. */
  stop(): Promise<void>;
  /** Jobs finished (any outcome) since start. */
  readonly finished: number;
}

export function startWorker(options: WorkerOptions): Worker {
  const lanes = Math.max(1, options.lanes ?? 2);
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const kinds = Object.keys(options.handlers);
  const controller = new AbortController();
  const sleepers = new Set<() => void>();
  let finished = 0;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });

  async function runOne(job: Job, owner: string): Promise<JobOutcome> {
    const handler = options.handlers[job.kind];
    if (!handler) return { status: 'failed', error: `No handler for job kind "${job.kind}".` };
    const renew = setInterval(
      () => {
        void extendLease(options.db, job.id, owner, leaseMs).catch(() => undefined);
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    try {
      return await handler(job, { signal: controller.signal, owner });
    } catch (error) {
      return { status: 'retry', error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearInterval(renew);
    }
  }

  async function lane(n: number): Promise<void> {
    const owner = `${instance}#${n}`;
    while (!controller.signal.aborted) {
      let job: Job | null = null;
      try {
        job = await claimJob(options.db, options.dialect, { owner, kinds, leaseMs });
      } catch (error) {
        options.onError?.(error);
      }
      if (!job) {
        await sleep(pollMs);
        continue;
      }
      const outcome = await runOne(job, owner);
      try {
        if (outcome.status === 'done') await completeJob(options.db, job.id, owner, outcome.result);
        else
          await failJob(options.db, job.id, owner, outcome.error, {
            retryable: outcome.status === 'retry',
            retryAfterMs: outcome.status === 'retry' ? outcome.retryAfterMs : undefined,
          });
      } catch (error) {
        // The lease runs out and the job is claimed again: nothing is lost.
        options.onError?.(error);
      }
      finished += 1;
      try {
        await options.onOutcome?.(job, outcome);
      } catch (error) {
        options.onError?.(error);
      }
    }
  }

  const running = Array.from({ length: lanes }, (_, n) => lane(n + 1));

  return {
    wake() {
      for (const wake of [...sleepers]) wake();
    },
    async stop() {
      controller.abort();
      for (const wake of [...sleepers]) wake();
      await Promise.all(running);
    },
    get finished() {
      return finished;
    },
  };
}
