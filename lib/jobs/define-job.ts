import type { z } from 'zod';
import type { Job, NewJob } from './job-queue';
import type { JobContext, JobHandler, JobOutcome } from './worker';

/**
 * One kind of background work, declared once in its feature's `*.job.ts`: its kind, the schema of
 * its payload, its queue priority and attempts, and what it does. The worker reads a payload
 * through the schema once (a payload that does not fit fails the job in words, never reaches
 * `run`), and answers a shutdown the same way for every kind that says it may be stopped
 * (`stoppedMessage`): when the worker stops while `run` waits on the register, the job is retried
 * at once rather than holding the shutdown, and whatever `run` still records later is recorded
 * once, because such a run is idempotent. A kind without it (a send that must not happen twice)
 * is waited for.
 *
 * `lib/jobs` knows no feature: the list of kinds and the schedules are in the composition root
 * (`lib/server/background.ts`), which hands each kind the dependencies `D` it declares.
 */
export interface JobSpec<P, D> {
  /** The queue's name for this kind (stored with every job; never rename one with jobs queued). */
  kind: string;
  /** Said in messages: "The {title} job is not readable …". */
  title: string;
  payload: z.ZodType<P>;
  /** Lower runs first. */
  priority: number;
  /** Attempts before the job fails for good (default 5); a shutdown mid-run costs one. */
  attempts?: number;
  /** When set, a shutdown stops the run at once and the job is retried with this message; when not, the shutdown waits for the run. */
  stoppedMessage?: string;
  run(payload: P, job: Job<P>, context: JobRunContext<D>): Promise<JobOutcome>;
}

export interface JobRunContext<D> extends JobContext {
  deps: D;
}

export interface JobOptions {
  group?: string;
  dedupeKey?: string;
  runAfter?: string;
  /** This job's attempts when it differs from the kind's (a setting, for example). */
  attempts?: number;
}

export interface JobKind<P, D> {
  readonly kind: string;
  readonly title: string;
  readonly priority: number;
  readonly attempts: number;
  /** A job of this kind, ready for `enqueueJobs`: the payload is checked by the compiler here and by the schema when it runs. */
  job(payload: P, options?: JobOptions): NewJob;
  /** Reads a stored payload: the payload, or the message the job fails with. */
  read(payload: unknown): { ok: true; payload: P } | { ok: false; error: string };
  /** The worker's handler for this kind, given its dependencies. */
  handler(deps: D): JobHandler;
}

/** A kind among others, its payload type forgotten: what the composition root lists. */
export type AnyJobKind<D> = Pick<JobKind<unknown, D>, 'kind' | 'title' | 'handler'>;

const DEFAULT_ATTEMPTS = 5;

export function defineJob<P, D>(spec: JobSpec<P, D>): JobKind<P, D> {
  const attempts = spec.attempts ?? DEFAULT_ATTEMPTS;
  const stoppedMessage = spec.stoppedMessage;

  const read = (payload: unknown): { ok: true; payload: P } | { ok: false; error: string } => {
    const parsed = spec.payload.safeParse(payload);
    if (parsed.success) return { ok: true, payload: parsed.data };
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    return { ok: false, error: `The ${spec.title} job is not readable (${where}${issue?.message ?? 'unexpected payload'}).` };
  };

  return {
    kind: spec.kind,
    title: spec.title,
    priority: spec.priority,
    attempts,
    read,
    job(payload, options = {}) {
      return {
        kind: spec.kind,
        payload,
        priority: spec.priority,
        maxAttempts: options.attempts ?? attempts,
        ...(options.group !== undefined ? { group: options.group } : {}),
        ...(options.dedupeKey !== undefined ? { dedupeKey: options.dedupeKey } : {}),
        ...(options.runAfter !== undefined ? { runAfter: options.runAfter } : {}),
      };
    },
    handler(deps) {
      return async (job, context) => {
        const readPayload = read(job.payload);
        if (!readPayload.ok) return { status: 'failed', error: readPayload.error };
        const run = () => spec.run(readPayload.payload, { ...job, payload: readPayload.payload }, { ...context, deps });
        return stoppedMessage === undefined ? run() : untilShutdown(context.signal, stoppedMessage, run);
      };
    },
  };
}

/**
 * Runs `work`, but answers retry as soon as the worker's signal aborts (a shutdown), leaving the
 * work to finish or fail on its own: a queued register call can take seconds, and the job runs
 * again after the restart. An error thrown once the signal has aborted is the shutdown's doing
 * and answers retry too. The listener is removed after each job: the worker's one signal outlives
 * thousands of them.
 */
export async function untilShutdown(signal: AbortSignal, stoppedMessage: string, work: () => Promise<JobOutcome>): Promise<JobOutcome> {
  const stopped: JobOutcome = { status: 'retry', error: stoppedMessage };
  if (signal.aborted) return stopped;
  let onAbort: () => void = () => undefined;
  const aborted = new Promise<'stopped'>((resolve) => {
    onAbort = () => resolve('stopped');
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const working = work();
  try {
    const outcome = await Promise.race([working, aborted]);
    if (outcome === 'stopped') {
      working.catch(() => undefined);
      return stopped;
    }
    return outcome;
  } catch (error) {
    if (signal.aborted) return stopped;
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Every kind's handler by its kind name, each given its dependencies; a kind listed twice is a mistake said at start. */
export function handlersFor<D>(kinds: readonly AnyJobKind<D>[], deps: D): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const k of kinds) {
    if (handlers[k.kind]) throw new Error(`The background job kind "${k.kind}" is listed twice.`);
    handlers[k.kind] = k.handler(deps);
  }
  return handlers;
}
