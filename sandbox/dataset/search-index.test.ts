import { describe, expect, it } from 'vitest';
import { buildDataset } from './generate';
import { SHOWCASE } from './showcase';
import { indexWords, queryWords } from './search-index';
import { DEFAULT_OPTIONS } from '../config';

const d = buildDataset(DEFAULT_OPTIONS.seed, { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds });

describe('search words', () => {
  it('folds accents and keeps apostrophe names findable both ways', () => {
    expect(indexWords("Ó Súilleabháin & D'Arcy Ltd")).toEqual(['o', 'suilleabhain', 'darcy', 'd', 'arcy', 'ltd']);
    expect(queryWords("d'arcy  ZOË")).toEqual(['darcy', 'zoe']);
  });
});

describe('SearchIndex', () => {
  it('matches every word by prefix, in any order, ignoring case', () => {
    const a = d.search.search('Edward Thornton', ['individual']);
    const b = d.search.search('thornton EDW', ['individual']);
    expect(a.length).toBeGreaterThan(20);
    expect(new Set(b.map((e) => e.ref))).toEqual(new Set(a.map((e) => e.ref)));
    for (const e of a) expect(e.name.toLowerCase()).toMatch(/edward/);
    // Exact full-name matches come first.
    expect(a[0].name).toBe('Edward Thornton');
  });

  it('finds firms through trading and previous names, and unauthorised firms with no reference', () => {
    const results = d.search.search(SHOWCASE.unauthorisedSearch, ['firm']);
    expect(results.length).toBeGreaterThan(40);
    expect(results.some((r) => r.path === null && r.ref === '' && /clone of FCA authorised firm/.test(r.name))).toBe(true);
    expect(results.some((r) => r.path !== null && !/revolution/i.test(r.name))).toBe(true);
    expect(d.search.search('zoe mortgage cafe', ['firm']).map((r) => r.ref)).toContain(SHOWCASE.nonAsciiFrn);
    expect(d.search.search("muller o'brien", ['firm']).map((r) => r.ref)).toContain(SHOWCASE.nonAsciiFrn);
  });

  it('finds people by nickname and by accent-free spelling', () => {
    const bob = d.search.search('bob', ['individual']);
    expect(bob.length).toBeGreaterThan(50);
    expect(bob.every((e) => /robert|bob/i.test(e.name))).toBe(true);
    expect(d.search.search("orla m'naghten", ['individual']).map((r) => r.ref)).toContain(SHOWCASE.nonAsciiIrn);
    expect(d.search.search('mnaghten', ['individual']).map((r) => r.ref)).toContain(SHOWCASE.nonAsciiIrn);
  });

  it('treats a reference number as the query for that entity', () => {
    expect(d.search.search(SHOWCASE.bankIndividualIrn.toLowerCase(), ['individual']).map((r) => r.ref)).toEqual([SHOWCASE.bankIndividualIrn]);
    expect(d.search.search(SHOWCASE.bankFrn, ['firm']).map((r) => r.ref)).toEqual([SHOWCASE.bankFrn]);
    expect(d.search.search(SHOWCASE.umbrellaFundPrn, ['fund']).map((r) => r.ref)).toEqual([SHOWCASE.umbrellaFundPrn]);
  });

  it('finds sub-funds and umbrellas and answers fast', () => {
    const started = performance.now();
    const funds = d.search.search('wessex horizon', ['fund']);
    for (const q of ['a', 'e', 'global', 'smith', 'fin']) d.search.search(q, ['firm', 'individual', 'fund']);
    expect(performance.now() - started).toBeLessThan(500);
    expect(funds.length).toBeGreaterThanOrEqual(46);
    expect(d.search.search('no such words anywhere zzqx', ['firm', 'individual', 'fund'])).toEqual([]);
  });
});
