import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob, handlersFor, untilShutdown } from './define-job';
import type { Job } from './job-queue';

const job = (payload: unknown): Job => ({
  id: 'j1',
  kind: 'test-job',
  group: null,
  dedupeKey: null,
  payload,
  priority: 3,
  state: 'running',
  runAfter: '2026-11-28T00:00:00.000Z',
  leaseOwner: 'o',
  leaseUntil: null,
  attempts: 1,
  maxAttempts: 4,
  lastError: null,
  result: null,
  createdAt: '2026-11-28T00:00:00.000Z',
  finishedAt: null,
});

const context = () => ({ signal: new AbortController().signal, owner: 'o' });

describe('defineJob', () => {
  const seen: Array<{ n: number; deps: string }> = [];
  const kind = defineJob<{ n: number }, { name: string }>({
    kind: 'test-job',
    title: 'test',
    payload: z.object({ n: z.number().int() }),
    priority: 3,
    attempts: 4,
    async run(p, _job, { deps }) {
      seen.push({ n: p.n, deps: deps.name });
      return { status: 'done', result: p.n * 2 };
    },
  });

  it('builds a job of its kind with its priority and attempts, options taken as given', () => {
    expect(kind.job({ n: 1 })).toEqual({ kind: 'test-job', payload: { n: 1 }, priority: 3, maxAttempts: 4 });
    expect(kind.job({ n: 2 }, { group: 'g', dedupeKey: 'k', runAfter: 'later', attempts: 9 })).toEqual({
      kind: 'test-job',
      payload: { n: 2 },
      priority: 3,
      maxAttempts: 9,
      group: 'g',
      dedupeKey: 'k',
      runAfter: 'later',
    });
  });

  it('reads the payload through its schema once, and runs with the dependencies it was given', async () => {
    expect(await kind.handler({ name: 'deps' })(job({ n: 21 }), context())).toEqual({ status: 'done', result: 42 });
    expect(seen).toEqual([{ n: 21, deps: 'deps' }]);
  });

  it('fails a payload that does not fit in words, naming the field, without running', async () => {
    seen.length = 0;
    expect(await kind.handler({ name: 'deps' })(job({ n: 'x' }), context())).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^The test job is not readable \(n: .+\)\.$/),
    });
    expect(await kind.handler({ name: 'deps' })(job(null), context())).toMatchObject({ status: 'failed', error: expect.stringContaining('The test job is not readable') });
    expect(seen).toEqual([]);
  });

  it('lists each kind once', () => {
    expect(Object.keys(handlersFor([kind], { name: 'd' }))).toEqual(['test-job']);
    expect(() => handlersFor([kind, kind], { name: 'd' })).toThrow('The background job kind "test-job" is listed twice.');
  });
});

describe('a shutdown', () => {
  it('answers retry at once for a kind that may be stopped, while the run is still waiting', async () => {
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (release = resolve));
    const stoppable = defineJob<null, null>({
      kind: 'stoppable',
      title: 'stoppable',
      payload: z.null(),
      priority: 0,
      stoppedMessage: 'Stopped before it was recorded.',
      async run() {
        await waiting;
        return { status: 'done' };
      },
    });
    const controller = new AbortController();
    const answer = stoppable.handler(null)(job(null), { signal: controller.signal, owner: 'o' });
    controller.abort();
    expect(await answer).toEqual({ status: 'retry', error: 'Stopped before it was recorded.' });
    release();
  });

  it('waits for a kind that may not be stopped (a send must not happen twice)', async () => {
    const controller = new AbortController();
    const sending = defineJob<null, null>({
      kind: 'send',
      title: 'send',
      payload: z.null(),
      priority: 0,
      async run() {
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { status: 'done', result: 'sent' };
      },
    });
    expect(await sending.handler(null)(job(null), { signal: controller.signal, owner: 'o' })).toEqual({ status: 'done', result: 'sent' });
  });

  it('turns an error thrown after the abort into the retry, and passes other errors and answers through', async () => {
    const controller = new AbortController();
    const stoppedByAbort = untilShutdown(controller.signal, 'stopped', async () => {
      controller.abort();
      throw new Error('aborted mid-call');
    });
    expect(await stoppedByAbort).toEqual({ status: 'retry', error: 'stopped' });
    await expect(
      untilShutdown(new AbortController().signal, 'stopped', async () => {
        throw new Error('the database failed');
      }),
    ).rejects.toThrow('the database failed');
    expect(await untilShutdown(new AbortController().signal, 'stopped', async () => ({ status: 'done', result: 1 }))).toEqual({ status: 'done', result: 1 });
    const aborted = new AbortController();
    aborted.abort();
    let ran = false;
    expect(
      await untilShutdown(aborted.signal, 'stopped', async () => {
        ran = true;
        return { status: 'done' };
      }),
    ).toEqual({ status: 'retry', error: 'stopped' });
    expect(ran).toBe(false);
  });
});
