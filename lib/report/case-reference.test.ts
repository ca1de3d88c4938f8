import { describe, expect, it } from 'vitest';
import { CASE_REFERENCE_MAX, checkCaseReference } from './case-reference';

describe('checkCaseReference', () => {
  it('is optional', () => {
    expect(checkCaseReference(undefined)).toEqual({ ok: true, value: undefined });
    expect(checkCaseReference('   ')).toEqual({ ok: true, value: undefined });
  });

  it('keeps ordinary references, tidying spaces', () => {
    expect(checkCaseReference('  KYC-2026/0142  ')).toEqual({ ok: true, value: 'KYC-2026/0142' });
    expect(checkCaseReference('Onboarding  #17 (Zoë’s café)'.replace('’', "'"))).toEqual({ ok: true, value: "Onboarding #17 (Zoë's café)" });
    expect(checkCaseReference(['CASE-1', 'CASE-2'])).toEqual({ ok: true, value: 'CASE-1' });
  });

  it('refuses markup, formula starts, control characters and overlong text, saying why', () => {
    for (const bad of ['<script>', '=HYPERLINK("x")', '-1', 'a\u0000b', 'x;y']) {
      expect(checkCaseReference(bad)).toMatchObject({ ok: false, field: 'case' });
    }
    expect(checkCaseReference('x'.repeat(CASE_REFERENCE_MAX + 1))).toEqual({
      ok: false,
      field: 'case',
      message: `A case reference is at most ${CASE_REFERENCE_MAX} characters (this one has ${CASE_REFERENCE_MAX + 1}).`,
    });
    expect(checkCaseReference('x'.repeat(CASE_REFERENCE_MAX)).ok).toBe(true);
  });
});
