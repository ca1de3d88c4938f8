import type { Clock, TimerHandle } from '../clock';

/** A clock tests move by hand: timers fire in time order as `advance()` passes them. */
export class ManualClock implements Clock {
  private t: number;
  private timers: Array<{ at: number; seq: number; fn: () => void; cancelled: boolean }> = [];
  private seq = 0;

  constructor(start = Date.UTC(2026, 1, 27, 11, 25, 0)) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimer(fn: () => void, ms: number): TimerHandle {
    const timer = { at: this.t + Math.max(0, ms), seq: this.seq++, fn, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => (timer.cancelled = true) };
  }

  /** Pending (uncancelled) timers. */
  pending(): number {
    return this.timers.filter((x) => !x.cancelled).length;
  }

  /** Lets promise chains started by timers (and by the test) run to completion. */
  async settle(): Promise<void> {
    for (let i = 0; i < 5; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }

  /** Moves time forward by `ms`, firing every timer that falls due, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    await this.settle();
    for (;;) {
      const due = this.timers.filter((x) => !x.cancelled && x.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
      await this.settle();
    }
    this.t = target;
    await this.settle();
  }
}
