import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@/lib/db/queries/snapshots';
import { assembleFirmReport } from '@/lib/report/assemble-firm-report';
import type { FirmReportData } from '@/lib/report/firm-report-data';
import { loadRegisterConfig } from '@/lib/register/load-config';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { FirmReport } from './firm-report';

// The report is a pure function of its data: the live page and a snapshot (the data after a trip
// through canonical JSON and the database) must render byte for byte the same markup.

let sandbox: RunningSandbox;
let client: RegisterClient;
let bank: FirmReportData;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, firms: 400, individuals: 800, funds: 60, latency: { min: 0, max: 0 }, rateLimit: 'off' });
  client = createRegisterClient({
    config: loadRegisterConfig({ FSR_API_BASE_URL: sandbox.baseUrl, FSR_API_EMAIL: 'sandbox@example.com', FSR_API_KEY: 'sandbox-key', FSR_RATE_BUDGET: '1000/10' }),
  });
  ({ data: bank } = await assembleFirmReport(client, {
    frn: SHOWCASE.bankFrn,
    generatedBy: { email: 'ann@example.com', name: 'Ann' },
    source: 'sandbox',
    caseReference: 'CASE-7',
    maxPages: 100,
    maxDetails: 100,
  }));
});

afterAll(async () => {
  client?.close();
  await sandbox?.close();
});

describe('FirmReport', () => {
  it('renders the same markup from the live data and from its stored canonical form', () => {
    const live = renderToStaticMarkup(<FirmReport data={bank} />);
    const stored = JSON.parse(canonicalJson(bank)) as FirmReportData;
    expect(renderToStaticMarkup(<FirmReport data={stored} />)).toBe(live);
  });

  it('shows the stamp, every section and each detail list from the data alone', () => {
    const html = renderToStaticMarkup(<FirmReport data={bank} />);
    expect(html).toContain('Register check: Albion Crown Bank plc (FRN 200200)');
    expect(html).toContain('CASE-7');
    expect(html).toContain('ann@example.com');
    for (const slug of [
      'permissions',
      'requirements',
      'individuals',
      'controlled-functions',
      'appointed-representatives',
      'passports',
      'waivers',
      'names',
      'address',
      'regulators',
    ]) {
      expect(html).toContain(`data-testid="report-section-${slug}"`);
    }
    expect(html).toContain(`Passport permissions for ${SHOWCASE.bankPassportCountry}`);
    expect(html).toContain(`Investment types under requirement ${SHOWCASE.bankRequirementRef}`);
    // Ids are unique even with many detail lists on one page.
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(50);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('says where a list stops and what could not be read', () => {
    const cut: FirmReportData = {
      ...bank,
      sections: {
        ...bank.sections,
        permissions: bank.sections.permissions.status === 'ok' ? { ...bank.sections.permissions, truncated: true, totalCount: 99 } : bank.sections.permissions,
        waivers: { status: 'failed', failure: { kind: 'rate-limited', message: 'The register is busy.' }, provenance: null },
      },
      detailsCut: { passports: { fetched: 3, total: 28 } },
    };
    const html = renderToStaticMarkup(<FirmReport data={cut} />);
    expect(html).toContain('Incomplete: only the first');
    expect(html).toContain('FSR_REPORT_MAX_PAGES');
    expect(html).toContain('The waivers could not be read from the register');
    expect(html).toContain('Incomplete: passport permissions read for 3 of 28');
    expect(html).toMatch(/Cut short: permissions\.|Could not be read: waivers\./);
  });
});
