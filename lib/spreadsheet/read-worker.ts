import { parentPort, workerData } from 'node:worker_threads';
import { readNow } from './read-now';
import type { ReadRequest } from './spreadsheet-types';

/**
 * The worker thread's entry (started by read-spreadsheet.ts): reads the one file it was given and
 * posts the outcome back. A refusal is an answer, not an error; anything else is reported as
 * `failed` so the portal words it, and the worker ends either way.
 */
const request = workerData as ReadRequest;
readNow(request).then(
  (outcome) => parentPort?.postMessage({ kind: 'outcome', outcome }),
  (error: unknown) => parentPort?.postMessage({ kind: 'failed', reason: error instanceof Error ? error.message.slice(0, 300) : String(error).slice(0, 300) }),
);
