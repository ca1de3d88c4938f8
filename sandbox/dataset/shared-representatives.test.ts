import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../config';
import { route } from '../api/router';
import type { ApiContext } from '../api/context';
import { buildDataset, type Dataset } from './generate';
import { SHOWCASE_CHANGES } from './day-plan';
import { SHOWCASE } from './showcase';
import { sharedRepresentativeFrns } from './shared-representatives';
import { timelineFor } from './timeline';

const base = buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds });
const timeline = timelineFor(base);
const network = SHOWCASE.networkPrincipalFrn;

/** Every row of a firm's AR list through the API, as the register client reads it. */
function arRows(d: Dataset, frn: string): Array<Record<string, string>> {
  const rows: Array<Record<string, string>> = [];
  for (let page = 1; page < 200; page++) {
    const ctx: ApiContext = {
      dataset: d,
      base: 'http://sandbox.test/services/V0.1',
      apexBase: 'http://sandbox.test/services/apexrest/V0.1',
      query: new URLSearchParams({ pgnp: String(page) }),
      now: new Date('2026-02-10T12:00:00Z'),
    };
    const body = route(ctx, ['Firm', frn, 'AR'])!.body as { Data: Record<string, Array<Record<string, string>> | null> | null };
    const data = body.Data;
    const got = [...(data?.CurrentAppointedRepresentatives ?? []), ...(data?.PreviousAppointedRepresentatives ?? [])];
    if (got.length === 0) break;
    rows.push(...got);
  }
  return rows;
}

describe('appointed representatives with more than one principal', () => {
  it("lists 24 of the network's current representatives on another principal's AR list too, and keeps the network's 714 + 830", () => {
    const shared = sharedRepresentativeFrns(base.firms);
    expect(shared).toHaveLength(24);
    expect(shared).not.toContain(SHOWCASE.appointedRepresentativeFrn);
    const firm = base.firms.get(network)!;
    expect([firm.representatives.current.length, firm.representatives.previous.length]).toEqual([714, 830]);
    for (const frn of shared) {
      const other = base.firms.get(frn)!.appointments.find((l) => l.termination === null && l.principalFrn !== network)!;
      expect(
        base.firms.get(other.principalFrn)!.representatives.current.map((l) => l.arFrn),
        frn,
      ).toContain(frn);
    }
  });

  it('day 6 appoints, terminates and re-types representatives of the network, each in the change list and the AR list', () => {
    const changes = timeline.changes(6).filter((c) => c.ref === network);
    expect(changes.map((c) => c.kind)).toEqual(['ar-added', 'ar-removed', 'ar-retyped']);
    expect(SHOWCASE_CHANGES.filter((c) => c.day === 6 && c.ref === network)).toHaveLength(3);
    const frnOf = (text: string | null) => /\((\d+)\)/.exec(text ?? '')![1];
    const [added, removed, retyped] = [frnOf(changes[0].after), frnOf(changes[1].before), frnOf(changes[2].after)];
    const day5 = timeline.at(5);
    const day6 = timeline.at(6);
    // The newcomer had another principal already; the one ended keeps its other principal, so its status is unchanged.
    expect(day5.firms.get(added)!.appointments.some((l) => l.termination === null && l.principalFrn !== network)).toBe(true);
    expect(sharedRepresentativeFrns(day5.firms)).toContain(removed);
    expect(day6.firms.get(removed)!.status).toBe(day5.firms.get(removed)!.status);
    expect(timeline.changes(6).some((c) => c.ref === removed)).toBe(false);
    expect(changes[2].what).toMatch(/Full → Introducer$/);
    const rows = arRows(day6, network);
    const row = (frn: string, bucket: 'current' | 'previous') => rows.find((r) => r.FRN === frn && (bucket === 'previous') === 'Termination Date' in r);
    expect(row(added, 'current')?.['Effective Date']).toBe('05/02/2026');
    expect(row(removed, 'previous')?.['Termination Date']).toBe('05/02/2026');
    expect(row(removed, 'current')).toBeUndefined();
    expect(row(retyped, 'current')?.RecordSubType).toBe('Introducer');
    expect(arRows(day5, network).find((r) => r.FRN === retyped && !('Termination Date' in r))?.RecordSubType).toBe('Full');
    expect(day6.firms.get(retyped)!.status).toBe('Appointed representative - introducer');
    const firm = day6.firms.get(network)!;
    expect([firm.representatives.current.length, firm.representatives.previous.length]).toEqual([714, 832]);
  }, 60_000);
});
