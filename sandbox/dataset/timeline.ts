/**
 * The register over time: day 0 is the generated dataset, day N is day N-1 with day N's planned
 * changes applied. Days are planned once, in order, by one walk forward (the frontier); the plan of
 * each day is kept, so any earlier day is rebuilt by replaying plans from the nearest checkpoint
 * rather than by planning again. Whatever order days are asked for in, day N is the same records.
 */
import { MAX_REGISTER_DAY } from '../config';
import { DayState, applyOp, registerDate, type DayChange, type DayOp } from './day-state';
import { PlanContext, planDay } from './day-plan';
import type { Dataset } from './generate';

/** A snapshot is kept every this many days while planning forward, to replay earlier days from. */
const CHECKPOINT_EVERY = 30;
/** Days asked for recently, kept whole. */
const RECENT_DAYS = 8;

export class RegisterTimeline {
  private readonly ops: DayOp[][] = [[]];
  private readonly changeLists: DayChange[][] = [[]];
  private readonly frontier: DayState;
  private readonly context: PlanContext;
  private readonly checkpoints = new Map<number, Dataset>();
  private readonly recent = new Map<number, Dataset>();

  constructor(readonly base: Dataset) {
    this.frontier = new DayState(base, 0, base);
    this.context = new PlanContext(this.frontier);
    this.checkpoints.set(0, base);
  }

  /** The last day planned so far. */
  get plannedThrough(): number {
    return this.frontier.day;
  }

  /** The dataset of a day (0 is the generated one itself). */
  at(day: number): Dataset {
    checkDay(day);
    if (day === 0) return this.base;
    const cached = this.recent.get(day) ?? this.checkpoints.get(day);
    if (cached) return this.remember(day, cached);
    if (day >= this.frontier.day) {
      this.planThrough(day);
      return this.remember(day, this.checkpoints.get(day) ?? this.frontier.snapshot());
    }
    let from = 0;
    for (const d of this.checkpoints.keys()) if (d <= day && d > from) from = d;
    for (const d of this.recent.keys()) if (d <= day && d > from) from = d;
    const start = this.recent.get(from) ?? this.checkpoints.get(from)!;
    const state = new DayState(this.base, from, start);
    for (let d = from + 1; d <= day; d++) {
      state.day = d;
      for (const op of this.ops[d]) applyOp(state, op);
    }
    return this.remember(day, state.snapshot());
  }

  /** What day N changed (empty for day 0). */
  changes(day: number): readonly DayChange[] {
    checkDay(day);
    this.planThrough(day);
    return this.changeLists[day];
  }

  /** The register date of a day, dd/mm/yyyy. */
  date(day: number): string {
    return registerDate(day);
  }

  private planThrough(day: number): void {
    while (this.frontier.day < day) {
      this.frontier.day += 1;
      const d = this.frontier.day;
      const planned = planDay(this.frontier, this.context);
      this.ops[d] = planned.ops;
      this.changeLists[d] = planned.changes;
      if (d % CHECKPOINT_EVERY === 0) this.checkpoints.set(d, this.frontier.snapshot());
    }
  }

  private remember(day: number, dataset: Dataset): Dataset {
    this.recent.delete(day);
    this.recent.set(day, dataset);
    while (this.recent.size > RECENT_DAYS) this.recent.delete(this.recent.keys().next().value!);
    return dataset;
  }
}

function checkDay(day: number): void {
  if (!Number.isInteger(day) || day < 0 || day > MAX_REGISTER_DAY) throw new RangeError(`register day must be a whole number from 0 to ${MAX_REGISTER_DAY}, got ${day}`);
}

const timelines = new WeakMap<Dataset, RegisterTimeline>();

/** One timeline per dataset, shared by every sandbox on it in this process. */
export function timelineFor(base: Dataset): RegisterTimeline {
  let t = timelines.get(base);
  if (!t) {
    t = new RegisterTimeline(base);
    timelines.set(base, t);
  }
  return t;
}
