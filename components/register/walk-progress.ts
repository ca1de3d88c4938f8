/**
 * Turns a walk over every page of a register list (the client's allPages with onProgress) into
 * promises a chain of Suspense boundaries can await: step n waits until n pages are in, or the
 * walk has ended, and learns how far the walk got. Plain logic, no React, so it is testable and
 * works the same in the firm pages and the printable report.
 */

export interface WalkState {
  pagesFetched: number;
  /** Expected number of pages, once the register's numbers reveal it. */
  pageCount?: number;
  /** Rows gathered so far (duplicates across pages removed). */
  items: number;
}

export type WalkStep<R> = { done: false; state: WalkState } | { done: true; state: WalkState; result: R };

interface Waiter<R> {
  pages: number;
  resolve: (step: WalkStep<R>) => void;
  reject: (error: unknown) => void;
}

export class WalkProgress<R> {
  private state: WalkState = { pagesFetched: 0, items: 0 };
  private outcome?: { ok: true; result: R } | { ok: false; error: unknown };
  private waiters: Waiter<R>[] = [];

  /** Pass to allPages as `onProgress`. */
  readonly onProgress = (progress: WalkState): void => {
    // Progress only moves forward, whatever order callbacks arrive in.
    if (progress.pagesFetched < this.state.pagesFetched) return;
    this.state = { pagesFetched: progress.pagesFetched, pageCount: progress.pageCount ?? this.state.pageCount, items: progress.items };
    this.flush();
  };

  /** Follows the walk's promise; call once, with the promise allPages returned. */
  follow(walk: Promise<R>): this {
    walk.then(
      (result) => {
        this.outcome = { ok: true, result };
        this.flush();
      },
      (error: unknown) => {
        this.outcome = { ok: false, error };
        this.flush();
      },
    );
    return this;
  }

  current(): WalkState {
    return this.state;
  }

  /** Resolves once at least `pages` pages are in (not done), or when the walk ends (done, with its result). */
  waitFor(pages: number): Promise<WalkStep<R>> {
    return new Promise((resolve, reject) => {
      this.waiters.push({ pages, resolve, reject });
      this.flush();
    });
  }

  private flush(): void {
    const pending: Waiter<R>[] = [];
    for (const w of this.waiters) {
      if (this.outcome?.ok === false) w.reject(this.outcome.error);
      else if (this.outcome?.ok) w.resolve({ done: true, state: this.state, result: this.outcome.result });
      else if (this.state.pagesFetched >= w.pages) w.resolve({ done: false, state: this.state });
      else pending.push(w);
    }
    this.waiters = pending;
  }
}

/** "Fetched 12 of 83 pages (240 rows so far)" and the like, for the progress line. */
export function walkProgressText(state: WalkState, unit: [string, string]): string {
  const rows = `${state.items.toLocaleString('en-GB')} ${state.items === 1 ? unit[0] : unit[1]} so far`;
  if (state.pagesFetched === 0) return 'Asking the register for the first page…';
  if (state.pageCount !== undefined) {
    return `Fetched ${state.pagesFetched.toLocaleString('en-GB')} of ${state.pageCount.toLocaleString('en-GB')} pages (${rows})…`;
  }
  return `Fetched ${state.pagesFetched.toLocaleString('en-GB')} ${state.pagesFetched === 1 ? 'page' : 'pages'} (${rows}); the register has not yet said how many there are…`;
}
