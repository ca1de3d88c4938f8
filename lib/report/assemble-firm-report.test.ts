import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import { canonicalJson, sha256Hex } from '@/lib/db/queries/snapshots';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { BANK_PASSPORTS, BANK_PERMISSIONS, NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS } from '@/sandbox/dataset/showcase-records';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { assembleFirmReport } from './assemble-firm-report';
import { FIRM_REPORT_FORMAT, reportGaps, type FirmReportData } from './firm-report-data';
import { ReportProgress } from './report-progress';

// The report's data against the offline register over HTTP: every section of the largest firm in
// full, the bank's per-country and per-requirement details, the caps, and the canonical form that
// an evidence snapshot hashes.

let sandbox: RunningSandbox;
let client: RegisterClient;
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const meta = { generatedBy: { email: 'ann@example.com', name: 'Ann' }, source: 'sandbox' as const };

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, firms: 400, individuals: 800, funds: 60, latency: { min: 0, max: 0 }, rateLimit: 'off' });
  client = createRegisterClient({
    config: loadRegisterConfig({ FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '1000/10' }),
  });
});

afterAll(async () => {
  client?.close();
  await sandbox?.close();
});

describe('assembleFirmReport', () => {
  let network: FirmReportData;

  it('reads every section of the network principal in full, counting each page', async () => {
    sandbox.reset();
    const seen: number[] = [];
    const progress = new ReportProgress((t) => seen.push(t.pages));
    const { data, stats } = await assembleFirmReport(client, { ...meta, frn: SHOWCASE.networkPrincipalFrn, maxPages: 100, maxDetails: 100, progress });
    network = data;
    expect(data.format).toBe(FIRM_REPORT_FORMAT);
    expect(data.firm.status).toBe('ok');
    expect(Object.keys(data.sections).sort()).toEqual([...FIRM_SECTION_SLUGS].sort());
    for (const slug of FIRM_SECTION_SLUGS) expect(['ok', 'none'], slug).toContain(data.sections[slug].status);
    const ars = data.sections['appointed-representatives'];
    expect(ars.status === 'ok' && [ars.data.current.length, ars.data.previous.length]).toEqual([NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS]);
    expect(ars.status === 'ok' && ars.truncated).toBe(false);
    expect(reportGaps(data)).toEqual({ truncated: [], failed: [], detailsCut: false });
    // Every page read is counted, and each was one request to the register (nothing was cached yet).
    expect(stats.pages).toBe(sandbox.stats()[ACCOUNT.email].requests);
    expect(stats.cachedPages).toBe(0);
    expect(seen.at(-1)).toBe(stats.pages);
    expect(progress.snapshot().every((p) => p.state !== 'waiting' && p.state !== 'fetching')).toBe(true);
    expect(data.retrieved.oldest! <= data.retrieved.newest!).toBe(true);
    expect(data.generatedBy).toEqual(meta.generatedBy);
  });

  it('a second report of the same firm is served from the portal cache: no request reaches the register', async () => {
    sandbox.reset();
    const { data, stats } = await assembleFirmReport(client, { ...meta, frn: SHOWCASE.networkPrincipalFrn, maxPages: 100, maxDetails: 100 });
    expect(sandbox.stats()[ACCOUNT.email]?.requests ?? 0).toBe(0);
    expect(stats.cachedPages).toBe(stats.pages);
    expect(data.sections).toEqual(
      Object.fromEntries(
        Object.entries(network.sections).map(([k, v]) => [k, v.provenance ? { ...v, provenance: { ...v.provenance, source: 'cache', ageSeconds: expect.any(Number) } } : v]),
      ),
    );
  });

  it('fetches every passport country and every requirement with investment types for the bank', async () => {
    const { data } = await assembleFirmReport(client, { ...meta, frn: SHOWCASE.bankFrn, maxPages: 100, maxDetails: 100 });
    const passports = data.sections.passports;
    expect(passports.status).toBe('ok');
    const countries = passports.status === 'ok' ? new Set(passports.data.passports.map((p) => p.country)) : new Set();
    expect(data.passportPermissions.map((d) => d.key).sort()).toEqual([...countries].sort());
    expect(data.passportPermissions.length).toBeGreaterThanOrEqual(Math.min(BANK_PASSPORTS, 25));
    expect(data.passportPermissions.find((d) => d.key === SHOWCASE.bankPassportCountry)?.result.status).toBe('ok');
    const permissions = data.sections.permissions;
    expect(permissions.status === 'ok' && permissions.data.length).toBe(BANK_PERMISSIONS);
    const it = data.requirementInvestmentTypes.find((d) => d.key === SHOWCASE.bankRequirementRef);
    expect(it?.result.status === 'ok' && it.result.data.length).toBeGreaterThan(0);
  });

  it('stops at the caps and says where', async () => {
    const { data } = await assembleFirmReport(client, { ...meta, frn: SHOWCASE.bankFrn, maxPages: 1, maxDetails: 2 });
    const gaps = reportGaps(data);
    expect(gaps.detailsCut).toBe(true);
    expect(data.passportPermissions).toHaveLength(2);
    expect(data.detailsCut?.passports).toEqual({ fetched: 2, total: expect.any(Number) });
    expect(gaps.truncated).toContain('permissions');
    const permissions = data.sections.permissions;
    expect(permissions.status === 'ok' && [permissions.truncated, permissions.pagesFetched]).toEqual([true, 1]);
  });

  it('a firm the register does not know gives a failed record, without throwing', async () => {
    const { data } = await assembleFirmReport(client, { ...meta, frn: '9999998', maxPages: 5, maxDetails: 5 });
    expect(data.firm).toMatchObject({ status: 'failed', failure: { kind: 'not-found' } });
    expect(data.passportPermissions).toEqual([]);
    expect(data.requirementInvestmentTypes).toEqual([]);
  });
});

describe('the canonical form of report data', () => {
  it('survives storage: parsed canonical JSON re-serialises to the same bytes and hash', async () => {
    const { data } = await assembleFirmReport(client, { ...meta, frn: SHOWCASE.exceptionalInfoFrn, maxPages: 100, maxDetails: 100, caseReference: 'CASE-1' });
    const canonical = canonicalJson(data);
    const again = canonicalJson(JSON.parse(canonical));
    expect(again).toBe(canonical);
    expect(sha256Hex(again)).toBe(sha256Hex(canonical));
    expect(sha256Hex(canonical)).toMatch(/^[0-9a-f]{64}$/);
    // Key order in the objects does not matter; content does.
    const reordered = JSON.parse(JSON.stringify(data, Object.keys(data).reverse()));
    expect(canonicalJson({ ...reordered, ...data })).toBe(canonical);
    expect(canonicalJson({ ...data, caseReference: 'CASE-2' })).not.toBe(canonical);
  });
});
