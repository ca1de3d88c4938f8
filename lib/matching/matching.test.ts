import { describe, expect, it } from 'vitest';
import type { EntityKind } from '@/lib/db/schema';
import type { SearchResult } from '@/lib/register/model';
import { decide, findMatch, scoreHit, type RegisterPort } from './find-match';
import { foldLetters, foldName, legalFormsAgree } from './fold-name';
import { compareNames, editDistance } from './name-similarity';
import { comparePostcodes, readPostcode } from './postcode';
import { correctCommonWord, fallbackQueries, firstQuery } from './register-queries';

const words = (name: string, person = false) => foldName(name, { person }).words.join(' ');
const forms = (name: string) => foldName(name).legalForms.join(' ');
const score = (a: string, b: string, person = false) => compareNames(foldName(a, { person }), foldName(b, { person }), { person });

// One test per folding rule (fold-name.ts, docs/screening.md).
describe('folding rules', () => {
  it('1: accents, ligatures and case', () => {
    expect(foldLetters('Zoë Ørsted Straße Œuvre Łódź')).toBe('zoe orsted strasse oeuvre lodz');
    expect(words('Ó Súilleabháin Financial')).toBe('o suilleabhain financial');
    expect(foldName('Crédit Côte').notes).toContain('accents ignored');
  });
  it('2: apostrophes join, dotted initials join', () => {
    expect(words("D'Arcy & O’Brien")).toBe('darcy obrien');
    expect(foldName('Smith Partners L.L.P.').legalForms).toEqual(['llp']);
    expect(words('Verso Group (U.K.) Ltd')).toBe('verso group uk');
  });
  it('3: & and + are "and", punctuation separates words', () => {
    expect(words('Marlow & Dene')).toBe(words('Marlow and Dene'));
    expect(words('Marlow+Dene')).toBe('marlow dene');
    expect(words('Thornton-Blake, Partners/Advisers')).toBe('thornton blake partners advisers');
  });
  it('4: legal forms read alike wherever they are', () => {
    expect(forms('Castlegate Securities Ltd')).toBe(forms('Castlegate Securities Limited'));
    expect(forms('Northbrook Capital public limited company')).toBe('plc');
    expect(forms('Greyfriars Insurance Brokers Limited Liability Partnership')).toBe('llp');
    expect(forms('Ashdown Partners L.L.P.')).toBe('llp');
    expect(forms('Saxon Ridge Company Limited')).toBe('co ltd');
    expect(forms('Saxon Ridge Co. Ltd')).toBe('co ltd');
    expect(forms('Kestrel Fund Limited Partnership')).toBe('lp');
    expect(forms('Müller Vermögen GmbH')).toBe('gmbh');
    expect(words('AB Capital')).toBe('ab capital');
    expect(words('Limited')).toBe('limited');
  });
  it('5: abbreviations are spelt out', () => {
    expect(words('Harrowgate Wealth Mgmt Intl')).toBe('harrowgate wealth management international');
    expect(words('Kestrel Svcs Grp Hldgs')).toBe('kestrel services group holdings');
  });
  it('6: a leading "The" and the word "and" are left out', () => {
    expect(words('The Revolution Partnership LLP')).toBe('revolution partnership');
    expect(words('The')).toBe('the');
  });
  it('7: titles are left out of people’s names', () => {
    expect(words('Mr Piers Rowntree', true)).toBe('piers rowntree');
    expect(words('Dr. Órla M’Naghten', true)).toBe('orla mnaghten');
  });
  it('legal forms agree when equal or given on one side only', () => {
    expect(legalFormsAgree(foldName('A Ltd'), foldName('A Limited'))).toBe(true);
    expect(legalFormsAgree(foldName('A'), foldName('A LLP'))).toBe(true);
    expect(legalFormsAgree(foldName('A Ltd'), foldName('A LLP'))).toBe(false);
  });
});

describe('name similarity', () => {
  it('scores the same name however it is written 100', () => {
    expect(score('castlegate securities ltd', 'Castlegate Securities Limited')).toMatchObject({ score: 100, exact: true });
    expect(score('The Revolution Partnership', 'Revolution Partnership LLP').score).toBe(100);
    expect(score('RevolutionFX Markets', 'Revolution FX Markets Ltd')).toMatchObject({ score: 100, notes: ['the same name written with different spacing'] });
  });
  it('says when only the legal form differs', () => {
    expect(score('Greyfriars Insurance Brokers Ltd', 'Greyfriars Insurance Brokers LLP')).toMatchObject({ score: 88, exact: false });
    expect(foldName('Adeyemi & Sinclair L.L.P').legalForms).toEqual(['llp']);
  });
  it('puts a one-letter slip at 92 and names the words', () => {
    const c = score('Albion Crwn Bank plc', 'Albion Crown Bank plc');
    expect(c).toMatchObject({ score: 92, spelling: true });
    expect(c.notes[0]).toBe('spelling differs: "crwn" ~ "crown"');
    expect(score('Castlegate Securites Limited', 'Castlegate Securities Limited').score).toBe(92);
    expect(score('Albion Crwon Bank', 'Albion Crown Bank').score).toBe(92);
  });
  it('puts the same words in another order at 97', () => {
    expect(score('Crown Albion Bank', 'Albion Crown Bank').score).toBe(97);
  });
  it('keeps partial overlaps below a match, and common words weigh half', () => {
    expect(score('Albion Crown', 'Albion Crown Bank plc').score).toBeLessThan(90);
    expect(score('Albion Services', 'Harbour Services Ltd').score).toBeLessThan(40);
    expect(score('Kingsmere Mortgage Network Limited', 'Albion Crown Bank plc').score).toBe(0);
  });
  it('reads people with their middle names left out', () => {
    expect(score('Edward Thornton', 'Edward James Thornton', true)).toMatchObject({ score: 93 });
    expect(score('Piers Rowntree', 'Piers Rowntree', true).score).toBe(100);
  });
  it('measures edits with swaps', () => {
    expect(editDistance('crown', 'crwon')).toBe(1);
    expect(editDistance('crown', 'crwn')).toBe(1);
    expect(editDistance('abc', 'xyzxyz', 2)).toBe(3);
  });
});

describe('postcodes', () => {
  it('reads whole and partial postcodes', () => {
    expect(readPostcode('ec2v6aa')).toMatchObject({ text: 'EC2V 6AA', precision: 'full', outward: 'EC2V' });
    expect(readPostcode('S1')).toMatchObject({ precision: 'outward', area: 'S' });
    expect(readPostcode('EC2V 6')).toMatchObject({ precision: 'sector' });
    expect(readPostcode('EC')).toMatchObject({ precision: 'area' });
    expect(readPostcode('London')).toBeUndefined();
  });
  it('counts a partial postcode as partial agreement', () => {
    expect(comparePostcodes(readPostcode('EC2V 6AA')!, 'EC2V 6AA')).toMatchObject({ agreement: 'same', adjustment: 5 });
    expect(comparePostcodes(readPostcode('S1')!, 'S1 2AB')).toMatchObject({ agreement: 'same-outward', adjustment: 2 });
    expect(comparePostcodes(readPostcode('S')!, 'S1 2AB')).toMatchObject({ agreement: 'same-area', adjustment: 1 });
    expect(comparePostcodes(readPostcode('S1')!, 'S10 2AB')).toMatchObject({ agreement: 'different', adjustment: -25 });
    expect(comparePostcodes(readPostcode('LS1 4AP')!, 'S1 2AB')).toMatchObject({ agreement: 'different' });
    expect(comparePostcodes(readPostcode('S1')!, undefined)).toMatchObject({ agreement: 'not-listed', adjustment: 0 });
  });
});

describe('register queries', () => {
  it('searches the significant words first', () => {
    expect(firstQuery(foldName('Castlegate Securities Ltd'))).toBe('castlegate securities');
    expect(firstQuery(foldName('The Ó Súilleabháin & D’Arcy Partnership LLP'))).toBe('o suilleabhain darcy partnership');
  });
  it('falls back to common words spelt right, word starts, then the name without one word, within the budget', () => {
    expect(fallbackQueries(foldName('Kingsmere Morgage Network Limited'))).toEqual(['kingsmere mortgage network', 'kin mor net', 'morgage network']);
    expect(fallbackQueries(foldName('Albion Crwn Bank plc'))).toEqual(['al cr ba', 'crwn bank', 'albion bank']);
    expect(fallbackQueries(foldName('Bluepeak Capital Partners'))).toEqual(['blu cap par', 'capital partners', 'bluepeak partners']);
    expect(fallbackQueries(foldName('Quaysde Payments'))).toEqual(['qua pay', 'qu payments', 'quaysde']);
    expect(fallbackQueries(foldName('Revolutin'))).toEqual(['revol']);
    expect(correctCommonWord('welath')).toBe('wealth');
    expect(correctCommonWord('kestrel')).toBe('kestrel');
  });
});

function hit(name: string, ref: string, over: Partial<SearchResult> = {}): SearchResult {
  const m = /^(.*) \(Postcode: (.*)\)$/.exec(name);
  return {
    name: m ? m[1] : name,
    listedName: name,
    postcode: m?.[2],
    referenceNumber: ref,
    status: 'Authorised',
    type: 'Firm',
    entity: 'firm',
    linkable: true,
    unauthorised: false,
    extra: {},
    ...over,
  };
}
function unauthorised(listedName: string): SearchResult {
  const name = listedName.replace(/ \(Postcode: [^)]*\)$/, '');
  return { name, listedName, status: 'Unauthorised', type: 'Unauthorised firm', entity: 'firm', linkable: false, unauthorised: true, extra: {} };
}

/** A register of a few listings searched the register's way: every query word starts a word of a name. */
function fakeRegister(entries: Array<{ hit: SearchResult; others?: { current: string[]; previous: string[] } }>): RegisterPort & { calls: string[] } {
  const calls: string[] = [];
  const fold = (s: string) =>
    foldLetters(s)
      .replace(/[^a-z0-9]+/g, ' ')
      .split(' ')
      .filter(Boolean);
  return {
    calls,
    async search(query: string, entity: EntityKind) {
      calls.push(`search:${query}`);
      const q = fold(query);
      return entries
        .filter((e) => e.hit.entity === entity)
        .filter((e) => {
          const names = [e.hit.name ?? '', ...(e.others?.current ?? []), ...(e.others?.previous ?? [])].flatMap(fold);
          return q.every((w) => names.some((n) => n.startsWith(w)));
        })
        .map((e) => e.hit);
    },
    async firmNames(frn: string) {
      calls.push(`names:${frn}`);
      return entries.find((e) => e.hit.referenceNumber === frn)?.others;
    },
  };
}

describe('finding a match', () => {
  const register = () =>
    fakeRegister([
      { hit: hit('Castlegate Securities Limited (Postcode: LS1 4AP)', '400400') },
      { hit: hit('Castlegate Security Services Ltd (Postcode: M1 1AA)', '400401') },
      {
        hit: hit('Albion Crown Bank plc (Postcode: EC2V 6AA)', '200200'),
        others: { current: ['Albion Crown', 'Albion Crown Bank plc'], previous: ['Albion & Crown Savings Bank Limited'] },
      },
      { hit: hit('Oakwood Financial Services Ltd (Postcode: S1 2AB)', '510001') },
      { hit: hit('Oakwood Financial Services Ltd (Postcode: BS1 4DJ)', '510002') },
      { hit: hit('Harbourside Mortgages Ltd (Postcode: BS1 5TR)', '700101', { status: 'No longer registered as an Appointed Representative' }) },
      { hit: hit('Harbourside Mortgages Ltd (Postcode: BS1 5TR)', '1100001') },
      { hit: unauthorised('Revolution Capital Partners (clone of FCA authorised firm) (Postcode: n/a)') },
      { hit: hit('Harrowgate Wealth Management Limited (Postcode: HG1 1AA)', '910101') },
      { hit: unauthorised('Harrowgate Wealth Management Limited (clone of FCA authorised firm) (Postcode: n/a)') },
    ]);

  it('matches a legal form written the other way in one search', async () => {
    const r = register();
    const m = await findMatch({ name: 'castlegate securities ltd', entity: 'firm' }, r);
    expect(m.decision).toMatchObject({ outcome: 'matched', best: { ref: '400400', exact: true } });
    expect(r.calls).toEqual(['search:castlegate securities']);
  });

  it('finds a one-letter slip through fallback queries and says so', async () => {
    const r = register();
    const m = await findMatch({ name: 'Albion Crwn Bank plc', entity: 'firm' }, r);
    expect(m.decision).toMatchObject({ outcome: 'matched', best: { ref: '200200', spelling: true } });
    expect(m.queries[0]).toBe('albion crwn bank');
    expect(m.calls).toBeLessThanOrEqual(4);
  });

  it('matches a trading name after reading the firm’s names', async () => {
    const r = register();
    const m = await findMatch({ name: 'Albion Crown', entity: 'firm' }, r);
    expect(m.decision).toMatchObject({ outcome: 'matched', best: { ref: '200200', matchedOn: 'trading' } });
    expect(r.calls).toEqual(['search:albion crown', 'names:200200']);
  });

  it('matches a previous name a little lower, and says it is previous', async () => {
    const m = await findMatch({ name: 'Albion and Crown Savings Bank Ltd', entity: 'firm' }, register());
    expect(m.decision).toMatchObject({ outcome: 'matched', best: { ref: '200200', matchedOn: 'previous', score: 95 } });
  });

  it('leaves two firms of one name to a person, and a postcode settles it, a partial one too', async () => {
    expect((await findMatch({ name: 'Oakwood Financial Services Ltd', entity: 'firm' }, register())).decision.outcome).toBe('ambiguous');
    const whole = await findMatch({ name: 'Oakwood Financial Services Ltd', entity: 'firm', postcode: readPostcode('S1 2AB') }, register());
    expect(whole.decision).toMatchObject({ outcome: 'matched', best: { ref: '510001' } });
    const partial = await findMatch({ name: 'Oakwood Financial Services', entity: 'firm', postcode: readPostcode('S1') }, register());
    expect(partial.decision).toMatchObject({ outcome: 'matched', best: { ref: '510001' } });
    expect((partial.decision as { best: { reasons: string[] } }).best.reasons).toContain('postcode district agrees (S1, partial)');
  });

  it('prefers the current entry of a name the register lists twice', async () => {
    expect((await findMatch({ name: 'Harbourside Mortgages Limited', entity: 'firm' }, register())).decision).toMatchObject({ outcome: 'matched', best: { ref: '1100001' } });
  });

  it('answers a clone as an unauthorised entry, never not found', async () => {
    const m = await findMatch({ name: 'Revolution Capital Partners', entity: 'firm' }, register());
    expect(m.decision).toMatchObject({ outcome: 'unauthorised', best: { clone: true, name: 'Revolution Capital Partners', status: 'Unauthorised' } });
  });

  it('matches a genuine firm that has been cloned, with the clone beside it', async () => {
    const m = await findMatch({ name: 'Harrowgate Wealth Management Ltd', entity: 'firm' }, register());
    expect(m.decision).toMatchObject({ outcome: 'matched', best: { ref: '910101' }, clones: [{ clone: true }] });
  });

  it('finds nothing for a name the register does not hold, within the budget', async () => {
    const r = register();
    const m = await findMatch({ name: 'Wholly Imaginary Widgets Ltd', entity: 'firm' }, r);
    expect(m.decision.outcome).toBe('not-found');
    expect(r.calls.length).toBeLessThanOrEqual(4);
  });

  it('does not match a different firm that shares a word', async () => {
    const m = await findMatch({ name: 'Castlegate Holdings', entity: 'firm' }, register());
    expect(m.decision.outcome).not.toBe('matched');
  });

  it('decides nothing from an empty list', () => {
    expect(decide([], [])).toEqual({ outcome: 'not-found' });
    expect(scoreHit(unauthorised('X (Postcode: n/a)'), { name: 'X', entity: 'firm' }, foldName('X'))).toBeUndefined();
  });
});
