import type { Checked } from '@/lib/register/validate';

/**
 * The optional case reference a user stamps on a report ("KYC-2026-0142"): printed in the stamp,
 * stored in the snapshot and the audit log. Checked before anything is fetched, so a report never
 * starts for input it cannot carry.
 */

export const CASE_REFERENCE_MAX = 100;

const ALLOWED = /^[\p{L}\p{N}][\p{L}\p{N} _\-/.:#()&,'+]*$/u;

/** `ok` with undefined when there is none. */
export function checkCaseReference(input: unknown): Checked<string | undefined> {
  const raw = Array.isArray(input) ? input[0] : input;
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (typeof raw !== 'string') return { ok: false, field: 'case', message: 'The case reference must be text.' };
  const value = raw.trim().replace(/\s+/g, ' ');
  if (value === '') return { ok: true, value: undefined };
  if (value.length > CASE_REFERENCE_MAX)
    return { ok: false, field: 'case', message: `A case reference is at most ${CASE_REFERENCE_MAX} characters (this one has ${value.length}).` };
  if (!ALLOWED.test(value)) {
    return {
      ok: false,
      field: 'case',
      message: "A case reference starts with a letter or digit and may contain letters, digits, spaces and _ - / . : # ( ) & , ' + only.",
    };
  }
  return { ok: true, value };
}
