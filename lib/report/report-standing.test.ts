import { describe, expect, it } from 'vitest';
import type { Provenance } from '@/lib/register/result';
import type { FirmReportData } from './firm-report-data';
import { reportStanding } from './report-standing';

const provenance: Provenance = { path: '/Firm/300300', upstream: 'sandbox', source: 'live', retrievedAt: '2026-01-30T10:00:00Z', ageSeconds: 0, stale: false };
const list = <T>(data: T) => ({ status: 'ok' as const, data, provenance, newestRetrievedAt: provenance.retrievedAt, pagesFetched: 1, truncated: false });

function data(over: Partial<Pick<FirmReportData, 'firm' | 'sections'>>): Pick<FirmReportData, 'firm' | 'sections'> {
  return {
    firm: {
      status: 'ok',
      data: { frn: '300300', name: 'Pemberton Vale Investments Limited', status: 'Authorised', subStatus: 'In administration', exceptionalInfo: [], links: {}, extra: {} },
      provenance,
    },
    sections: { requirements: { status: 'none', provenance }, 'disciplinary-history': list([]) } as unknown as FirmReportData['sections'],
    ...over,
  };
}

describe('the report’s standing', () => {
  it('reads the record, the requirements and the disciplinary history the report holds', () => {
    expect(reportStanding(data({}))).toMatchObject({ level: 'stop', label: 'In administration', basis: ["the firm's record", 'its requirements', 'its disciplinary history'] });
  });
  it('says a list the report could not read was not read, and has none without a record', () => {
    const failed = data({
      sections: {
        requirements: { status: 'failed', failure: { kind: 'upstream-error', message: 'HTTP 502' }, provenance: null },
        'disciplinary-history': list([]),
      } as unknown as FirmReportData['sections'],
    });
    expect(reportStanding(failed)!.reasons.map((r) => r.code)).toContain('not-read');
    expect(reportStanding(data({ firm: { status: 'failed', failure: { kind: 'upstream-error', message: 'x' }, provenance: null } }))).toBeUndefined();
  });
});
