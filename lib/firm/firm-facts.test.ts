import { describe, expect, it } from 'vitest';
import { isAppointedRepresentativeOnly, isNoLongerAuthorised, principalOf } from './firm-facts';

describe('firm facts', () => {
  it('recognises statuses that mean the firm may not do regulated business now', () => {
    for (const s of ['No longer authorised', 'Cancelled', 'Revoked', 'Lapsed', 'Unauthorised', 'No Longer Registered']) expect(isNoLongerAuthorised(s), s).toBe(true);
    for (const s of ['Authorised', 'Registered', 'EEA Authorised', 'Appointed representative', undefined]) expect(isNoLongerAuthorised(s), String(s)).toBe(false);
  });

  it('recognises an appointed representative by status or business type', () => {
    expect(isAppointedRepresentativeOnly({ status: 'Appointed representative', businessType: 'Appointed Representative' })).toBe(true);
    expect(isAppointedRepresentativeOnly({ status: 'No longer authorised', businessType: 'Appointed Representative' })).toBe(true);
    expect(isAppointedRepresentativeOnly({ status: 'Authorised', businessType: 'Regulated' })).toBe(false);
  });

  it('finds a principal only when the record names one', () => {
    expect(principalOf({ extra: {} })).toBeUndefined();
    expect(principalOf({ extra: { 'Principal FRN': '700100', 'Principal Firm Name': 'Kingsmere Mortgage Network Limited' } })).toEqual({
      frn: '700100',
      name: 'Kingsmere Mortgage Network Limited',
    });
    expect(principalOf({ extra: { 'Principal URL': 'https://register.fca.org.uk/services/V0.1/Firm/700100' } })).toEqual({ frn: '700100', name: undefined });
    expect(principalOf({ extra: { 'Principal FRN': 'unknown', Other: '123' } })).toBeUndefined();
  });
});
