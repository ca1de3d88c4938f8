/**
 * How the register's status words read, for firms, individuals and funds. The register has no
 * code list: statuses are phrases ("No longer registered as an Appointed Representative", "No
 * Longer Registered as a PSD Agent", "Regulatory approval no longer required"), so they are read
 * by their words, case-insensitively. A phrase none of these rules knows is never taken as clear:
 * it is a caution that names it, so a new wording on the register is read by a person.
 */

export type StatusReading =
  | { kind: 'clear' }
  | { kind: 'ended' }
  | { kind: 'unauthorised' }
  | { kind: 'suspended' }
  | { kind: 'appointed-representative' }
  | { kind: 'agent' }
  | { kind: 'prohibited' }
  | { kind: 'deceased' }
  | { kind: 'not-approved' }
  | { kind: 'unknown' }
  | { kind: 'missing' };

const FIRM_ENDED = /(no longer|cancel|revoked|lapsed|ceased|not authori[sz]ed|withdrawn|refused|closed|expired|de-?registered|removed)/i;

/** A firm's `Status` (record or search listing). */
export function readFirmStatus(status: string | undefined): StatusReading {
  const s = status?.trim() ?? '';
  if (s === '') return { kind: 'missing' };
  if (/^unauthori[sz]ed\b/i.test(s) || /\bclone\b/i.test(s)) return { kind: 'unauthorised' };
  if (FIRM_ENDED.test(s)) return { kind: 'ended' };
  if (/suspend/i.test(s)) return { kind: 'suspended' };
  if (/appointed representative/i.test(s)) return { kind: 'appointed-representative' };
  if (/\bagent\b/i.test(s)) return { kind: 'agent' };
  // "EEA Authorised" was the passporting status before 2021; "Registered" is the status of
  // small payment and e-money institutions and of firms registered under the money laundering rules.
  if (/^(eea )?(authori[sz]ed|registered)$/i.test(s)) return { kind: 'clear' };
  return { kind: 'unknown' };
}

/**
 * One part of an individual's status. The record's vocabulary ("Approved by regulator",
 * "Certified / assessed by firm", "Regulatory approval no longer required", joined by ";") and
 * the search's ("Active", "Prohibited", "Deceased", "Regulatory approval no longer required").
 */
export function readIndividualStatus(status: string | undefined): StatusReading {
  const s = status?.trim() ?? '';
  if (s === '') return { kind: 'missing' };
  if (/prohibit/i.test(s)) return { kind: 'prohibited' };
  if (/deceased/i.test(s)) return { kind: 'deceased' };
  if (/no longer required|no longer approved|not approved/i.test(s)) return { kind: 'not-approved' };
  if (/^(approved by regulator|certified \/ assessed by firm|active|approved|certified)$/i.test(s)) return { kind: 'clear' };
  return { kind: 'unknown' };
}

/** A fund's status: "Authorised", "Recognised", "Approved" (sub-funds) or an ended one. */
export function readFundStatus(status: string | undefined): StatusReading {
  const s = status?.trim() ?? '';
  if (s === '') return { kind: 'missing' };
  if (/(terminat|de-?recogni|revoked|cancel|lapsed|no longer|wound|closed|withdrawn|revocation)/i.test(s)) return { kind: 'ended' };
  if (/^(authori[sz]ed|recogni[sz]ed|approved|registered)$/i.test(s)) return { kind: 'clear' };
  return { kind: 'unknown' };
}

/** The parts of an individual's status ("Approved by regulator;Certified / assessed by firm"). */
export function statusParts(status: string | undefined): string[] {
  return (status ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}
