import { beforeEach, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { backoffMs, cancelGroup, claimJob, completeJob, enqueueJobs, extendLease, failJob, getJob, groupProgress, pruneFinishedJobs } from './job-queue';
import { startWorker, type JobOutcome } from './worker';

const pgStatus = await postgresStatus();
const T0 = Date.parse('2026-11-24T02:00:00.000Z');

forEachDialect('job queue', pgStatus, (db, dialect) => {
  beforeEach(async () => {
    await db().deleteFrom('jobs').execute();
  });

  it('enqueues once per dedupe key and claims by priority, then age', async () => {
    expect(
      await enqueueJobs(
        db(),
        [
          { kind: 'k', payload: { n: 1 }, dedupeKey: 'a', priority: 1 },
          { kind: 'k', payload: { n: 2 }, dedupeKey: 'b', priority: 0 },
        ],
        T0,
      ),
    ).toBe(2);
    expect(await enqueueJobs(db(), [{ kind: 'k', payload: { n: 9 }, dedupeKey: 'a' }], T0 + 1)).toBe(0);
    const first = await claimJob(db(), dialect, { owner: 'w1', leaseMs: 1000, now: T0 + 10 });
    const second = await claimJob(db(), dialect, { owner: 'w1', leaseMs: 1000, now: T0 + 10 });
    expect([first?.payload, second?.payload]).toEqual([{ n: 2 }, { n: 1 }]);
    expect(first?.attempts).toBe(1);
    expect(await claimJob(db(), dialect, { owner: 'w1', leaseMs: 1000, now: T0 + 10 })).toBeNull();
  });

  it('does not claim a job before its time, nor a kind it was not asked for', async () => {
    await enqueueJobs(
      db(),
      [
        { kind: 'later', payload: null, runAfter: new Date(T0 + 60_000).toISOString() },
        { kind: 'other', payload: null },
      ],
      T0,
    );
    expect(await claimJob(db(), dialect, { owner: 'w', kinds: ['later'], leaseMs: 1000, now: T0 })).toBeNull();
    expect((await claimJob(db(), dialect, { owner: 'w', kinds: ['later'], leaseMs: 1000, now: T0 + 60_000 }))?.kind).toBe('later');
  });

  it('gives a job whose lease ran out to another worker, and the first can no longer finish it', async () => {
    await enqueueJobs(db(), [{ kind: 'k', payload: null }], T0);
    const a = await claimJob(db(), dialect, { owner: 'dead', leaseMs: 1000, now: T0 });
    expect(await claimJob(db(), dialect, { owner: 'b', leaseMs: 1000, now: T0 + 500 })).toBeNull();
    const b = await claimJob(db(), dialect, { owner: 'b', leaseMs: 1000, now: T0 + 1001 });
    expect(b?.id).toBe(a?.id);
    expect(b?.attempts).toBe(2);
    expect(await completeJob(db(), a!.id, 'dead', null, T0 + 1100)).toBe(false);
    expect(await extendLease(db(), a!.id, 'dead', 1000, T0 + 1100)).toBe(false);
    expect(await completeJob(db(), b!.id, 'b', { ok: true }, T0 + 1200)).toBe(true);
    const done = await getJob(db(), a!.id);
    expect(done).toMatchObject({ state: 'done', result: { ok: true }, leaseOwner: null });
  });

  it('retries a retryable failure after a backoff until attempts run out', async () => {
    await enqueueJobs(db(), [{ kind: 'k', payload: null, maxAttempts: 2 }], T0);
    const one = await claimJob(db(), dialect, { owner: 'w', leaseMs: 1000, now: T0 });
    expect(await failJob(db(), one!.id, 'w', 'register busy', { retryable: true, retryAfterMs: 30_000, now: T0 })).toBe('queued');
    expect(await claimJob(db(), dialect, { owner: 'w', leaseMs: 1000, now: T0 + 29_999 })).toBeNull();
    const two = await claimJob(db(), dialect, { owner: 'w', leaseMs: 1000, now: T0 + 30_000 });
    expect(two?.attempts).toBe(2);
    expect(await failJob(db(), two!.id, 'w', 'still busy', { retryable: true, now: T0 + 30_000 })).toBe('failed');
    expect(await getJob(db(), two!.id)).toMatchObject({ state: 'failed', lastError: 'still busy' });
  });

  it('fails a non-retryable failure at once', async () => {
    await enqueueJobs(db(), [{ kind: 'k', payload: null }], T0);
    const job = await claimJob(db(), dialect, { owner: 'w', leaseMs: 1000, now: T0 });
    expect(await failJob(db(), job!.id, 'w', 'bad input', { retryable: false, now: T0 })).toBe('failed');
  });

  it('cancels a group, counts progress by state and prunes finished jobs', async () => {
    await enqueueJobs(
      db(),
      [1, 2, 3].map((n) => ({ kind: 'k', payload: n, group: 'g' })),
      T0,
    );
    const job = await claimJob(db(), dialect, { owner: 'w', leaseMs: 1000, now: T0 });
    await completeJob(db(), job!.id, 'w', null, T0);
    expect(await groupProgress(db(), 'g')).toMatchObject({ done: 1, queued: 2, total: 3 });
    expect(await cancelGroup(db(), 'g', T0)).toBe(2);
    expect(await groupProgress(db(), 'g')).toMatchObject({ done: 1, cancelled: 2, queued: 0 });
    expect(await pruneFinishedJobs(db(), new Date(T0 + 1).toISOString())).toBe(3);
  });

  it('hands each job to exactly one of many concurrent claimers', async () => {
    await enqueueJobs(
      db(),
      Array.from({ length: 40 }, (_, n) => ({ kind: 'k', payload: n })),
      T0,
    );
    const claimed: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (;;) {
          const job = await claimJob(db(), dialect, { owner: `w${w}`, leaseMs: 60_000, now: T0 });
          if (!job) return;
          claimed.push(job.id);
        }
      }),
    );
    expect(claimed).toHaveLength(40);
    expect(new Set(claimed).size).toBe(40);
  });

  it('runs jobs through a worker: done, retried after a throw, failed without a handler', async () => {
    await enqueueJobs(db(), [
      { kind: 'ok', payload: 1 },
      { kind: 'flaky', payload: 2, maxAttempts: 3 },
    ]);
    let flakyCalls = 0;
    const seen: Array<[string, JobOutcome['status']]> = [];
    const worker = startWorker({
      db: db(),
      dialect,
      lanes: 2,
      pollMs: 10,
      handlers: {
        ok: async (job) => ({ status: 'done', result: { doubled: Number(job.payload) * 2 } }),
        flaky: async () => {
          flakyCalls += 1;
          if (flakyCalls === 1) throw new Error('connection reset');
          return { status: 'done' };
        },
      },
      onOutcome: (job, outcome) => {
        seen.push([job.kind, outcome.status]);
      },
    });
    try {
      // The flaky job's retry waits its backoff: move it forward rather than wait 5 s.
      for (let i = 0; i < 200 && !seen.some(([k, s]) => k === 'flaky' && s === 'retry'); i++) await new Promise((r) => setTimeout(r, 10));
      await db()
        .updateTable('jobs')
        .set({ run_after: new Date(0).toISOString() })
        .where('kind', '=', 'flaky')
        .where('state', '=', 'queued')
        .execute();
      worker.wake();
      for (let i = 0; i < 300 && seen.filter(([, s]) => s === 'done').length < 2; i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      await worker.stop();
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        ['ok', 'done'],
        ['flaky', 'retry'],
        ['flaky', 'done'],
      ]),
    );
    const rows = await db().selectFrom('jobs').select(['kind', 'state', 'attempts', 'result']).orderBy('kind').execute();
    expect(rows.map((r) => [r.kind, r.state, Number(r.attempts)])).toEqual([
      ['flaky', 'done', 2],
      ['ok', 'done', 1],
    ]);
    expect(JSON.parse(rows[1].result!)).toEqual({ doubled: 2 });
  });
});

it('backs off exponentially from 5 s, capped at 10 minutes, and never sooner than asked', () => {
  expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([5_000, 10_000, 20_000, 40_000]);
  expect(backoffMs(30)).toBe(600_000);
  expect(backoffMs(1, 61_000)).toBe(61_000);
});
