import type { Firm } from '@/lib/register/model';
import { checkFrn } from '@/lib/register/validate';

/** Readings of a firm record that the overview's warnings depend on. Pure, so they are tested. */

/** The register's status words for a firm that may not carry on regulated business now. */
export function isNoLongerAuthorised(status: string | undefined): boolean {
  return status !== undefined && /(no longer|cancel|revoked|lapsed|not authorised|unauthorised|ceased)/i.test(status);
}

/** A firm that acts only as someone's appointed representative (not authorised in its own right). */
export function isAppointedRepresentativeOnly(firm: Pick<Firm, 'status' | 'businessType'>): boolean {
  return [firm.status, firm.businessType].some((v) => v !== undefined && /appointed representative/i.test(v));
}

/**
 * The principal of an appointed representative, if the record names one. Today's register does
 * not put the principal on the AR's own record (only the principal's AR list names it), so this
 * looks for any field about a principal that a newer register may add, and takes an FRN from it.
 */
export function principalOf(firm: Pick<Firm, 'extra'>): { frn: string; name?: string } | undefined {
  let frn: string | undefined;
  let name: string | undefined;
  for (const [key, value] of Object.entries(firm.extra)) {
    if (!/principal/i.test(key) || typeof value !== 'string' || value.trim() === '') continue;
    if (/(frn|reference|url)/i.test(key)) {
      const digits = /(?:^|\/)(\d{1,7})\/?$/.exec(value.trim())?.[1];
      const checked = checkFrn(digits ?? value);
      if (checked.ok) frn ??= checked.value;
    } else if (/name/i.test(key)) {
      name ??= value.trim();
    }
  }
  return frn ? { frn, name } : undefined;
}
