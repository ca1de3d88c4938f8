import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@/lib/register/model';
import { decideMatch, scoreCandidate } from './name-scoring';

const hit = (name: string, ref: string, extra: Partial<SearchResult> = {}): SearchResult => ({
  name,
  listedName: name,
  referenceNumber: ref,
  status: 'Authorised',
  entity: 'firm',
  linkable: true,
  unauthorised: false,
  extra: {},
  ...extra,
});

describe('scoring name candidates', () => {
  it('scores the name, then postcode and status, and never an unauthorised entry', () => {
    expect(scoreCandidate(hit('Albion Crown Bank plc', '200200'), { query: 'albion crown bank public limited company' })?.score).toBe(100);
    expect(scoreCandidate(hit('Albion Crown Bank plc', '200200', { postcode: 'EC2N 4BQ' }), { query: 'Albion Crown Bank', postcode: 'EC2N 4BQ' })).toMatchObject({
      score: 95.7,
      reasons: ['name 85.7', 'same postcode +10'],
    });
    expect(scoreCandidate(hit('Albion Crown Bank plc', '200200', { postcode: 'EC2N 4BQ' }), { query: 'Albion Crown Bank plc', postcode: 'EC2N 1AA' })?.score).toBe(100);
    expect(scoreCandidate(hit('Albion Crown Bank plc', '200200', { postcode: 'EC2N 4BQ' }), { query: 'Albion Crown Bank plc', postcode: 'M1 1AA' })?.score).toBe(75);
    expect(scoreCandidate(hit('Greyfriars Insurance Brokers LLP', '600601', { status: 'No longer authorised' }), { query: 'Greyfriars Insurance Brokers LLP' })?.score).toBe(90);
    expect(scoreCandidate(hit('Clone Ltd', '', { unauthorised: true, linkable: false }), { query: 'Clone Ltd' })).toBeUndefined();
  });

  it('counts a previous or trading name at 90%', () => {
    const c = scoreCandidate(hit("Ó Súilleabháin & D'Arcy Financial Planning Ltd", '900900'), {
      query: "Müller & O'Brien Associates Limited",
      otherNames: ["Müller & O'Brien Associates Limited"],
    });
    expect(c).toMatchObject({ score: 90, matchedOn: 'other', otherName: "Müller & O'Brien Associates Limited" });
  });

  it('matches a clear best candidate, leaves close ones to a person, and finds nothing below the floor', () => {
    const a = scoreCandidate(hit('Edward Thornton', 'ETX00001', { entity: 'individual' }), { query: 'Edward Thornton' })!;
    const b = scoreCandidate(hit('Edward Thornton', 'ETX00002', { entity: 'individual' }), { query: 'Edward Thornton' })!;
    const c = scoreCandidate(hit('Edward James Thornton', 'ETX00003', { entity: 'individual' }), { query: 'Edward Thornton' })!;
    expect(decideMatch([a, b, c])).toMatchObject({ outcome: 'ambiguous', candidates: [{ ref: 'ETX00001' }, { ref: 'ETX00002' }, { ref: 'ETX00003' }] });
    expect(decideMatch([a, c])).toMatchObject({ outcome: 'matched', best: { ref: 'ETX00001' } });
    const far = scoreCandidate(hit('Harbour Holdings', '1'), { query: 'Quayside Payments' })!;
    expect(decideMatch([far])).toEqual({ outcome: 'not-found', candidates: [] });
  });
});
