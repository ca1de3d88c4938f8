import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSpreadsheet, readerLoad } from './read-spreadsheet';
import { DEFAULT_SPREADSHEET_LIMITS, type ReadOutcome, type SpreadsheetLimits } from './spreadsheet-types';
import { buildXlsx, repeatedDeflate, workbookWith } from './test-support/xlsx-builder';

/**
 * Files built to take the portal down, read the way the portal reads uploads (a worker thread with
 * a heap cap and a time limit): each is refused, this process stays alive, an HTTP server in it
 * keeps answering while the file is read, and the figures (time to refuse, peak memory above idle,
 * slowest answer meanwhile) are printed. Bounds on time and memory are the benchmark's to report
 * (bench/scenario-uploads.ts runs the same files against a built portal); here the assertions are
 * that the process survives, answers and refuses.
 */

const limits: SpreadsheetLimits = { ...DEFAULT_SPREADSHEET_LIMITS, maxRows: 5020 };

/** 100 KB of zip whose one shared string inflates to 100 MB. */
function sharedStringBomb(): Buffer {
  const bomb = repeatedDeflate('<sst><si><t>', 'A'.repeat(1 << 20), 100, '</t></si></sst>');
  // Declared smaller than the truth, so the declaration alone does not stop it: the string's length must.
  return workbookWith([{ name: 'xl/sharedStrings.xml', data: bomb.data, declaredSize: 1 << 20 }]);
}

/** A sheet entry that inflates to 1 GB; `declared` says what its headers claim. */
function gigabyteEntry(declared: number): Buffer {
  const big = repeatedDeflate('<worksheet><sheetData>', ' '.repeat(1 << 20), 1024, '</sheetData></worksheet>');
  return workbookWith([{ name: 'xl/worksheets/sheet1.xml', data: big.data, declaredSize: declared }], { sharedStrings: false });
}

/** A sheet of 1,000,000 rows in a file far under the 5 MB limit. */
function millionRows(): Buffer {
  const rows = repeatedDeflate('<worksheet><sheetData>', '<row><c><v>730427</v></c></row>'.repeat(1000), 1000, '</sheetData></worksheet>');
  return workbookWith([{ name: 'xl/worksheets/sheet1.xml', data: rows.data, declaredSize: rows.size }], { sharedStrings: false });
}

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

interface Figures {
  outcome: ReadOutcome;
  ms: number;
  peakAboveIdleMb: number;
  answered: number;
  slowestAnswerMs: number;
}

/** Reads `bytes` while sampling this process's memory and asking the HTTP server every 25 ms. */
async function measured(name: string, bytes: Buffer, readLimits: SpreadsheetLimits = limits): Promise<Figures> {
  global.gc?.();
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  let running = true;
  let answered = 0;
  let slowest = 0;
  const pinger = (async () => {
    while (running) {
      const t = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.text();
      slowest = Math.max(slowest, performance.now() - t);
      answered += 1;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  const started = performance.now();
  const outcome = await readSpreadsheet({ format: 'xlsx', bytes, label: `"${name}"`, limits: readLimits });
  const ms = performance.now() - started;
  running = false;
  await pinger;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const figures = { outcome, ms, peakAboveIdleMb: (peak - idle) / (1024 * 1024), answered, slowestAnswerMs: slowest };
  console.log(
    `${name}: ${(bytes.byteLength / 1024).toFixed(0)} KB file, ${outcome.ok ? 'read' : `refused (${outcome.code})`} in ${ms.toFixed(0)} ms; peak memory ${figures.peakAboveIdleMb.toFixed(0)} MB above idle; ${answered} requests answered meanwhile, slowest ${slowest.toFixed(0)} ms`,
  );
  return figures;
}

describe('files built to take the portal down', () => {
  it('refuses a 100 KB shared-string bomb, a 1 GB entry (declared or hidden) and a 1,000,000-row sheet, answering other requests meanwhile', async () => {
    const bomb = sharedStringBomb();
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const s = await measured('shared-string bomb', bomb);
    expect(s.outcome).toMatchObject({ ok: false, code: 'string-too-long', status: 413 });

    const declared = await measured('1 GB entry, declared', gigabyteEntry(1 << 30));
    expect(declared.outcome).toMatchObject({ ok: false, code: 'entry-too-large', status: 413, message: expect.stringContaining('1 GB') });

    const hidden = await measured('1 GB entry, declared as 1 MB', gigabyteEntry(1 << 20));
    expect(hidden.outcome).toMatchObject({ ok: false, code: 'entry-too-large', message: expect.stringContaining('more than the 1 MB it declares') });

    const honestButHuge = await measured('1 GB entry, declared as 20 MB', gigabyteEntry(20 << 20));
    expect(honestButHuge.outcome).toMatchObject({ ok: false, code: 'entry-too-large' });

    const million = millionRows();
    expect(million.byteLength).toBeLessThan(DEFAULT_SPREADSHEET_LIMITS.maxFileBytes);
    // Its sheet unpacks to 31 MB: past the default part limit, refused before a row is read...
    const m = await measured('1,000,000 rows', million);
    expect(m.outcome).toMatchObject({ ok: false, code: 'entry-too-large', status: 413 });
    // ...and with room for it, the row limit stops it at row 5,021.
    const rows = await measured('1,000,000 rows, part limit raised', million, { ...limits, maxEntryBytes: 64 << 20, maxTotalBytes: 64 << 20 });
    expect(rows.outcome).toMatchObject({ ok: false, code: 'too-many-rows', status: 413, message: expect.stringContaining('more than 5,020 rows') });

    for (const f of [s, declared, hidden, honestButHuge, m, rows]) expect(f.answered).toBeGreaterThan(0);
    expect(readerLoad()).toEqual({ active: 0, waiting: 0 });
  });

  it('ends a worker that runs out of memory or time with a refusal, and the process carries on', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`Firm number ${i} with a long enough name to take room`, 100000 + i, `Note ${'x'.repeat(200)} ${i}`]);
    const bytes = buildXlsx([{ name: 'Panel', rows }]);
    const starved = await readSpreadsheet({ format: 'xlsx', bytes, label: '"panel.xlsx"', limits }, { timeLimitMs: 15_000, heapMb: 2, concurrency: 2, queue: 8 });
    expect(starved).toMatchObject({ ok: false, code: 'out-of-memory', status: 413, message: expect.stringContaining('more memory') });
    const slow = await readSpreadsheet({ format: 'xlsx', bytes, label: '"panel.xlsx"', limits }, { timeLimitMs: 1, heapMb: 96, concurrency: 2, queue: 8 });
    expect(slow).toMatchObject({ ok: false, code: 'timed-out', status: 422, message: expect.stringContaining('took longer than') });
    const fine = await readSpreadsheet({ format: 'xlsx', bytes, label: '"panel.xlsx"', limits });
    expect(fine.ok && fine.table.rows).toHaveLength(3000);
  });

  it('runs at most `concurrency` reads at once and says the portal is busy past the queue', async () => {
    const bytes = buildXlsx([{ name: 'Panel', rows: [['Reference'], [730427]] }]);
    const runtime = { timeLimitMs: 15_000, heapMb: 96, concurrency: 1, queue: 1 };
    const outcomes = await Promise.all([0, 1, 2].map(() => readSpreadsheet({ format: 'xlsx', bytes, label: '"p.xlsx"', limits }, runtime)));
    expect(outcomes.map((o) => (o.ok ? 'read' : o.code))).toEqual(['read', 'read', 'busy']);
    expect(outcomes[2]).toMatchObject({ status: 503, message: expect.stringContaining('Try again') });
  });
});
