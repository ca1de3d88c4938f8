import { describe, expect, it } from 'vitest';
import type { BookRow } from './book-reader';
import { reconcile, registerDateIso, sameName, shareNotOnRegister, sidesFor, type RegisterArRow } from './reconcile';

const reg = (arFrn: string, over: Partial<RegisterArRow> = {}): RegisterArRow => ({
  arFrn,
  name: `Firm ${arFrn} Limited`,
  bucket: 'current',
  subType: 'Full',
  effective: '2020-01-15',
  termination: null,
  tiedAgent: false,
  eeaTiedAgent: false,
  ...over,
});
let rowNo = 2;
const book = (arFrn: string, over: Partial<BookRow> = {}): BookRow => ({
  row: rowNo++,
  arFrn,
  name: `Firm ${arFrn} Ltd`,
  type: 'Full',
  appointed: '2020-01-15',
  terminated: null,
  tiedAgent: false,
  eeaTiedAgent: false,
  extra: {},
  ...over,
});

describe('reconciling a book with the register', () => {
  it('finds nothing when the two agree (Ltd = Limited, case and spacing aside)', () => {
    expect(
      reconcile(
        [reg('100001'), reg('100002', { bucket: 'previous', termination: '2023-03-01' })],
        [book('100001'), book('100002', { terminated: '2023-03-01', name: 'FIRM  100002 limited' })],
      ),
    ).toEqual([]);
  });

  it('not-in-book: a current AR on the register the book does not hold (a previous one is not a finding)', () => {
    const findings = reconcile([reg('100001'), reg('100003', { bucket: 'previous', termination: '2021-01-01' })], []);
    expect(findings).toEqual([{ kind: 'not-in-book', arFrn: '100001', arName: 'Firm 100001 Limited', register: 'current AR, appointed 2020-01-15, not terminated', book: '—' }]);
  });

  it('not-on-register: an AR in the book the register does not list under the principal', () => {
    const findings = reconcile([], [book('100009', { name: 'Elsewhere Ltd' })]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ kind: 'not-on-register', arFrn: '100009', arName: 'Elsewhere Ltd', register: '—' });
    expect(findings[0].book).toMatch(/^in the book \(row \d+\), appointed 2020-01-15, not terminated$/);
  });

  it('date-mismatch: appointment differs, or one side has ended it and the other has not', () => {
    const findings = reconcile(
      [reg('100001'), reg('100002', { bucket: 'previous', termination: '2024-06-30' }), reg('100004')],
      [book('100001', { appointed: '2020-01-16' }), book('100002'), book('100004', { terminated: '2025-01-01' })],
    );
    expect(findings.map((f) => [f.kind, f.arFrn])).toEqual([
      ['date-mismatch', '100001'],
      ['date-mismatch', '100002'],
      ['date-mismatch', '100004'],
    ]);
    expect(findings[0]).toMatchObject({ register: 'appointed 2020-01-15, not terminated', book: 'appointed 2020-01-16, not terminated' });
    expect(findings[1]).toMatchObject({ register: 'appointed 2020-01-15, terminated 2024-06-30', book: 'appointed 2020-01-15, not terminated' });
    // An empty appointment date in the book is not compared.
    expect(reconcile([reg('100001')], [book('100001', { appointed: null })])).toEqual([]);
  });

  it('type-mismatch: Full/Introducer, tied agent or EEA tied agent differ where the book says', () => {
    const findings = reconcile(
      [reg('100001'), reg('100002', { tiedAgent: true }), reg('100003', { eeaTiedAgent: true }), reg('100005')],
      [book('100001', { type: 'Introducer' }), book('100002'), book('100003'), book('100005', { type: null, tiedAgent: null, eeaTiedAgent: null })],
    );
    expect(findings.map((f) => [f.kind, f.arFrn])).toEqual([
      ['type-mismatch', '100001'],
      ['type-mismatch', '100002'],
      ['type-mismatch', '100003'],
    ]);
    expect(findings[0]).toMatchObject({ register: 'Full; tied agent no; EEA tied agent no', book: 'Introducer; tied agent no; EEA tied agent no' });
  });

  it('name-mismatch: names that differ once folded', () => {
    const findings = reconcile([reg('100001', { name: 'Harbourside Mortgages Ltd' })], [book('100001', { name: 'Harbourside Finance Ltd' })]);
    expect(findings).toEqual([
      { kind: 'name-mismatch', arFrn: '100001', arName: 'Harbourside Mortgages Ltd', register: 'Harbourside Mortgages Ltd', book: 'Harbourside Finance Ltd' },
    ]);
    expect(sameName('Smith & Jones Limited', 'smith and jones ltd')).toBe(true);
  });

  it('compares the latest spell of an AR listed twice (an ended spell and a current one), on both sides', () => {
    const register = [reg('100001', { bucket: 'previous', effective: '2010-01-01', termination: '2012-01-01' }), reg('100001', { effective: '2019-05-15' })];
    expect(reconcile(register, [book('100001', { appointed: '2010-01-01', terminated: '2012-01-01' }), book('100001', { appointed: '2019-05-15' })])).toEqual([]);
    expect(reconcile(register, [book('100001', { appointed: '2010-01-01', terminated: '2012-01-01' })]).map((f) => f.kind)).toEqual(['date-mismatch']);
  });

  it('gives both sides of a kind whether or not they differ, and the share of a book not on the register', () => {
    expect(sidesFor('name-mismatch', [reg('100001')], undefined)).toEqual({ register: 'Firm 100001 Limited', book: '—' });
    expect(shareNotOnRegister([reg('100001')], [book('100001'), book('200001'), book('200002')])).toEqual({ notOnRegister: 2, total: 3 });
    expect(registerDateIso('15/05/2019')).toBe('2019-05-15');
    expect(registerDateIso('2019-05-15')).toBe('2019-05-15');
    expect(registerDateIso('')).toBeNull();
  });
});
