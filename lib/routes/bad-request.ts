import { checkFirmParams, decodeParam, unreadableParam } from '@/lib/page-data/entity-params';
import { parseListView } from '@/lib/page-data/list-view';
import { jumpForQuery } from '@/lib/routes/reference-query';
import { parseSearchView } from '@/lib/page-data/search-view';
import { checkIrn, checkPrn, checkSearchText, checkSearchType } from '@/lib/register/validate';
import { FIRM_SECTIONS, isFirmSectionSlug } from '@/lib/sections/firm-sections';

/**
 * Requests for the firm, individual, fund, search and markets pages that can never succeed: an
 * impossible FRN, IRN or PRN, passport country or requirement reference, a malformed search, a page that is not a number. Their pages explain the
 * problem themselves; this only lets the proxy answer them with HTTP 400 (a page cannot choose
 * that status in Next, which offers notFound() and the auth interrupts but no "bad request").
 * Uses the same checks the register client applies before any request.
 */

export interface BadRequest {
  field: string;
  message: string;
}

function firstProblem(...checks: Array<{ ok: true } | { ok: false; field: string; message: string }>): BadRequest | undefined {
  for (const c of checks) if (!c.ok) return { field: c.field, message: c.message };
  return undefined;
}

/** An impossible ?page= of a paged list, read as the list reads it (lib/page-data/list-view.ts: ?all=1 wins). */
function listPageProblem(params: URLSearchParams): BadRequest | undefined {
  const view = parseListView(Object.fromEntries(params.entries()));
  return view.mode === 'bad' ? { field: view.field, message: view.message } : undefined;
}

const FIRM_PATH = /^\/firm\/([^/]+)(?:\/([a-z-]+)(?:\/([^/]+))?)?\/?$/;
/** Firm routes beside the sections whose only input is the FRN (the printable report). */
const OTHER_FIRM_ROUTES = new Set(['report']);

/**
 * The problem with a request for a firm page that can never succeed (FRN, passport country slug,
 * requirement reference, page), or undefined. Paths that are not firm pages at all (an unknown
 * section) are left to the router's 404.
 */
export function firmBadRequest(pathname: string, searchParams: URLSearchParams): BadRequest | undefined {
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
  if (section !== undefined && detail === undefined && isFirmSectionSlug(section) && FIRM_SECTIONS[section].paged) return listPageProblem(searchParams);
  return undefined;
}

/** An impossible ?sort= or ?status= of search results (lib/search/search-view.ts). */
function searchViewProblem(params: URLSearchParams): BadRequest | undefined {
  const view = parseSearchView({ sort: params.get('sort') ?? undefined, status: params.get('status') ?? undefined });
  return view.ok ? undefined : { field: view.field, message: view.message };
}

export function portalBadRequest(pathname: string, params: URLSearchParams): BadRequest | undefined {
  if (pathname.startsWith('/firm/')) return firmBadRequest(pathname, params);

  const individual = /^\/individual\/([^/]+)(?:\/(controlled-functions|disciplinary-history))?\/?$/.exec(pathname);
  if (individual) {
    const irn = decodeParam(individual[1]);
    if (irn === undefined) return unreadableParam('irn', 'IRN');
    const problem = firstProblem(checkIrn(irn));
    if (problem) return problem;
    return individual[2] === 'disciplinary-history' ? listPageProblem(params) : undefined;
  }

  const fund = /^\/fund\/([^/]+)(?:\/(names|subfunds))?\/?$/.exec(pathname);
  if (fund) {
    const prn = decodeParam(fund[1]);
    if (prn === undefined) return unreadableParam('prn', 'PRN');
    const problem = firstProblem(checkPrn(prn));
    if (problem) return problem;
    return fund[2] === 'subfunds' || fund[2] === 'names' ? listPageProblem(params) : undefined;
  }

  if (pathname === '/markets') return listPageProblem(params);

  if (pathname === '/search') {
    // Without q it is the empty form (perhaps with a type chosen), not an error; a submitted search must be readable.
    const q = params.get('q');
    const type = params.get('type');
    if (q === null) return undefined;
    return (
      firstProblem(
        // A reference number or a pasted register URL jumps to its page instead of being searched for.
        ...(q !== null && jumpForQuery(q) ? [] : [checkSearchText(q ?? '')]),
        ...(type === null || type === '' ? [] : [checkSearchType(type)]),
      ) ??
      listPageProblem(params) ??
      searchViewProblem(params)
    );
  }
  return undefined;
}
