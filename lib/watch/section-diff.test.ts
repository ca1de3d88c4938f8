import { describe, expect, it } from 'vitest';
import { diffSection, fieldDiffs, maxSeverity } from './section-diff';
import { stripTransient, watchSection } from './watch-sections';

const permissions = watchSection('firm', 'permissions')!;
const record = watchSection('firm', 'record')!;
const ar = watchSection('firm', 'appointed-representatives')!;

const perm = (name: string, customerTypes: string[] = ['Retail']) => ({ name, customerTypes, investmentTypes: [], limitations: [], other: {}, extra: {} });

describe('diffSection', () => {
  it('is empty for the same rows in another order', () => {
    expect(diffSection(permissions, [perm('A'), perm('B')], [perm('B'), perm('A')]).rows).toEqual([]);
  });

  it('names rows added, removed and changed, with the fields that changed and a severity each', () => {
    const diff = diffSection(permissions, [perm('A'), perm('B')], [perm('B', ['Retail', 'Professional']), perm('C')]);
    expect(diff.rows.map((r) => [r.change, r.key, r.severity])).toEqual([
      ['changed', 'B', 'medium'],
      ['added', 'C', 'medium'],
      ['removed', 'A', 'high'],
    ]);
    expect(diff.rows[0].fields).toEqual([{ path: 'customerTypes', before: ['Retail'], after: ['Retail', 'Professional'] }]);
    expect(diff.severity).toBe('high');
    expect(diff.summary).toBe('Permissions: 1 row changed, 1 added, 1 removed');
  });

  it('tells apart rows that share an identity by their order', () => {
    const diff = diffSection(permissions, [perm('A'), perm('A')], [perm('A'), perm('A'), perm('A')]);
    expect(diff.rows.map((r) => [r.change, r.key])).toEqual([['added', 'A#3']]);
  });

  it('weighs a record: status high, Exceptional Info added high and removed medium, a name low', () => {
    const base = { frn: '1', name: 'Acme', status: 'Authorised', exceptionalInfo: [] as unknown[] };
    expect(diffSection(record, [base], [{ ...base, status: 'No longer authorised' }]).severity).toBe('high');
    expect(diffSection(record, [base], [{ ...base, exceptionalInfo: [{ title: 'Notice' }] }]).severity).toBe('high');
    expect(diffSection(record, [{ ...base, exceptionalInfo: [{ title: 'Notice' }] }], [base]).severity).toBe('medium');
    const renamed = diffSection(record, [base], [{ ...base, name: 'Acme Ltd' }]);
    expect([renamed.severity, renamed.summary]).toEqual(['low', 'Firm record: name changed']);
    expect(diffSection(record, [base], []).summary).toBe('Firm record: no longer on the register');
  });

  it('keeps a representative that moves to the previous list as one changed row', () => {
    const row = { frn: '9', name: 'Rep', list: 'Current', terminationDate: undefined };
    const diff = diffSection(ar, [row], [{ ...row, list: 'Previous', terminationDate: '2026-01-31' }]);
    expect(diff.rows).toHaveLength(1);
    expect(diff.rows[0].fields).toEqual([
      { path: 'list', before: 'Current', after: 'Previous' },
      { path: 'terminationDate', before: null, after: '2026-01-31' },
    ]);
  });
});

describe('fieldDiffs and transient fields', () => {
  it('compares nested objects by path and lists as a whole', () => {
    expect(fieldDiffs({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [1, 2] } })).toEqual([{ path: 'a.b', before: 1, after: 2 }]);
    expect(fieldDiffs({ a: [1, 2] }, { a: [2, 1] })).toEqual([{ path: 'a', before: [1, 2], after: [2, 1] }]);
  });

  it('drops the register clock and undefined values before anything is compared', () => {
    expect(stripTransient({ name: 'A', systemTimestamp: '2026-11-24T09:00:00Z', extra: { 'System Timestamp': 'x', k: 1 }, gone: undefined })).toEqual({
      name: 'A',
      extra: { k: 1 },
    });
  });

  it('takes the highest severity', () => {
    expect(maxSeverity(['low', 'medium', 'low'])).toBe('medium');
    expect(maxSeverity([])).toBe('low');
  });
});
