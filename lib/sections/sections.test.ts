import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@/lib/register/endpoints';
import { ENTITY_SECTIONS } from './entity-sections';

const SAMPLE_REF = { firm: '122702', individual: 'ABC01234', fund: '123456' } as const;

describe('section registries', () => {
  it.each(Object.entries(ENTITY_SECTIONS))('%s: every section names the register path its endpoint calls', (kind, sections) => {
    for (const section of sections) {
      const built = ENDPOINTS[section.endpoint].build(SAMPLE_REF[kind as keyof typeof SAMPLE_REF]);
      expect(built.ok, `${kind}/${section.slug}`).toBe(true);
      if (built.ok) expect(built.request.segments.at(-1), `${kind}/${section.slug}`).toBe(section.apiSection);
    }
  });

  it.each(Object.entries(ENTITY_SECTIONS))('%s: slugs are unique and every section has columns and a unit', (_kind, sections) => {
    const slugs = sections.map((s) => s.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of sections) {
      expect(s.columns.length, s.slug).toBeGreaterThan(0);
      expect(s.unit[0], s.slug).not.toBe(s.unit[1]);
    }
  });
});
