import { readDelimited } from './csv-reader';
import { countText, ReadRefused, refusal, type ReadOutcome, type ReadRequest, sizeText } from './spreadsheet-types';
import { readXlsx } from './xlsx-reader';

/**
 * Reads a spreadsheet in the calling thread: what the worker runs (read-worker.ts), and what
 * tests call directly. Production code calls `readSpreadsheet` (read-spreadsheet.ts), which runs
 * this in a worker thread with a memory cap and a time limit.
 */
export async function readNow(request: ReadRequest): Promise<ReadOutcome> {
  const started = performance.now();
  const { bytes, label, limits } = request;
  if (bytes.byteLength > limits.maxFileBytes) {
    return refusal('file-too-large', `${label} is ${sizeText(bytes.byteLength)}; the portal reads at most ${sizeText(limits.maxFileBytes)}. Split it into smaller files.`, 413);
  }
  try {
    const read = request.format === 'xlsx' ? await readXlsx(bytes, { sheet: request.sheet, label, limits }) : readDelimited(bytes, { label, limits });
    const { inflatedBytes, ...table } = read;
    return { ok: true, table: { ...table, stats: { inflatedBytes, ms: Math.round(performance.now() - started) } } };
  } catch (error) {
    if (error instanceof ReadRefused) return error.refusal;
    if (error instanceof RangeError && /string length|Array buffer allocation/i.test(error.message)) {
      return refusal(
        'out-of-memory',
        `${label} needs more memory to read than one upload may use. Save only the sheet and columns you need (at most ${countText(limits.maxRows)} rows).`,
        413,
      );
    }
    throw error;
  }
}
