import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { buildDataset } from '@/sandbox/dataset/generate';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import {
  addToWatchlist,
  bulkProgress,
  cancelBulkJob,
  createBulkJob,
  getBulkJob,
  listBulkRows,
  matchedEntities,
  pruneExpiredBulkJobs,
  resolveAmbiguousRow,
  retryFailedRows,
  type BulkRow,
} from '@/lib/bulk/bulk-store';
import type { Db, DialectName } from '@/lib/db/schema';
import { csvDocument } from '@/lib/csv/csv';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { claimJob, type Job } from '@/lib/jobs/job-queue';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import type { Cell } from './bulk-input';
import { readInputTable } from './bulk-columns';
import { downloadColumns, resultRows } from './bulk-results';
import { createBulkRowHandler } from './bulk-row.job';
import { readUpload } from './bulk-upload';
import { DEFAULT_BULK_SETTINGS } from './bulk-config';
import { xlsxDocument } from './bulk-xlsx';

/**
 * Bulk checks below the pages, against the real sandbox over HTTP on both engines: a mixed input
 * ends with the right outcome per row in input order, an ambiguous name waits for a person, the
 * results read back from CSV and XLSX, matched rows join a watchlist, a failed row is retried, and
 * a worker stopped mid-run (or a job whose lease ran out after its row was recorded) never fetches
 * a finished row again, counted by the requests that reached the register.
 */

const pgStatus = await postgresStatus();
const SEED = 'fsr-sandbox';
const SIZES = { firms: 300, individuals: 600, funds: 40 };
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const dataset = buildDataset(SEED, SIZES);
const showcase = new Set<string>(Object.values(SHOWCASE).flat());
const generatedFrns = [...dataset.firms.keys()].filter((frn) => !showcase.has(frn));
const UNKNOWN_FRN = ['7654321', '7654322', '7654323'].find((f) => !dataset.firms.has(f))!;

let sandbox: RunningSandbox;
/** Every register path the clients sent, in order. */
const sent: string[] = [];
/** Paths answered with a server error (fault injection). */
const failing = new Set<string>();

function makeClient(): RegisterClient {
  return createRegisterClient({
    config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000', FSR_API_RETRIES: '0' }),
    fetch: async (input, init) => {
      const url = new URL(String(input));
      const path = url.pathname.replace(/^\/services\/V0\.1/, '') + url.search;
      sent.push(path);
      if (failing.has(url.pathname.replace(/^\/services\/V0\.1/, '')))
        return new Response('<html>Internal error</html>', { status: 500, headers: { 'content-type': 'text/html' } });
      return fetch(input, init);
    },
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: SEED, ...SIZES, latency: { min: 0, max: 0 }, rateLimit: 'off', accounts: [ACCOUNT] });
});

afterAll(async () => {
  await sandbox?.close();
});

const USER = { id: 'u1', email: 'ann@example.com' };

async function start(db: Db, table: Cell[][], mode: 'status' | 'sections' = 'status', sections: string[] = []) {
  const rows = readInputTable(table);
  return createBulkJob(db, { createdBy: USER, source: 'paste', mode, sections, rows, estimatedRequests: rows.length, retentionDays: 30 });
}

forEachDialect('bulk checks against the sandbox', pgStatus, (db: () => Db, dialect: DialectName) => {
  let client: RegisterClient;
  beforeEach(async () => {
    await client?.close();
    client = makeClient();
    sent.length = 0;
    failing.clear();
  });
  afterAll(async () => {
    await client?.close();
  });

  async function runToEnd(bulkId: string, c: RegisterClient = client, lanes = 2): Promise<void> {
    const deps = { db: db(), dialect, client: c };
    const worker = startWorker({ db: db(), dialect, lanes, pollMs: 10, handlers: jobHandlers(deps), onOutcome: (job) => afterJob(deps, job) });
    try {
      for (let i = 0; i < 3000; i++) {
        if ((await getBulkJob(db(), bulkId))?.state !== 'running') return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('the bulk job did not finish');
    } finally {
      await worker.stop();
    }
  }

  const outcomes = (rows: BulkRow[]) => rows.map((r) => [r.rowNo, r.outcome, r.matchedRef ?? null]);

  it('checks a mixed input: one result per row in input order, ambiguous names left to a person, CSV and XLSX read back, matched rows watched', async () => {
    const job = await start(db(), [
      ['Reference', 'Type', 'Postcode'],
      ['200200'],
      ['"0200200 "'],
      ['BKS00001'],
      ['800800', 'fund'],
      ['Albion Crown Bank plc'],
      [SHOWCASE.individualSearch, 'individual'],
      [UNKNOWN_FRN],
      ['12345678'],
      ['300300.0'],
    ]);
    expect(job).toMatchObject({ rowCount: 9, checkCount: 7, invalidCount: 1, duplicateCount: 1, state: 'running' });
    // One lane: row 1 has read the bank's record and standing before row 5 looks for its name (what the cache assertion below is about).
    await runToEnd(job.id, client, 1);
    let rows = await listBulkRows(db(), job.id);
    expect(outcomes(rows)).toEqual([
      [1, 'matched', '200200'],
      [2, null, null],
      [3, 'matched', 'BKS00001'],
      [4, 'matched', '800800'],
      [5, 'matched', '200200'],
      [6, 'ambiguous', null],
      [7, 'not-found', null],
      [8, 'invalid', null],
      [9, 'matched', '300300'],
    ]);
    // The record, its requirements and its disciplinary history (the standing's sources).
    expect(rows[0]).toMatchObject({ fields: { Name: 'Albion Crown Bank plc' }, provenanceSource: 'live', requestCount: 3 });
    expect(rows[0].fields.Status).toBeTruthy();
    expect(rows[0].retrievedAt).toMatch(/^\d{4}-/);
    expect(rows[4].score).toBe(100);
    // The name's search was a request; its record and standing's sources came from the cache (row 1 had fetched them).
    expect(rows[4]).toMatchObject({ provenanceSource: 'cache', requestCount: 1 });
    const ambiguous = rows[5];
    expect(ambiguous.candidates.length).toBeGreaterThan(1);
    expect(ambiguous.candidates[0].score).toBeGreaterThanOrEqual(85);
    expect(await bulkProgress(db(), job.id)).toMatchObject({
      rows: 9,
      toCheck: 7,
      checked: 7,
      matched: 5,
      ambiguous: 1,
      notFound: 1,
      invalid: 1,
      failed: 0,
      pending: 0,
      state: 'finished',
    });

    // The person picks the second candidate: only a candidate of the row is accepted, once.
    const pick = ambiguous.candidates[1];
    expect(await resolveAmbiguousRow(db(), job.id, 6, { choice: 'candidate', kind: 'individual', ref: 'ZZZ99999' }, 'ann@example.com')).toBe(false);
    expect(await resolveAmbiguousRow(db(), job.id, 6, { choice: 'candidate', kind: pick.kind, ref: pick.ref }, 'ann@example.com')).toBe(true);
    expect(await resolveAmbiguousRow(db(), job.id, 6, { choice: 'none' }, 'ann@example.com')).toBe(false);
    await runToEnd(job.id);
    rows = await listBulkRows(db(), job.id);
    expect(rows[5]).toMatchObject({ outcome: 'matched', matchedRef: pick.ref, resolvedBy: 'ann@example.com' });
    expect(rows[5].message).toContain('Chosen by ann@example.com');

    const bulk = (await getBulkJob(db(), job.id))!;
    const table = resultRows(bulk, rows);
    const columns = downloadColumns(bulk, rows);
    const csv = parse(csvDocument(columns, table), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.map((r) => [r.Row, r.Outcome])).toEqual([
      ['1', 'Matched'],
      ['2', 'Matched'],
      ['3', 'Matched'],
      ['4', 'Matched'],
      ['5', 'Matched'],
      ['6', 'Matched'],
      ['7', 'Not found'],
      ['8', 'Invalid input'],
      ['9', 'Matched'],
    ]);
    expect(csv[1]).toMatchObject({ Input: '"0200200 "', 'Matched reference': '200200', Message: 'Same as row 1.' });
    expect(csv[7].Message).toContain('8 digits');
    const xlsx = new ExcelJS.Workbook();
    await xlsx.xlsx.load(Buffer.from(await xlsxDocument('Results', columns, table)) as unknown as ExcelJS.Buffer);
    const sheet = xlsx.worksheets[0];
    // Each row's line in the input is a column of its own since the bounded reader; Outcome follows the input and how it was read.
    expect(csv.map((r) => r.Line)).toEqual(['2', '3', '4', '5', '6', '7', '8', '9', '10']);
    const outcomeAt = columns.findIndex((c) => c.header === 'Outcome') + 1;
    expect((sheet.getRow(1).values as unknown[]).slice(1, outcomeAt + 1)).toEqual(['Row', 'Line', 'Input', 'Read as', 'Outcome']);
    expect(Array.from({ length: 9 }, (_, i) => sheet.getRow(i + 2).getCell(outcomeAt).value)).toEqual(csv.map((r) => r.Outcome));

    await db()
      .insertInto('watchlists')
      .values({
        id: 'w1',
        name: `Panel ${dialect}`,
        description: null,
        case_reference: null,
        owner_id: 'u1',
        owner_email: USER.email,
        sections: '{}',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const entities = await matchedEntities(db(), job.id);
    expect(entities.map((e) => `${e.kind} ${e.ref}`)).toEqual(['firm 200200', 'individual BKS00001', 'fund 800800', `individual ${pick.ref}`, 'firm 300300']);
    expect(await addToWatchlist(db(), 'w1', entities, USER.email)).toBe(5);
    expect(await addToWatchlist(db(), 'w1', entities, USER.email)).toBe(0);
  });

  it('answers what screening needs: a prohibited person flagged, a clone as its own outcome, a name that does not fit its number, a fund named', async () => {
    const job = await start(db(), [
      ['Reference', 'Name', 'Type', 'Postcode'],
      [SHOWCASE.prohibitedIrn],
      ['', 'Piers Rowntree', 'individual'],
      ['', 'Revolution Capital Partners'],
      [SHOWCASE.bankFrn, 'Kingsmere Mortgage Network Limited'],
      [SHOWCASE.bankFrn, 'Albion Crown'],
      ['', 'castlegate securities ltd'],
      [SHOWCASE.exceptionalInfoFrn],
      [SHOWCASE.umbrellaFundPrn, '', 'fund'],
      ['', 'Albion Crwn Bank plc', '', 'EC2V'],
    ]);
    await runToEnd(job.id);
    const rows = await listBulkRows(db(), job.id);
    const level = (r: BulkRow) => r.standing && `${r.standing.level} ${r.standing.label}`;
    expect(rows.map((r) => [r.outcome, r.matchedRef, level(r)])).toEqual([
      ['matched', SHOWCASE.prohibitedIrn, 'stop Prohibited'],
      ['matched', SHOWCASE.prohibitedIrn, 'stop Prohibited'],
      ['unauthorised', null, 'stop Clone firm'],
      ['mismatch', SHOWCASE.bankFrn, expect.any(String)],
      ['matched', SHOWCASE.bankFrn, expect.any(String)],
      ['matched', SHOWCASE.disciplinaryFrn, 'caution Disciplinary history'],
      ['matched', SHOWCASE.exceptionalInfoFrn, 'stop In administration'],
      ['matched', SHOWCASE.umbrellaFundPrn, 'clear Authorised'],
      ['matched', SHOWCASE.bankFrn, expect.any(String)],
    ]);
    expect(rows[0].standing!.reasons[0].text).toContain('prohibition order');
    expect(rows[2].message).toContain('"Revolution Capital Partners (clone of FCA authorised firm) (Postcode: n/a)"');
    expect(rows[3].message).toContain(`does not match FRN ${SHOWCASE.bankFrn} (Albion Crown Bank plc)`);
    expect(rows[3].message).toContain(`The name fits FRN ${SHOWCASE.networkPrincipalFrn}, Kingsmere Mortgage Network Limited`);
    expect(rows[3].candidates.map((c) => [c.ref, c.matchedOn])).toEqual(
      expect.arrayContaining([
        [SHOWCASE.bankFrn, 'reference'],
        [SHOWCASE.networkPrincipalFrn, 'current'],
      ]),
    );
    expect(rows[4].message).toContain('agrees with a trading name "Albion Crown"');
    expect(rows[7].fields.Name).toBe('Wessex Horizon Investment Funds ICVC');
    expect(rows[8].message).toContain('spelling differs');

    // The mismatch waits for a person, who picks the record the name fits.
    expect(await resolveAmbiguousRow(db(), job.id, 4, { choice: 'candidate', kind: 'firm', ref: SHOWCASE.networkPrincipalFrn }, USER.email)).toBe(true);
    await runToEnd(job.id);
    expect((await listBulkRows(db(), job.id))[3]).toMatchObject({ outcome: 'matched', matchedRef: SHOWCASE.networkPrincipalFrn, resolvedBy: USER.email });

    const bulk = (await getBulkJob(db(), job.id))!;
    const after = await listBulkRows(db(), job.id);
    const csv = parse(csvDocument(downloadColumns(bulk, after), resultRows(bulk, after)), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv.map((r) => r.Standing).slice(0, 3)).toEqual(['Stop · Prohibited', 'Stop · Prohibited', 'Stop · Clone firm']);
    expect(csv[2].Outcome).toBe('Unauthorised or clone');
    expect(csv[0]['Standing reasons']).toContain('prohibition order');
  });

  it('fetches the chosen sections of a firm as counts and summaries', async () => {
    const job = await start(db(), [[SHOWCASE.bankFrn]], 'sections', ['permissions', 'regulators']);
    await runToEnd(job.id);
    const [row] = await listBulkRows(db(), job.id);
    expect(row.fields['Permissions (count)']).toBe('42');
    expect(row.fields['Regulators (count)']).toBe('4');
    expect(row.fields['Regulators']).toContain('Prudential Regulation Authority');
    // The record, its standing's two sources, three pages of permissions and one of regulators.
    expect(row.requestCount).toBe(1 + 2 + 3 + 1);
  });

  it('records a register error on the last attempt, and "retry failed rows" checks it again', async () => {
    const job = await start(db(), [[SHOWCASE.disciplinaryFrn]]);
    failing.add(`/Firm/${SHOWCASE.disciplinaryFrn}`);
    const handler = createBulkRowHandler({ db: db(), client, maxWaitMs: 1000 });
    const claimed = (await claimJob(db(), dialect, { owner: 't', leaseMs: 60_000 }))!;
    const context = { signal: new AbortController().signal, owner: 't' };
    expect(await handler(claimed, context)).toMatchObject({ status: 'retry' });
    expect((await listBulkRows(db(), job.id))[0].outcome).toBeNull();
    const last: Job = { ...claimed, attempts: claimed.maxAttempts };
    expect(await handler(last, context)).toMatchObject({ status: 'failed' });
    expect((await listBulkRows(db(), job.id))[0]).toMatchObject({ outcome: 'register-error', retryable: true });
    await db().updateTable('jobs').set({ state: 'failed', lease_owner: null }).where('id', '=', claimed.id).execute();
    failing.clear();
    expect(await retryFailedRows(db(), job.id)).toBe(1);
    await runToEnd(job.id);
    expect((await listBulkRows(db(), job.id))[0]).toMatchObject({ outcome: 'matched', matchedRef: SHOWCASE.disciplinaryFrn });
  });

  it('never fetches a recorded row again: not after its lease ran out, nor after the worker stopped mid-run', async () => {
    // A job whose row was recorded but whose finish was lost (the process died in between).
    const one = await start(db(), [[SHOWCASE.paymentInstitutionFrn]]);
    const handler = createBulkRowHandler({ db: db(), client });
    const first = (await claimJob(db(), dialect, { owner: 'dead', leaseMs: 1000 }))!;
    await handler(first, { signal: new AbortController().signal, owner: 'dead' });
    const once = [`/Firm/${SHOWCASE.paymentInstitutionFrn}`, `/Firm/${SHOWCASE.paymentInstitutionFrn}/DisciplinaryHistory`, `/Firm/${SHOWCASE.paymentInstitutionFrn}/Requirements`];
    expect([...sent].sort()).toEqual(once);
    const again = (await claimJob(db(), dialect, { owner: 'next', leaseMs: 1000, now: Date.now() + 2000 }))!;
    expect(again.id).toBe(first.id);
    await client.close();
    client = makeClient();
    expect(await createBulkRowHandler({ db: db(), client })(again, { signal: new AbortController().signal, owner: 'next' })).toEqual({
      status: 'done',
      result: { skipped: 'already-checked' },
    });
    expect(sent).toHaveLength(once.length);
    await db().updateTable('jobs').set({ state: 'done' }).where('job_group', '=', one.id).execute();

    // A run of 80 firms stopped part-way, then resumed by a new worker with an empty cache.
    const frns = generatedFrns.slice(0, 80);
    const job = await start(
      db(),
      frns.map((f) => [f]),
    );
    sent.length = 0;
    const slow = createRegisterClient({
      config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000' }),
      fetch: async (input, init) => {
        sent.push(new URL(String(input)).pathname.replace(/^\/services\/V0\.1/, ''));
        await new Promise((r) => setTimeout(r, 15));
        return fetch(input, init);
      },
    });
    const deps = { db: db(), dialect, client: slow };
    const worker = startWorker({ db: db(), dialect, lanes: 2, pollMs: 10, handlers: jobHandlers(deps), onOutcome: (j) => afterJob(deps, j) });
    for (let i = 0; i < 2000 && ((await bulkProgress(db(), job.id))?.checked ?? 0) < 20; i++) await new Promise((r) => setTimeout(r, 5));
    await worker.stop();
    await slow.close();
    const before = (await listBulkRows(db(), job.id)).filter((r) => r.outcome !== null).map((r) => `/Firm/${r.ref}`);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(before.length).toBeLessThan(80);
    // A stopped worker's jobs go back to the queue at once (answered "retry"); let any lease left run out.
    await db()
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 1000).toISOString() })
      .where('job_group', '=', job.id)
      .where('state', '=', 'queued')
      .execute();
    await db()
      .updateTable('jobs')
      .set({ lease_until: new Date(Date.now() - 1000).toISOString() })
      .where('job_group', '=', job.id)
      .where('state', '=', 'running')
      .execute();
    await runToEnd(job.id);
    const rows = await listBulkRows(db(), job.id);
    expect(rows.every((r) => r.outcome === 'matched')).toBe(true);
    for (const path of before)
      expect(
        sent.filter((p) => p === path),
        `${path} was fetched again`,
      ).toHaveLength(1);
    // At most the rows in flight when the worker stopped (one per lane) were asked for twice: three requests a firm (record and standing).
    expect(sent.length).toBeLessThanOrEqual((80 + 2) * 3);
  });

  it('cancels a running job, keeps expired results no longer than their retention, and reads an uploaded XLSX', async () => {
    const job = await start(
      db(),
      generatedFrns.slice(100, 140).map((f) => [f]),
    );
    expect(await cancelBulkJob(db(), job.id, USER.email)).toBe(40);
    expect((await getBulkJob(db(), job.id))?.state).toBe('cancelled');
    const rows = readInputTable([['1']]);
    const old = await createBulkJob(db(), {
      createdBy: USER,
      source: 'paste',
      mode: 'status',
      sections: [],
      rows,
      estimatedRequests: 1,
      retentionDays: 1,
      now: Date.now() - 2 * 86_400_000,
    });
    expect(await pruneExpiredBulkJobs(db())).toBeGreaterThanOrEqual(1);
    expect(await getBulkJob(db(), old.id)).toBeNull();
    expect(await listBulkRows(db(), old.id)).toEqual([]);
    expect(await db().selectFrom('jobs').select('id').where('job_group', '=', old.id).execute()).toEqual([]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Input');
    sheet.addRow(['FRN', 'Name']);
    sheet.addRow([730427, null]);
    sheet.addRow(['0730427 ', null]);
    sheet.addRow([null, 'Albion Crown Bank plc']);
    sheet.addRow([{ formula: '1+1', result: 2 }, null]);
    const bytes = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
    const upload = await readUpload({ file: { bytes, name: 'panel.xlsx' } }, DEFAULT_BULK_SETTINGS);
    expect(upload.ok && upload.rows.map((r) => [r.kind, r.ref ?? r.name, r.duplicateOf])).toEqual([
      ['firm', '730427', undefined],
      ['firm', '730427', 1],
      ['name', 'Albion Crown Bank plc', undefined],
      ['firm', '2', undefined],
    ]);
    expect(await readUpload({ file: { bytes, name: 'panel.xlsx' } }, { ...DEFAULT_BULK_SETTINGS, maxRows: 3 })).toMatchObject({
      ok: false,
      status: 413,
      message: expect.stringContaining('at most 3'),
    });
    expect(await readUpload({ file: { bytes, name: 'panel.xlsx' } }, { ...DEFAULT_BULK_SETTINGS, maxUploadBytes: 1024 })).toMatchObject({ ok: false, status: 413 });
    expect(await readUpload({ file: { bytes: new TextEncoder().encode('not a zip'), name: 'x.xlsx' } }, DEFAULT_BULK_SETTINGS)).toMatchObject({ ok: false, status: 415 });
    expect(await readUpload({ text: 'a,"b\n' }, DEFAULT_BULK_SETTINGS)).toMatchObject({ ok: false, status: 400, message: expect.stringContaining('not valid CSV') });
  });
});
