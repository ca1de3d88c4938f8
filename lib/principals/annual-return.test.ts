import { describe, expect, it } from 'vitest';
import { checkPeriod, returnPopulation } from './annual-return';
import type { RegisterArRow } from './reconcile';

const row = (arFrn: string, effective: string, termination: string | null, over: Partial<RegisterArRow> = {}): RegisterArRow => ({
  arFrn,
  name: `AR ${arFrn}`,
  bucket: termination ? 'previous' : 'current',
  subType: 'Full',
  effective,
  termination,
  tiedAgent: false,
  eeaTiedAgent: false,
  ...over,
});

describe('the annual return population', () => {
  it('keeps every appointment overlapping the period with its in-period dates, later readings replacing earlier ones', () => {
    const first = [row('100001', '2020-01-01', null), row('100002', '2025-03-01', null), row('100003', '2019-01-01', '2024-12-31'), row('100004', '2026-01-05', null)];
    const second = [row('100001', '2020-01-01', null), row('100002', '2025-03-01', '2025-09-30'), row('100003', '2019-01-01', '2024-12-31'), row('100004', '2026-01-05', null)];
    const out = returnPopulation([{ rows: first }, { rows: second }], '2025-01-01', '2025-12-31');
    expect(out.map((r) => [r.arFrn, r.startInPeriod, r.endInPeriod, r.heldAtPeriodEnd])).toEqual([
      ['100001', '2025-01-01', null, true],
      ['100002', '2025-03-01', '2025-09-30', false],
    ]);
    // An appointment a later reading no longer lists is kept as last read.
    expect(returnPopulation([{ rows: first }, { rows: [] }], '2025-01-01', '2025-12-31').map((r) => r.arFrn)).toEqual(['100001', '100002']);
  });

  it('checks the period', () => {
    expect(checkPeriod('2025-01-01', '2025-12-31')).toEqual({ ok: true, from: '2025-01-01', to: '2025-12-31' });
    expect(checkPeriod('2025-02-30', '2025-12-31').ok).toBe(false);
    expect(checkPeriod('2025-12-31', '2025-01-01')).toEqual({ ok: false, message: 'The period ends (2025-01-01) before it starts (2025-12-31).' });
    expect(checkPeriod(null, '2025-01-01').ok).toBe(false);
  });
});
