import { describe, expect, it } from 'vitest';
import { checkCountry } from '@/lib/register/validate';
import { countryFromSlug, countrySlug } from './country-slug';

describe('country slugs', () => {
  it('writes spaces as hyphens and hyphens as double hyphens, in lower case', () => {
    expect(countrySlug('GIBRALTAR')).toBe('gibraltar');
    expect(countrySlug('CZECH REPUBLIC')).toBe('czech-republic');
    expect(countrySlug('ISLE OF MAN')).toBe('isle-of-man');
    expect(countrySlug('GUINEA-BISSAU')).toBe('guinea--bissau');
    expect(countrySlug('  SAINT   KITTS AND NEVIS ')).toBe('saint-kitts-and-nevis');
  });

  it('reads a slug back to the register’s spelling', () => {
    expect(countryFromSlug('czech-republic')).toBe('CZECH REPUBLIC');
    expect(countryFromSlug('guinea--bissau')).toBe('GUINEA-BISSAU');
    expect(countryFromSlug('Gibraltar')).toBe('GIBRALTAR');
  });

  it('round-trips every kind of name the register uses, including accents and apostrophes', () => {
    for (const name of ['GIBRALTAR', 'CZECH REPUBLIC', 'GUINEA-BISSAU', "COTE D'IVOIRE", 'CURAÇAO', 'ÅLAND ISLANDS', 'CONGO (DEMOCRATIC REPUBLIC)', 'ST. HELENA', 'TIMOR-LESTE']) {
      const slug = countrySlug(name);
      expect(slug).not.toMatch(/\s/);
      expect(countryFromSlug(slug)).toBe(name);
      expect(checkCountry(countryFromSlug(slug))).toEqual({ ok: true, value: name });
    }
  });

  it('leaves the validity of what it decodes to the client’s check', () => {
    expect(checkCountry(countryFromSlug('narnia<script>')).ok).toBe(false);
    expect(checkCountry(countryFromSlug('123')).ok).toBe(false);
  });
});
