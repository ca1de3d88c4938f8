import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS, PAYMENT_FORMULA_TRADING_NAME } from '@/sandbox/dataset/showcase-records';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { marketsExport, searchExport, sectionExport } from './section-exports';
import { passportCountryExport } from './firm-exports';
import { FIRM_SECTIONS } from '@/lib/sections/firm-sections';

const firmSectionExport = (frn: string, slug: keyof typeof FIRM_SECTIONS) => sectionExport('firm', frn, FIRM_SECTIONS[slug]);
import type { ExportOutcome } from './register-export';

// Exports against the offline register over HTTP (no latency, no rate limit): what the file holds,
// its provenance columns, and the note when a walk is cut short.

let sandbox: RunningSandbox;
let client: RegisterClient;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, firms: 400, individuals: 800, funds: 60, latency: { min: 0, max: 0 }, rateLimit: 'off' });
  client = createRegisterClient({
    config: loadRegisterConfig({ FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: 'sandbox@example.com', FSR_API_KEY: 'sandbox-key', FSR_RATE_BUDGET: '500/10' }),
  });
});

afterAll(async () => {
  client?.close();
  await sandbox?.close();
});

function rowsOf(outcome: ExportOutcome): Record<string, string>[] {
  if (outcome.kind !== 'ok') throw new Error(`export failed: ${outcome.failure.kind} ${outcome.failure.message}`);
  expect(outcome.body.startsWith('\ufeff')).toBe(true);
  return parse(outcome.body, { bom: true, columns: true }) as Record<string, string>[];
}

describe('firm exports', () => {
  it('permissions: one row per permission, every column, and when and where each came from', async () => {
    const outcome = await firmSectionExport(SHOWCASE.bankFrn, 'permissions').run(client, { maxPages: 100 });
    const rows = rowsOf(outcome);
    expect(Object.keys(rows[0])).toEqual([
      'Permission',
      'Customer types',
      'Investment types',
      'Limitations',
      'Other details',
      'Other fields (JSON)',
      'Retrieved at',
      'Register path',
    ]);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((r) => r.Permission)).size).toBe(rows.length);
    for (const r of rows) {
      expect(r['Retrieved at']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);
      expect(Date.now() - Date.parse(r['Retrieved at'])).toBeLessThan(60_000);
      expect(r['Register path']).toBe(`/Firm/${SHOWCASE.bankFrn}/Permissions`);
    }
  });

  it('appointed representatives: both lists in one file with a List column, every page walked', async () => {
    const outcome = await firmSectionExport(SHOWCASE.networkPrincipalFrn, 'appointed-representatives').run(client, { maxPages: 100 });
    const rows = rowsOf(outcome);
    expect(rows.filter((r) => r.List === 'Current')).toHaveLength(NETWORK_CURRENT_ARS);
    expect(rows.filter((r) => r.List === 'Previous')).toHaveLength(NETWORK_PREVIOUS_ARS);
    expect(rows.every((r) => r['Principal FRN'] === SHOWCASE.networkPrincipalFrn)).toBe(true);
    expect(outcome).toMatchObject({ truncated: false, rows: NETWORK_CURRENT_ARS + NETWORK_PREVIOUS_ARS });
  });

  it('says in the file itself when the page cap cut the list short', async () => {
    const outcome = await firmSectionExport(SHOWCASE.networkPrincipalFrn, 'appointed-representatives').run(client, { maxPages: 3 });
    const rows = rowsOf(outcome);
    expect(outcome).toMatchObject({ truncated: true, pagesFetched: 3 });
    const last = rows.at(-1)!;
    expect(last.List).toMatch(
      /^INCOMPLETE: only the first 3 pages were fetched .*FSR_EXPORT_MAX_PAGES\); this file holds \d+ of the \d+ rows the register reports; rows from later pages are missing\.$/,
    );
    expect(last['Retrieved at']).toBe('');
    expect(rows.length - 1).toBeLessThanOrEqual(60);
  });

  it('a trading name that is a formula reaches the file as text, behind an apostrophe', async () => {
    const outcome = await firmSectionExport(SHOWCASE.paymentInstitutionFrn, 'names').run(client, { maxPages: 100 });
    const names = rowsOf(outcome).map((r) => r.Name);
    expect(names).toContain(`'${PAYMENT_FORMULA_TRADING_NAME}`);
    expect(names).not.toContain(PAYMENT_FORMULA_TRADING_NAME);
    expect(outcome.kind === 'ok' && outcome.body).toContain(`"'=HYPERLINK(""https://example.com/quayside"",""Quayside Pay"")"`);
  });

  it('a passport country flattens to one row per activity', async () => {
    const rows = rowsOf(await passportCountryExport(SHOWCASE.bankFrn, SHOWCASE.bankPassportCountry).run(client, { maxPages: 100 }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.Country === SHOWCASE.bankPassportCountry)).toBe(true);
    expect(rows.some((r) => r.Activity && r.Directive)).toBe(true);
  });

  it('a list the firm does not have is an empty file with its header, not an error', async () => {
    const outcome = await firmSectionExport(SHOWCASE.appointedRepresentativeFrn, 'waivers').run(client, { maxPages: 100 });
    expect(outcome.kind).toBe('ok');
    if (outcome.kind !== 'ok') return;
    expect(outcome.rows).toBe(0);
    expect(outcome.body).toBe('\ufeffRules,Document,Document URL,Other fields (JSON),Retrieved at,Register path\r\n');
  });
});

describe('search and markets', () => {
  it('walks every page of a search', async () => {
    const outcome = await searchExport(SHOWCASE.individualSearch, 'individual').run(client, { maxPages: 100 });
    const rows = rowsOf(outcome);
    expect(outcome.kind === 'ok' && outcome.pagesFetched).toBeGreaterThan(1);
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((r) => /^[A-Z]{3}\d{5}$/.test(r['Reference number']))).toBe(true);
    expect(rows[0]['Register path']).toMatch(/^\/Search\?q=edward(\+|%20)thornton&type=individual$/);
  });

  it('exports the regulated markets', async () => {
    const rows = rowsOf(await marketsExport().run(client, { maxPages: 100 }));
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]).slice(0, 3)).toEqual(['Name', 'Trading name', 'Type']);
  });
});
