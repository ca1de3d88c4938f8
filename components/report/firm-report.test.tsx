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
import { parse } from 'csv-parse/sync';
import { reportFiles, sha256OfText } from '@/lib/export/report-files';
import { firstRowsOf, SUMMARY_FIRST_ROWS } from '@/lib/report/report-summary';
import { FIRM_SECTION_SLUGS, sectionSize } from '@/lib/sections/firm-sections';
import { FirmReport } from './firm-report';

// The report is a pure function of its data: the live page and a snapshot (the data after a trip
// through canonical JSON and the database) must render byte for byte the same markup.

let sandbox: RunningSandbox;
let client: RegisterClient;
let bank: FirmReportData;
let network: FirmReportData;

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
  ({ data: network } = await assembleFirmReport(client, {
    frn: SHOWCASE.networkPrincipalFrn,
    generatedBy: { email: 'ann@example.com', name: 'Ann' },
    source: 'sandbox',
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

  it('a summary: every section counted, long lists cut to their first rows, every list in full in a file whose SHA-256 is printed', () => {
    const files = reportFiles(network);
    const summary: FirmReportData = { ...network, summary: { firstRows: SUMMARY_FIRST_ROWS, files } };
    for (const slug of FIRM_SECTION_SLUGS) {
      const list = network.sections[slug];
      const file = files.find((f) => f.key === slug);
      if (list.status !== 'ok' || sectionSize(slug, list.data) === 0) {
        expect(file, slug).toBeUndefined();
        continue;
      }
      // The file holds every row of the list, exactly the bytes its SHA-256 names.
      expect(file, slug).toBeDefined();
      expect(file!.sha256).toBe(sha256OfText(file!.csv));
      expect(file!.csv.startsWith('\ufeff')).toBe(true);
      expect(parse(file!.csv, { bom: true, columns: true })).toHaveLength(sectionSize(slug, list.data));
      expect(file!.rows).toBe(sectionSize(slug, list.data));
      expect(file!.filename).toMatch(new RegExp(`^firm-${SHOWCASE.networkPrincipalFrn}-${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    }
    const ars = network.sections['appointed-representatives'];
    if (ars.status !== 'ok') throw new Error('the network principal has appointed representatives');
    expect(ars.data.current.length).toBeGreaterThan(SUMMARY_FIRST_ROWS * 10);
    const cut = firstRowsOf(ars.data, SUMMARY_FIRST_ROWS);
    expect(cut.current).toHaveLength(SUMMARY_FIRST_ROWS);
    expect(cut.previous).toHaveLength(Math.min(SUMMARY_FIRST_ROWS, ars.data.previous.length));

    const html = renderToStaticMarkup(<FirmReport data={summary} fileHref={(key) => `/files/${key}`} />);
    const full = renderToStaticMarkup(<FirmReport data={network} />);
    expect(html.length).toBeLessThan(full.length / 10);
    const arFile = files.find((f) => f.key === 'appointed-representatives')!;
    expect(html).toContain(arFile.sha256);
    expect(html).toContain(`href="/files/appointed-representatives"`);
    expect(html).toContain(`All ${arFile.rows.toLocaleString('en-GB')} are in`);
    expect(html).toContain('25 shown here');
    expect(html).toContain('Summary: every section with its count');
    // What is stored is what is shown: the summary renders the same from its canonical form.
    expect(renderToStaticMarkup(<FirmReport data={JSON.parse(canonicalJson(summary)) as FirmReportData} fileHref={(key) => `/files/${key}`} />)).toBe(html);
  });
});
