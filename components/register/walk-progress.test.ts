import { describe, expect, it } from 'vitest';
import { WalkProgress, walkProgressText, type WalkState } from './walk-progress';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('WalkProgress', () => {
  it('resolves each step once its page is in, with the walk’s state at that moment', async () => {
    const walk = deferred<string>();
    const progress = new WalkProgress<string>().follow(walk.promise);
    const step1 = progress.waitFor(1);
    const step3 = progress.waitFor(3);
    let settled3 = false;
    void step3.then(() => (settled3 = true));

    progress.onProgress({ pagesFetched: 1, pageCount: 4, items: 10 });
    expect(await step1).toEqual({ done: false, state: { pagesFetched: 1, pageCount: 4, items: 10 } });
    progress.onProgress({ pagesFetched: 2, pageCount: 4, items: 20 });
    await tick();
    expect(settled3).toBe(false);
    // Pages fetched four at a time can jump past a step: the step still resolves, with the newer state.
    progress.onProgress({ pagesFetched: 4, pageCount: 4, items: 34 });
    expect(await step3).toEqual({ done: false, state: { pagesFetched: 4, pageCount: 4, items: 34 } });
  });

  it('ends every waiting step with the result when the walk finishes, and answers later steps at once', async () => {
    const walk = deferred<string>();
    const progress = new WalkProgress<string>().follow(walk.promise);
    progress.onProgress({ pagesFetched: 2, pageCount: 2, items: 12 });
    const next = progress.waitFor(3);
    walk.resolve('all rows');
    expect(await next).toEqual({ done: true, state: { pagesFetched: 2, pageCount: 2, items: 12 }, result: 'all rows' });
    expect(await progress.waitFor(1)).toMatchObject({ done: true, result: 'all rows' });
  });

  it('finishes a walk that ended early (first page failed) without any progress', async () => {
    const progress = new WalkProgress<{ kind: string }>().follow(Promise.resolve({ kind: 'rate-limited' }));
    expect(await progress.waitFor(1)).toEqual({ done: true, state: { pagesFetched: 0, items: 0 }, result: { kind: 'rate-limited' } });
  });

  it('passes a thrown walk on to every step', async () => {
    const walk = deferred<string>();
    const progress = new WalkProgress<string>().follow(walk.promise);
    const step = progress.waitFor(1);
    walk.reject(new Error('boom'));
    await expect(step).rejects.toThrow('boom');
    await expect(progress.waitFor(2)).rejects.toThrow('boom');
  });

  it('keeps a page count once known and never goes backwards', () => {
    const progress = new WalkProgress<string>();
    progress.onProgress({ pagesFetched: 3, pageCount: 83, items: 60 });
    progress.onProgress({ pagesFetched: 4, items: 80 });
    expect(progress.current()).toEqual({ pagesFetched: 4, pageCount: 83, items: 80 });
    progress.onProgress({ pagesFetched: 2, pageCount: 83, items: 40 });
    expect(progress.current().pagesFetched).toBe(4);
  });
});

describe('walkProgressText', () => {
  const unit: [string, string] = ['row', 'rows'];
  const text = (s: WalkState) => walkProgressText(s, unit);
  it('says how far the walk is, with and without a known page count', () => {
    expect(text({ pagesFetched: 0, items: 0 })).toBe('Asking the register for the first page…');
    expect(text({ pagesFetched: 12, pageCount: 83, items: 240 })).toBe('Fetched 12 of 83 pages (240 rows so far)…');
    expect(text({ pagesFetched: 1, items: 1 })).toBe('Fetched 1 page (1 row so far); the register has not yet said how many there are…');
    expect(text({ pagesFetched: 1500, pageCount: 2000, items: 30000 })).toBe('Fetched 1,500 of 2,000 pages (30,000 rows so far)…');
  });
});
