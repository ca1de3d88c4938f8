import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { auditCsv } from './audit-csv';
import { auditFilterQuery, londonDayStart, parseAuditFilters } from './audit-filters';

describe('londonDayStart', () => {
  it('is midnight UTC in winter and 23:00 the day before in summer', () => {
    expect(londonDayStart('2026-01-15')).toBe('2026-01-15T00:00:00.000Z');
    expect(londonDayStart('2026-07-01')).toBe('2026-06-30T23:00:00.000Z');
  });

  it('handles the clock-change days themselves', () => {
    // BST starts at 01:00 UTC on 29 March 2026 and ends at 01:00 UTC on 25 October 2026.
    expect(londonDayStart('2026-03-29')).toBe('2026-03-29T00:00:00.000Z');
    expect(londonDayStart('2026-03-30')).toBe('2026-03-29T23:00:00.000Z');
    expect(londonDayStart('2026-10-25')).toBe('2026-10-24T23:00:00.000Z');
    expect(londonDayStart('2026-10-26')).toBe('2026-10-26T00:00:00.000Z');
  });

  it('refuses impossible dates', () => {
    expect(londonDayStart('2026-02-30')).toBeUndefined();
    expect(londonDayStart('26-02-01')).toBeUndefined();
    expect(londonDayStart('yesterday')).toBeUndefined();
  });
});

describe('parseAuditFilters', () => {
  it('turns the form into a query for listAudit, with whole UK days inclusive at both ends', () => {
    const parsed = parseAuditFilters({ user: ' ann@example.com ', reference: 'bks00001', action: 'firm.view', from: '2026-07-01', to: '2026-07-02' });
    expect(parsed.problems).toEqual([]);
    expect(parsed.filter).toEqual({
      userEmail: 'ann@example.com',
      reference: 'BKS00001',
      action: 'firm.view',
      from: '2026-06-30T23:00:00.000Z',
      to: '2026-07-02T23:00:00.000Z',
    });
  });

  it('accepts an action family and the paging cursor, from URLSearchParams too', () => {
    const parsed = parseAuditFilters(new URLSearchParams('action=auth.&before=120'));
    expect(parsed.filter).toEqual({ action: 'auth.', beforeId: 120 });
  });

  it('says what is wrong with each bad filter and queries nothing for it', () => {
    const parsed = parseAuditFilters({ action: "firm.view'; drop", from: '2026-13-01', to: 'soon', before: 'x' });
    expect(parsed.problems.map((p) => p.field)).toEqual(['action', 'from', 'to', 'before']);
    expect(parsed.filter).toEqual({});
    expect(parsed.problems[1].message).toBe('"2026-13-01" is not a date: use dd/mm/yyyy, e.g. 01/07/2026.');
    expect(parseAuditFilters({ from: '31/02/2026' }).problems).toEqual([{ field: 'from', message: '"31/02/2026" is not a date: use dd/mm/yyyy, e.g. 01/07/2026.' }]);
    expect(parseAuditFilters({ from: '07/01/26' }).problems.map((p) => p.field)).toEqual(['from']);
  });

  it('reads dates as people in the UK write them (day first), and ISO days from older links', () => {
    const uk = parseAuditFilters({ from: '01/07/2026', to: '2/7/2026' });
    const iso = parseAuditFilters({ from: '2026-07-01', to: '2026-07-02' });
    expect(uk.problems).toEqual([]);
    expect(uk.filter).toEqual(iso.filter);
    expect(uk.filter).toEqual({ from: '2026-06-30T23:00:00.000Z', to: '2026-07-02T23:00:00.000Z' });
    expect(parseAuditFilters({ from: '01.07.2026' }).filter).toEqual({ from: '2026-06-30T23:00:00.000Z' });
    // Day first: 12/01/2026 is the twelfth of January, not the first of December.
    expect(parseAuditFilters({ from: '12/01/2026' }).filter).toEqual({ from: '2026-01-12T00:00:00.000Z' });
  });

  it('refuses a range that ends before it starts', () => {
    expect(parseAuditFilters({ from: '2026-07-02', to: '2026-07-01' }).problems).toEqual([{ field: 'to', message: 'The end date is before the start date.' }]);
    expect(parseAuditFilters({ from: '02/07/2026', to: '01/07/2026' }).problems).toEqual([{ field: 'to', message: 'The end date is before the start date.' }]);
    expect(parseAuditFilters({ from: '2026-07-02', to: '2026-07-02' }).problems).toEqual([]);
  });

  it('writes the filters back as a query string, leaving empty ones out', () => {
    const { values } = parseAuditFilters({ user: 'ann@example.com', action: 'export.csv' });
    expect(auditFilterQuery(values)).toBe('?user=ann%40example.com&action=export.csv');
    expect(auditFilterQuery(values, 42)).toBe('?user=ann%40example.com&action=export.csv&before=42');
    expect(auditFilterQuery(parseAuditFilters({}).values)).toBe('');
  });
});

describe('auditCsv', () => {
  const entry = (id: number, reference: string | null) => ({
    id,
    at: '2026-11-22T10:00:00.000Z',
    userId: 'u1',
    userEmail: 'ann@example.com',
    action: 'export.csv',
    reference,
    detail: { table: 'permissions', q: '=cmd' },
    outcome: 'success',
  });

  it('has the columns, the export time and neutralised cells', () => {
    const rows = parse(auditCsv([entry(2, '=HYPERLINK("x")'), entry(1, '200200')], 10, '2026-11-22T11:00:00.000Z'), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual(['ID', 'At (UTC)', 'User', 'Action', 'Reference', 'Outcome', 'Detail (JSON)', 'Exported at']);
    expect(rows[0].Reference).toBe(`'=HYPERLINK("x")`);
    expect(JSON.parse(rows[1]['Detail (JSON)'])).toEqual({ table: 'permissions', q: '=cmd' });
    expect(rows[1]['Exported at']).toBe('2026-11-22T11:00:00.000Z');
  });

  it('notes when the file may not hold every matching entry', () => {
    const rows = parse(auditCsv([entry(2, null), entry(1, null)], 2, '2026-11-22T11:00:00.000Z'), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.at(-1)!.ID).toMatch(/^INCOMPLETE: the file holds the newest 2 matching entries/);
  });
});
