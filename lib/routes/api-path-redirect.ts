import { parseApiPath, type ApiPath } from '@/lib/register/api-path';
import type { EndpointName } from '@/lib/register/register-client-types';
import { checkCountry, checkFrn, checkIrn, checkPrn, checkRequirementRef } from '@/lib/register/validate';
import { countrySlug } from '@/lib/firm/country-slug';
import { ENDPOINTS } from '@/lib/register/endpoints';
import { FIRM_SECTION_SLUGS, FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';
import { FUND_SECTION_SLUGS, FUND_SECTIONS, type FundSectionSlug } from '@/lib/sections/fund-sections';
import { INDIVIDUAL_SECTION_SLUGS, INDIVIDUAL_SECTIONS, type IndividualSectionSlug } from '@/lib/sections/individual-sections';
import { firmPath, fundPath, individualPath, MARKETS_PATH, marketsPath, SEARCH_PATH, withQuery, type PortalPath } from './portal-paths';

/**
 * People paste register API paths into the portal ("/Firm/122702/AR", "/Individuals/MXC29012/CF",
 * "/CIS/185045/Subfund?pgnp=2", or the whole "/services/V0.1/…" form, apexrest included). These
 * map them to the portal's routes. Matching is case-insensitive, as the register's is, so the
 * mapping must also recognise the portal's own paths ("/firm/122702" parses as the firm endpoint)
 * and leave them alone: a redirect is only answered when the target differs from the request.
 */

/** Each firm section's register endpoint, back to the section (from the section registry). */
const SECTION_BY_ENDPOINT = new Map<EndpointName, FirmSectionSlug>(FIRM_SECTION_SLUGS.map((slug) => [FIRM_SECTIONS[slug].endpoint, slug]));
const INDIVIDUAL_SECTION_BY_ENDPOINT = new Map<EndpointName, IndividualSectionSlug>(INDIVIDUAL_SECTION_SLUGS.map((slug) => [INDIVIDUAL_SECTIONS[slug].endpoint, slug]));
const FUND_SECTION_BY_ENDPOINT = new Map<EndpointName, FundSectionSlug>(FUND_SECTION_SLUGS.map((slug) => [FUND_SECTIONS[slug].endpoint, slug]));

/** The page number for the portal's list page, for an endpoint the register pages (an unpaged one's pages have no meaning). */
const pageFor = (endpoint: EndpointName, page: number) => (ENDPOINTS[endpoint].paged ? page : undefined);

/** A valid number in its canonical form (IRNs upper-cased); an impossible one is kept as typed so its page can say what is wrong. */
function canonical(check: (v: unknown) => { ok: true; value: string } | { ok: false }, value: string): string {
  const c = check(value);
  return c.ok ? c.value : value;
}

/** A country as the register names it ("ISLE OF MAN") becomes its slug; anything else is passed on for the page to refuse. */
function countryPathSegment(value: string): string {
  const c = checkCountry(value);
  return c.ok ? countrySlug(c.value) : value;
}

/** The portal path (with query) for a parsed API path. */
export function portalPathForApi(api: ApiPath): PortalPath {
  const [first = '', second = ''] = api.args;
  const page = api.page;
  switch (api.endpoint) {
    case 'firm':
      return firmPath(canonical(checkFrn, first));
    case 'firmPassportPermissions':
      // The portal's own slug ("isle-of-man"), the form every passports link uses.
      return firmPath(canonical(checkFrn, first), `passports/${encodeURIComponent(countryPathSegment(second))}`, page);
    case 'firmRequirementInvestmentTypes':
      return firmPath(canonical(checkFrn, first), `requirements/${encodeURIComponent(canonical(checkRequirementRef, second))}`, page);
    case 'individual':
      return individualPath(canonical(checkIrn, first));
    case 'fund':
      return fundPath(canonical(checkPrn, first));
    case 'search': {
      // The type as the API path gave it (searchPath takes only a valid one): the search page explains a bad one.
      const query = new URLSearchParams({ q: first, type: second });
      if (page > 1) query.set('page', String(page));
      return withQuery(SEARCH_PATH, query);
    }
    case 'regulatedMarkets':
      return marketsPath(page);
    default: {
      // A section of an entity, from its registry.
      const firmSection = SECTION_BY_ENDPOINT.get(api.endpoint);
      if (firmSection) return firmPath(canonical(checkFrn, first), firmSection, page);
      const individualSection = INDIVIDUAL_SECTION_BY_ENDPOINT.get(api.endpoint);
      if (individualSection) return individualPath(canonical(checkIrn, first), individualSection, pageFor(api.endpoint, page));
      const fundSection = FUND_SECTION_BY_ENDPOINT.get(api.endpoint);
      if (fundSection) return fundPath(canonical(checkPrn, first), fundSection, pageFor(api.endpoint, page));
      return '/';
    }
  }
}

/** Only paths starting like an API path are parsed at all (this runs on every request). */
const CANDIDATE = /^\/(?:services|firm|individuals|cis|search|commonsearch)(?:\/|$)/i;

/**
 * Where to send a request for `pathname` + `search` (as in a URL: "" or "?…"), or undefined when
 * it is not an API-shaped path or already is the portal path.
 */
export function apiPathRedirect(pathname: string, search: string): string | undefined {
  if (!CANDIDATE.test(pathname)) return undefined;
  let api: ApiPath | undefined;
  try {
    api = parseApiPath(`${pathname}${search}`);
  } catch {
    return undefined; // a malformed %-escape: not a path we can read
  }
  if (!api) {
    // "/Search" without q (the register needs one) is still a search.
    if (/^\/search\/?$/i.test(pathname) && pathname !== SEARCH_PATH) return SEARCH_PATH;
    if (/^\/commonsearch\/?$/i.test(pathname)) return MARKETS_PATH;
    return undefined;
  }
  const target = portalPathForApi(api);
  const targetPath = target.split('?')[0];
  const query = new URLSearchParams(search);
  // Already the portal's path (its own page=… untouched); only a register-style pgnp is translated.
  if (targetPath === pathname && !query.has('pgnp')) return undefined;
  return target;
}
