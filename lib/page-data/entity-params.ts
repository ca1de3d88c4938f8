import { countryFromSlug } from '@/lib/firm/country-slug';
import { checkCountry, checkFrn, checkRequirementRef } from '@/lib/register/validate';

/**
 * The one reading of an entity page's route parameters (firm, individual, fund), shared by the
 * pages' loader (lib/page-data/entity-page.ts), the proxy's 400 rules (lib/routes/bad-request.ts),
 * the not-found pages and the firm's CSV export, with the register client's own checks
 * (validate.ts) so the messages match what the client would say. No server-only import: the
 * not-found pages read it in the browser.
 */

/** A route parameter decoded once more (Next hands them over decoded; a stray %-sequence is left), or undefined when it cannot be. */
export function decodeParam(raw: string): string | undefined {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/** A route param decoded; one with a stray %-sequence stays as it came. This is what an individual's or fund's page checks. */
export function paramText(raw: string): string {
  return decodeParam(raw) ?? raw;
}

/** An impossible param as the page shows and the audit records it: decoded, cut to 60 characters. */
export function shownText(raw: string): string {
  const text = paramText(raw);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

export interface ParamProblem {
  field: string;
  message: string;
}

/** "The IRN in the address is not readable.": a parameter decodeParam could not decode. */
export function unreadableParam(field: string, what: string): ParamProblem {
  return { field, message: `The ${what} in the address is not readable.` };
}

export type FirmParams = { frn: string; country?: string; ref?: string };

export type CheckedFirmParams = { ok: true; frn: string; country?: string; ref?: string } | ({ ok: false } & ParamProblem);

/** A firm page's FRN, and its passport country (a slug or a name) or requirement reference when the route has one. */
export function checkFirmParams(params: FirmParams): CheckedFirmParams {
  const rawFrn = decodeParam(params.frn);
  if (rawFrn === undefined) return { ok: false, ...unreadableParam('frn', 'FRN') };
  const frn = checkFrn(rawFrn);
  if (!frn.ok) return { ok: false, field: frn.field, message: frn.message };

  let country: string | undefined;
  if (params.country !== undefined) {
    const slug = decodeParam(params.country);
    if (slug === undefined) return { ok: false, ...unreadableParam('country', 'country') };
    // A slug never contains spaces or capitals; one that does was typed by hand and is read as a name.
    const c = checkCountry(/\s/.test(slug) ? slug : countryFromSlug(slug));
    if (!c.ok) return { ok: false, field: c.field, message: c.message };
    country = c.value;
  }

  let ref: string | undefined;
  if (params.ref !== undefined) {
    const rawRef = decodeParam(params.ref);
    if (rawRef === undefined) return { ok: false, ...unreadableParam('requirementRef', 'requirement reference') };
    const r = checkRequirementRef(rawRef);
    if (!r.ok) return { ok: false, field: r.field, message: r.message };
    ref = r.value;
  }
  return { ok: true, frn: frn.value, country, ref };
}
