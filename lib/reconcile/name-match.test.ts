import { describe, expect, it } from 'vitest';
import { nameScore, normaliseName, sameName } from './name-match';

describe('name matching', () => {
  it('normalises case, accents, ampersands, punctuation and legal forms', () => {
    expect(normaliseName("Ó Súilleabháin & D'Arcy Financial Planning Limited")).toBe('o suilleabhain and darcy financial planning ltd');
    expect(normaliseName('ALBION CROWN BANK PUBLIC LIMITED COMPANY')).toBe('albion crown bank plc');
    expect(sameName('Greyfriars Insurance Brokers Limited Liability Partnership', 'Greyfriars Insurance Brokers LLP')).toBe(true);
    expect(sameName('Greyfriars Insurance', 'Greyfriars Insurance Brokers LLP')).toBe(false);
  });

  it('scores the share of words both names account for', () => {
    expect(nameScore('Quayside Payments Ltd', 'quayside payments limited')).toBe(100);
    expect(nameScore('Quayside', 'Quayside Payments Ltd')).toBe(50);
    expect(nameScore('Harbour', 'Quayside Payments Ltd')).toBe(0);
    expect(nameScore('', 'Quayside Payments Ltd')).toBe(0);
  });
});
