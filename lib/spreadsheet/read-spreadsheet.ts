import 'server-only';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { refusal, type ReadOutcome, type ReadRequest, sizeText } from './spreadsheet-types';

/**
 * Reads an uploaded spreadsheet off the request thread: each read runs in its own worker thread
 * (read-worker.ts) with a heap cap (`resourceLimits`) and a time limit, so a file built to exhaust
 * memory or time ends that worker, never the portal, and other requests are answered meanwhile.
 * A worker that runs out of memory, times out or fails is a refusal in words.
 *
 * At most `concurrency` reads run at once (the machine's cores, and the heap caps add up); a few
 * more wait their turn, and past `queue` the portal answers that it is busy rather than stacking
 * memory. The caps bound what uploads can take: concurrency × (heap cap + the file) at worst.
 */

export interface ReaderRuntime {
  /** Milliseconds a read may take, from the moment its worker starts. */
  timeLimitMs: number;
  /** The worker's old-generation heap cap, in MB (its young generation gets 16 MB more). */
  heapMb: number;
  /** Reads at once. */
  concurrency: number;
  /** Reads waiting for a turn; past this the portal says it is busy. */
  queue: number;
}

export const DEFAULT_READER_RUNTIME: Readonly<ReaderRuntime> = Object.freeze({ timeLimitMs: 15_000, heapMb: 96, concurrency: 2, queue: 8 });

let active = 0;
const waiting: Array<() => void> = [];

async function turn(runtime: ReaderRuntime): Promise<(() => void) | null> {
  if (active >= runtime.concurrency) {
    if (waiting.length >= runtime.queue) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  active += 1;
  return () => {
    active -= 1;
    waiting.shift()?.();
  };
}

/** How many reads are running and waiting, for tests and the benchmark. */
export function readerLoad(): { active: number; waiting: number } {
  return { active, waiting: waiting.length };
}

function startWorker(request: ReadRequest, runtime: ReaderRuntime): Worker {
  const options = {
    workerData: request,
    resourceLimits: { maxOldGenerationSizeMb: runtime.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    // The worker needs no settings: it gets none (the register key included).
    env: {},
    stdout: true,
    stderr: true,
  };
  // In the built portal (Next sets NEXT_RUNTIME) the bundler compiles the entry to JavaScript and
  // points this URL at it. From TypeScript sources (tests, scripts run with tsx) the entry is a .ts
  // file, which a Node 20 worker loads only through tsx's require hook; the worker's own code names
  // tsx (resolved from the working directory), so the bundler never sees it.
  if (!process.env.NEXT_RUNTIME && import.meta.url.endsWith('.ts')) {
    const entry = fileURLToPath(new URL('./read-worker.ts', import.meta.url));
    return new Worker(`require('tsx/cjs/api').require(${JSON.stringify(entry)}, __filename);`, { ...options, eval: true, execArgv: [] });
  }
  return new Worker(new URL('./read-worker.ts', import.meta.url), { ...options, execArgv: [] });
}

/** Reads `request` in a worker thread within `runtime`'s bounds; never throws. */
export async function readSpreadsheet(request: ReadRequest, runtime: ReaderRuntime = DEFAULT_READER_RUNTIME): Promise<ReadOutcome> {
  const { label, limits } = request;
  if (request.bytes.byteLength > limits.maxFileBytes) {
    return refusal(
      'file-too-large',
      `${label} is ${sizeText(request.bytes.byteLength)}; the portal reads at most ${sizeText(limits.maxFileBytes)}. Split it into smaller files.`,
      413,
    );
  }
  const release = await turn(runtime);
  if (!release) return refusal('busy', 'The portal is reading several other uploads right now. Try again in a minute.', 503);
  try {
    return await new Promise<ReadOutcome>((resolve) => {
      let settled = false;
      const settle = (outcome: ReadOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
        void worker.terminate();
      };
      let worker: Worker;
      try {
        worker = startWorker(request, runtime);
      } catch {
        resolve(refusal('reader-failed', `${label} could not be read: the portal's file reader did not start. Try again; if it keeps failing, tell an administrator.`, 503));
        return;
      }
      const timer = setTimeout(() => {
        settle(
          refusal(
            'timed-out',
            `${label} took longer than ${Math.round(runtime.timeLimitMs / 1000)} s to read, the most one upload may take, and reading it was stopped. Save only the sheet and columns you need, or save it as .csv.`,
            422,
          ),
        );
      }, runtime.timeLimitMs);
      worker.on('message', (message: { kind: 'outcome'; outcome: ReadOutcome } | { kind: 'failed'; reason: string }) => {
        if (message.kind === 'outcome') settle(message.outcome);
        else settle(refusal('reader-failed', `${label} could not be read as a spreadsheet. Save it again as .xlsx or .csv and upload that.`, 422));
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          settle(
            refusal(
              'out-of-memory',
              `${label} needs more memory to read than one upload may use (${runtime.heapMb} MB), and reading it was stopped. Save only the sheet and columns you need, or save it as .csv.`,
              413,
            ),
          );
        } else {
          settle(refusal('reader-failed', `${label} could not be read as a spreadsheet. Save it again as .xlsx or .csv and upload that.`, 422));
        }
      });
      worker.on('exit', () => settle(refusal('reader-failed', `${label} could not be read: the reader stopped before it finished. Try again.`, 422)));
      // The worker writes nothing we need; its streams are drained so it never blocks on them.
      worker.stdout?.resume();
      worker.stderr?.resume();
    });
  } finally {
    release();
  }
}
