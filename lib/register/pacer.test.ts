import { describe, expect, it } from 'vitest';
import { MemoryRateStore } from './memory-rate-store';
import { Pacer, type SlotOutcome } from './pacer';
import type { Priority } from './result';
import { ManualClock } from './test-support/manual-clock';

function setup(limit = 5, windowMs = 10_000, marginMs = 500, interactiveReserve = 0) {
  const clock = new ManualClock();
  const store = new MemoryRateStore(clock);
  const pacer = new Pacer(store, { key: 'user@example.com', limit, windowMs, marginMs, interactiveReserve }, clock);
  return { clock, store, pacer };
}

/**
 * Requests a slot and records when it was granted (clock time) or refused. The request is
 * answered at once (settled on grant) unless `answerAfterMs` says how long it is in flight.
 */
function track(pacer: Pacer, clock: ManualClock, priority: Priority, onBlock: 'fail' | 'wait' = 'wait', maxWaitMs?: number, answerAfterMs = 0) {
  const record: { grantedAt?: number; outcome?: SlotOutcome } = {};
  const ticket = pacer.request({ priority, onBlock, maxWaitMs });
  void ticket.outcome.then((o) => {
    record.outcome = o;
    if (!o.granted) return;
    record.grantedAt = clock.now();
    if (answerAfterMs === 0) void pacer.settle(o.token);
    else clock.setTimer(() => void pacer.settle(o.token), answerAfterMs);
  });
  return Object.assign(record, { ticket });
}

/** Most grants in any half-open window [t, t + width). */
function maxInWindow(times: number[], width: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i += 1) {
    while (sorted[i] - sorted[j] >= width) j += 1;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('Pacer', () => {
  it('grants the budget at once, then the next slot exactly one window plus margin after the first', async () => {
    const { clock, pacer } = setup(5, 10_000, 500);
    const start = clock.now();
    const calls = Array.from({ length: 7 }, () => track(pacer, clock, 'interactive'));
    await clock.settle();
    expect(calls.slice(0, 5).every((c) => c.grantedAt === start)).toBe(true);
    expect(calls[5].grantedAt).toBeUndefined();
    await clock.advance(10_499);
    expect(calls[5].grantedAt).toBeUndefined();
    await clock.advance(1);
    expect(calls[5].grantedAt).toBe(start + 10_500);
    expect(calls[6].grantedAt).toBe(start + 10_500);
  });

  it('counts a request from when its answer came back, so slow answers cannot crowd the register window', async () => {
    const { clock, pacer } = setup(2, 10_000, 0);
    const start = clock.now();
    const slow = track(pacer, clock, 'interactive', 'wait', undefined, 4_000);
    const quick = track(pacer, clock, 'interactive');
    const third = track(pacer, clock, 'interactive');
    const fourth = track(pacer, clock, 'interactive');
    await clock.settle();
    expect([slow.grantedAt, quick.grantedAt]).toEqual([start, start]);
    // The quick one's slot frees one window after it was answered (at once); the slow one's only
    // one window after its answer at 4 s, although it was sent at 0.
    await clock.advance(10_000);
    expect(third.grantedAt).toBe(start + 10_000);
    expect(fourth.grantedAt).toBeUndefined();
    await clock.advance(3_999);
    expect(fourth.grantedAt).toBeUndefined();
    await clock.advance(1);
    expect(fourth.grantedAt).toBe(start + 14_000);
  });

  it('keeps counting a request still in flight after a whole window', async () => {
    const { clock, pacer } = setup(1, 1_000, 0);
    track(pacer, clock, 'interactive', 'wait', undefined, 5_000);
    const next = track(pacer, clock, 'interactive');
    await clock.advance(5_999);
    expect(next.grantedAt).toBeUndefined();
    await clock.advance(1);
    expect(next.grantedAt).toBe(clock.now());
  });

  it('never grants more than the limit in any rolling window, whatever the arrival pattern', async () => {
    const { clock, pacer } = setup(45, 10_000, 250);
    const calls: Array<ReturnType<typeof track>> = [];
    // Bursts and trickles over a minute: 400 requests.
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 400; i += 1) {
      calls.push(track(pacer, clock, (['interactive', 'report', 'background'] as const)[i % 3], 'wait', undefined, 1 + Math.floor(rand() * 300)));
      if (rand() < 0.3) await clock.advance(Math.floor(rand() * 400));
    }
    await clock.advance(120_000);
    const granted = calls.map((c) => c.grantedAt).filter((t): t is number => t !== undefined);
    expect(granted).toHaveLength(400);
    expect(maxInWindow(granted, 10_000 + 250)).toBeLessThanOrEqual(45);
    expect(maxInWindow(granted, 10_000)).toBeLessThanOrEqual(45);
  });

  it('sends an interactive request at the next free slot, ahead of 200 queued background requests', async () => {
    const { clock, pacer } = setup(5, 10_000, 0);
    const background = Array.from({ length: 200 }, () => track(pacer, clock, 'background'));
    await clock.settle();
    expect(background.filter((c) => c.grantedAt !== undefined)).toHaveLength(5);
    await clock.advance(3_000);
    const interactive = track(pacer, clock, 'interactive');
    await clock.advance(7_000);
    expect(interactive.grantedAt).toBe(clock.now());
    const grantedAtSameSlot = background.filter((c) => c.grantedAt === clock.now());
    // The interactive call took the first of the five slots that freed together.
    expect(grantedAtSameSlot).toHaveLength(4);
    expect(pacer.queueDepth()).toEqual({ interactive: 0, report: 0, background: 191, idle: 0 });
  });

  it('orders report above background and keeps arrival order within a class', async () => {
    const { clock, pacer } = setup(1, 1_000, 0);
    const order: string[] = [];
    const first = track(pacer, clock, 'background');
    void first.ticket.outcome.then(() => order.push('bg0'));
    await clock.settle();
    for (const [name, p] of [
      ['bg1', 'background'],
      ['rep1', 'report'],
      ['bg2', 'background'],
      ['rep2', 'report'],
      ['int1', 'interactive'],
    ] as const) {
      void track(pacer, clock, p).ticket.outcome.then(() => order.push(name));
    }
    await clock.advance(10_000);
    expect(order).toEqual(['bg0', 'int1', 'rep1', 'rep2', 'bg1', 'bg2']);
  });

  it('gives idle work (watch checks, bulk rows) only the slots no page, report or background read wants', async () => {
    const { clock, pacer } = setup(1, 1_000, 0);
    const order: string[] = [];
    const first = track(pacer, clock, 'idle');
    void first.ticket.outcome.then(() => order.push('idle0'));
    await clock.settle();
    for (const [name, p] of [
      ['idle1', 'idle'],
      ['bg1', 'background'],
      ['idle2', 'idle'],
      ['rep1', 'report'],
      ['int1', 'interactive'],
    ] as const) {
      void track(pacer, clock, p).ticket.outcome.then(() => order.push(name));
    }
    await clock.advance(10_000);
    expect(order).toEqual(['idle0', 'int1', 'rep1', 'bg1', 'idle1', 'idle2']);
  });

  it('raises a queued ticket when a higher-priority caller joins it', async () => {
    const { clock, pacer } = setup(1, 1_000, 0);
    const a = track(pacer, clock, 'background');
    const b = track(pacer, clock, 'background');
    const c = track(pacer, clock, 'background');
    await clock.settle();
    expect(a.grantedAt).toBe(clock.now());
    c.ticket.raise('interactive');
    await clock.advance(1_000);
    expect(c.grantedAt).toBe(clock.now());
    expect(b.grantedAt).toBeUndefined();
    await clock.advance(1_000);
    expect(b.grantedAt).toBe(clock.now());
  });

  it('sends nothing during a block; fail-fast requests are refused with the time left, waiting ones go when it ends', async () => {
    const { clock, pacer } = setup(5, 10_000, 0);
    const start = clock.now();
    const queuedWait = Array.from({ length: 3 }, () => track(pacer, clock, 'background', 'wait'));
    await clock.settle();
    await pacer.block(60);
    const failFast = track(pacer, clock, 'interactive', 'fail');
    const waiting = track(pacer, clock, 'report', 'wait');
    await clock.settle();
    expect(failFast.outcome).toMatchObject({ granted: false, reason: 'blocked' });
    expect((failFast.outcome as { retryInMs: number }).retryInMs).toBe(60_000);
    await clock.advance(59_999);
    expect(waiting.grantedAt).toBeUndefined();
    expect(await pacer.blockedFor()).toBe(1);
    await clock.advance(1);
    expect(waiting.grantedAt).toBe(start + 60_000);
    expect(queuedWait.every((c) => c.grantedAt === start)).toBe(true);
  });

  it('refuses queued fail-fast requests as soon as a block starts', async () => {
    const { clock, pacer } = setup(1, 10_000, 0);
    track(pacer, clock, 'interactive');
    const queued = track(pacer, clock, 'interactive', 'fail');
    const raisedToFail = track(pacer, clock, 'background', 'wait');
    raisedToFail.ticket.raise('interactive', 'fail');
    await clock.settle();
    await pacer.block(3);
    await clock.settle();
    expect(queued.outcome).toEqual({ granted: false, reason: 'blocked', retryInMs: 3_000, waitedMs: 0 });
    expect(raisedToFail.outcome).toMatchObject({ granted: false, reason: 'blocked' });
  });

  it('keeps the longer block when a shorter one is recorded', async () => {
    const { clock, pacer } = setup();
    await pacer.block(90);
    await pacer.block(60);
    expect(await pacer.blockedFor()).toBe(90_000);
    await clock.advance(30_000);
    expect(await pacer.blockedFor()).toBe(60_000);
  });

  it('predicts the wait a new request will see', async () => {
    const { clock, pacer } = setup(5, 10_000, 500);
    expect(await pacer.expectedWait('interactive')).toBe(0);
    Array.from({ length: 5 }, () => track(pacer, clock, 'interactive'));
    await clock.advance(2_000);
    const background = Array.from({ length: 12 }, () => track(pacer, clock, 'background'));
    await clock.settle();
    // Interactive: nothing queued ahead, next slot when the first grant leaves the window.
    expect(await pacer.expectedWait('interactive')).toBe(8_500);
    // Background: 12 queued ahead need this window's 5 freed slots, the next window's 5, and 2 more.
    const predicted = await pacer.expectedWait('background');
    expect(predicted).toBe(8_500 + 2 * 10_500);
    const probe = track(pacer, clock, 'background');
    await clock.advance(predicted);
    expect(probe.grantedAt).toBe(clock.now());
    expect(background.every((c) => c.grantedAt !== undefined)).toBe(true);
  });

  it('accounts for a block in the expected wait', async () => {
    const { pacer } = setup(5, 10_000, 0);
    await pacer.block(60);
    expect(await pacer.expectedWait('interactive')).toBe(60_000);
  });

  it('refuses a request that would wait longer than its maxWaitMs', async () => {
    const { clock, pacer } = setup(1, 10_000, 0);
    track(pacer, clock, 'interactive');
    const impatient = track(pacer, clock, 'interactive', 'wait', 2_000);
    await clock.advance(2_000);
    expect(impatient.outcome).toMatchObject({ granted: false, reason: 'max-wait' });
    expect(pacer.queueDepth().interactive).toBe(0);
  });

  it('counts requests in the current window for metrics', async () => {
    const { clock, pacer } = setup(5, 10_000, 500);
    Array.from({ length: 3 }, () => track(pacer, clock, 'interactive'));
    await clock.settle();
    expect(await pacer.inUse()).toBe(3);
    await clock.advance(10_000);
    expect(await pacer.inUse()).toBe(0);
  });

  it('refuses everything once closed', async () => {
    const { clock, pacer } = setup(1, 10_000, 0);
    track(pacer, clock, 'interactive');
    const queued = track(pacer, clock, 'interactive');
    await clock.settle();
    pacer.close();
    await clock.settle();
    expect(queued.outcome).toMatchObject({ granted: false, reason: 'closed' });
    const after = track(pacer, clock, 'interactive');
    await clock.settle();
    expect(after.outcome).toMatchObject({ granted: false, reason: 'closed' });
  });

  it('keeps the interactive reserve free of report and background requests in every window, and wakes for an interactive arrival', async () => {
    const { clock, pacer } = setup(10, 10_000, 0, 3);
    const start = clock.now();
    const reports = Array.from({ length: 60 }, (_, i) => track(pacer, clock, i % 2 === 0 ? 'report' : 'background'));
    await clock.settle();
    // A report walk alone gets the budget less the reserve.
    expect(reports.filter((c) => c.grantedAt === start)).toHaveLength(7);
    await clock.advance(4_000);
    // The pump is asleep until a report slot frees; interactive arrivals take the reserve at once.
    const pages = Array.from({ length: 4 }, () => track(pacer, clock, 'interactive'));
    await clock.settle();
    expect(pages.slice(0, 3).map((c) => c.grantedAt)).toEqual([start + 4_000, start + 4_000, start + 4_000]);
    expect(pages[3].grantedAt).toBeUndefined();
    await clock.advance(6_000);
    // The first freed slot goes to the waiting page, ahead of 53 queued report and background calls.
    expect(pages[3].grantedAt).toBe(start + 10_000);
    await clock.advance(120_000);
    const reportTimes = reports.map((c) => c.grantedAt).filter((t): t is number => t !== undefined);
    const pageTimes = pages.map((c) => c.grantedAt as number);
    expect(maxInWindow(reportTimes, 10_000)).toBeLessThanOrEqual(7);
    expect(maxInWindow([...reportTimes, ...pageTimes], 10_000)).toBeLessThanOrEqual(10);
    expect(reportTimes).toHaveLength(60);
  });

  it('predicts waits with the reserve: a report waits for its own slots, an interactive request does not', async () => {
    const { clock, pacer } = setup(5, 10_000, 0, 2);
    Array.from({ length: 3 }, () => track(pacer, clock, 'report'));
    await clock.settle();
    expect(await pacer.expectedWait('interactive')).toBe(0);
    expect(await pacer.expectedWait('report')).toBe(10_000);
  });
});
