import { parseListView } from '@/lib/page-data/list-view';
import { checkCountry, checkFrn, checkRequirementRef } from '@/lib/register/validate';
import { countryFromSlug } from './country-slug';
import { FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';

/**
 * What a firm URL asks for, checked before anything reaches the register, with the register
 * client's own checks (validate.ts) so the messages match what the client would say. Used by the
 * firm pages (to render the bad-input view) and by the proxy (to make its status 400).
 */

export interface FirmInputProblem {
  field: string;
  message: string;
}

export type FirmParams = { frn: string; country?: string; ref?: string };

export type CheckedFirmParams = { ok: true; frn: string; country?: string; ref?: string } | ({ ok: false } & FirmInputProblem);

/** Route params as Next hands them over; percent-escapes are decoded once more defensively. */
function readable(value: string): string | undefined {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

const unreadable = (field: string, what: string): CheckedFirmParams => ({ ok: false, field, message: `The ${what} in the address is not readable.` });

export function checkFirmParams(params: FirmParams): CheckedFirmParams {
  const rawFrn = readable(params.frn);
  if (rawFrn === undefined) return unreadable('frn', 'FRN');
  const frn = checkFrn(rawFrn);
  if (!frn.ok) return { ok: false, field: frn.field, message: frn.message };

  let country: string | undefined;
  if (params.country !== undefined) {
    const slug = readable(params.country);
    if (slug === undefined) return unreadable('country', 'country');
    // A slug never contains spaces or capitals; one that does was typed by hand and is read as a name.
    const c = checkCountry(/\s/.test(slug) ? slug : countryFromSlug(slug));
    if (!c.ok) return { ok: false, field: c.field, message: c.message };
    country = c.value;
  }

  let ref: string | undefined;
  if (params.ref !== undefined) {
    const rawRef = readable(params.ref);
    if (rawRef === undefined) return unreadable('requirementRef', 'requirement reference');
    const r = checkRequirementRef(rawRef);
    if (!r.ok) return { ok: false, field: r.field, message: r.message };
    ref = r.value;
  }
  return { ok: true, frn: frn.value, country, ref };
}

const FIRM_PATH = /^\/firm\/([^/]+)(?:\/([a-z-]+)(?:\/([^/]+))?)?\/?$/;
/** Firm routes beside the sections whose only input is the FRN (the printable report). */
const OTHER_FIRM_ROUTES = new Set(['report']);

/**
 * The problem with a request for a firm page that can never succeed, or undefined. Paths that are
 * not firm pages at all (an unknown section) are left to the router's 404.
 */
export function firmBadRequest(pathname: string, searchParams: URLSearchParams): FirmInputProblem | undefined {
  const m = FIRM_PATH.exec(pathname);
  if (!m) return undefined;
  const [, frn, section, detail] = m;
  if (section !== undefined && !isFirmSectionSlug(section) && !OTHER_FIRM_ROUTES.has(section)) return undefined;
  if (detail !== undefined && section !== 'passports' && section !== 'requirements') return undefined;
  const checked = checkFirmParams({
    frn,
    country: section === 'passports' ? detail : undefined,
    ref: section === 'requirements' ? detail : undefined,
  });
  if (!checked.ok) return { field: checked.field, message: checked.message };
  if (section !== undefined && detail === undefined && isFirmSectionSlug(section) && FIRM_SECTIONS[section].paged) {
    const view = parseListView(Object.fromEntries(searchParams.entries()));
    if (view.mode === 'bad') return { field: view.field, message: view.message };
  }
  return undefined;
}
