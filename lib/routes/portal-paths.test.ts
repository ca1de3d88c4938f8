import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firmExportHref, fundExportHref, individualExportHref, searchExportHref } from '@/lib/export/export-paths';
import { FIRM_SECTION_SLUGS } from '@/lib/sections/firm-sections';
import {
  auditPath,
  bulkApiPath,
  bulkPath,
  changePath,
  changesPath,
  entityHistoryPath,
  entityPath,
  firmPath,
  fundPath,
  individualPath,
  listHref,
  marketsPath,
  passportCountryPath,
  reportPath,
  reportsPath,
  requirementPath,
  searchFormPath,
  searchPath,
  typeaheadApiPath,
  watchCheckPath,
  watchCycleProgressPath,
  watchlistPath,
} from './portal-paths';

// typedRoutes checks the builders' path *types* against app/ (lib/routes/portal-paths.ts), but a
// `${string}` in a type stands for any text, slashes included. This checks what the compiler
// cannot: that the strings built at run time, from awkward values too, land on exactly the route
// meant, each value in its own segment (and it runs without `next typegen`).

const APP = join(__dirname, '..', '..', 'app');

type AppRoute = { pattern: string; segments: string[] };

/** Every page and route handler of app/, as its URL pattern ("/firm/[frn]/passports/[country]"). */
function appRoutes(dir = APP): AppRoute[] {
  const out: AppRoute[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...appRoutes(path));
    else if (/^(page|route)\.tsx?$/.test(entry.name)) {
      const segments = relative(APP, dir)
        .split(sep)
        .filter((s) => s !== '' && !/^\(.*\)$/.test(s));
      out.push({ pattern: `/${segments.join('/')}`, segments });
    }
  }
  return out;
}

const ROUTES = appRoutes();

/** The routes a built URL's path matches, with the decoded value of each dynamic segment. */
function matches(url: string): { pattern: string; params: Record<string, string | string[]> }[] {
  const parsed = new URL(url, 'http://portal.invalid');
  expect(parsed.origin, `${url} stays on the portal`).toBe('http://portal.invalid');
  const parts = parsed.pathname === '/' ? [] : parsed.pathname.slice(1).split('/');
  const found: { pattern: string; params: Record<string, string | string[]> }[] = [];
  for (const route of ROUTES) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let i = 0;
    for (const segment of route.segments) {
      const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
      const dynamic = /^\[(.+)\]$/.exec(segment);
      if (catchAll) {
        if (i >= parts.length) ok = false;
        else params[catchAll[1]] = parts.slice(i).map(decodeURIComponent);
        i = parts.length;
      } else if (i >= parts.length) ok = false;
      else if (dynamic) params[dynamic[1]] = decodeURIComponent(parts[i++]);
      else if (parts[i++] !== segment) ok = false;
      if (!ok) break;
    }
    if (ok && i === parts.length) found.push({ pattern: route.pattern, params });
  }
  return found;
}

function expectRoute(url: string, pattern: string, params: Record<string, string | string[]> = {}) {
  const found = matches(url);
  // Next prefers a static segment over a dynamic one; the builders never rely on that.
  expect(found, `${url} matches exactly one route`).toHaveLength(1);
  expect(found[0]).toEqual({ pattern, params });
}

// A value with every character that could move it out of its segment or out of the path.
const AWKWARD = 'a/b?c#d e%f..';

describe('portal paths land on the route meant', () => {
  it('firm, its sections and the pages under them', () => {
    expectRoute(firmPath('122702'), '/firm/[frn]', { frn: '122702' });
    expectRoute(firmPath(AWKWARD), '/firm/[frn]', { frn: AWKWARD });
    for (const slug of FIRM_SECTION_SLUGS) {
      expectRoute(firmPath(AWKWARD, slug, 3), `/firm/[frn]/${slug}`, { frn: AWKWARD });
    }
    expectRoute(firmPath('122702', 'report'), '/firm/[frn]/report', { frn: '122702' });
    expectRoute(firmPath('122702', 'history'), '/firm/[frn]/history', { frn: '122702' });
    expectRoute(passportCountryPath('122702', 'ISLE OF MAN'), '/firm/[frn]/passports/[country]', { frn: '122702', country: 'isle-of-man' });
    expectRoute(requirementPath('122702', AWKWARD), '/firm/[frn]/requirements/[ref]', { frn: '122702', ref: AWKWARD });
  });

  it('individuals, funds and entities by kind', () => {
    expectRoute(individualPath(AWKWARD), '/individual/[irn]', { irn: AWKWARD });
    for (const section of ['controlled-functions', 'disciplinary-history', 'history'] as const) {
      expectRoute(individualPath('MXC29012', section, 2), `/individual/[irn]/${section}`, { irn: 'MXC29012' });
    }
    expectRoute(fundPath(AWKWARD), '/fund/[prn]', { prn: AWKWARD });
    for (const section of ['names', 'subfunds', 'history'] as const) {
      expectRoute(fundPath('185045', section, 2), `/fund/[prn]/${section}`, { prn: '185045' });
    }
    for (const kind of ['firm', 'individual', 'fund'] as const) {
      const key = { firm: 'frn', individual: 'irn', fund: 'prn' }[kind];
      expectRoute(entityPath(kind, AWKWARD), `/${kind}/[${key}]`, { [key]: AWKWARD });
      expectRoute(entityHistoryPath(kind, AWKWARD), `/${kind}/[${key}]/history`, { [key]: AWKWARD });
    }
  });

  it('search, markets, watch, bulk, reports and audit pages', () => {
    expectRoute(searchPath(AWKWARD, 'fund', 2), '/search');
    expect(new URL(searchPath(AWKWARD, 'fund', 2), 'http://x').searchParams.get('q')).toBe(AWKWARD);
    expectRoute(searchFormPath('individual'), '/search');
    expectRoute(marketsPath(2), '/markets');
    expectRoute(watchlistPath(AWKWARD), '/watchlists/[id]', { id: AWKWARD });
    expectRoute(changesPath({ state: 'new', q: AWKWARD, page: 2 }), '/changes');
    expectRoute(changePath(AWKWARD), '/changes/[id]', { id: AWKWARD });
    expectRoute(watchCheckPath(AWKWARD), '/checks/[id]', { id: AWKWARD });
    expectRoute(bulkPath(), '/bulk');
    expectRoute(bulkPath(AWKWARD), '/bulk/[id]', { id: AWKWARD });
    expectRoute(reportsPath({ firm: AWKWARD, user: 'all' }), '/reports');
    expect(reportsPath({ firm: '122702', user: 'all' })).toBe('/reports?firm=122702&user=all');
    expectRoute(reportPath(AWKWARD), '/reports/[id]', { id: AWKWARD });
    expectRoute(auditPath('?user=a%40b'), '/admin/audit');
  });

  it('the JSON and download addresses', () => {
    expectRoute(bulkApiPath(), '/api/bulk');
    expectRoute(bulkApiPath(AWKWARD), '/api/bulk/[id]', { id: AWKWARD });
    for (const action of ['cancel', 'retry', 'watchlist'] as const) expectRoute(bulkApiPath('j1', action), `/api/bulk/[id]/${action}`, { id: 'j1' });
    expectRoute(bulkApiPath('j1', 'rows/7'), '/api/bulk/[id]/rows/[row]', { id: 'j1', row: '7' });
    expectRoute(bulkApiPath('j1', 'download', 'xlsx'), '/api/bulk/[id]/download', { id: 'j1' });
    expectRoute(watchCycleProgressPath(AWKWARD), '/api/watch/cycles/[id]', { id: AWKWARD });
    expectRoute(typeaheadApiPath(AWKWARD), '/api/search/typeahead');
    for (const slug of FIRM_SECTION_SLUGS) {
      expectRoute(firmExportHref(AWKWARD, slug), '/api/export/firm/[frn]/[...section]', { frn: AWKWARD, section: [slug] });
    }
    expectRoute(firmExportHref('122702', 'passports', AWKWARD), '/api/export/firm/[frn]/[...section]', { frn: '122702', section: ['passports', AWKWARD] });
    expectRoute(individualExportHref(AWKWARD, 'disciplinary-history'), '/api/export/individual/[irn]/[section]', { irn: AWKWARD, section: 'disciplinary-history' });
    expectRoute(fundExportHref(AWKWARD, 'subfunds'), '/api/export/fund/[prn]/[section]', { prn: AWKWARD, section: 'subfunds' });
    expectRoute(searchExportHref(AWKWARD, 'firm'), '/api/export/search');
  });
});

describe('listHref', () => {
  it('gives the first page, page N and show all, keeping the list’s other parameters', () => {
    expect(listHref('/markets')).toBe('/markets');
    expect(listHref('/markets', {}, { page: 1 })).toBe('/markets');
    expect(listHref('/markets', {}, { page: 3 })).toBe('/markets?page=3');
    expect(listHref('/markets', {}, { all: true })).toBe('/markets?all=1');
    expect(listHref('/search', { q: 'a & b', type: 'fund' })).toBe('/search?q=a+%26+b&type=fund');
    expect(listHref('/search', { q: 'bank', type: 'firm' }, { page: 2 })).toBe('/search?q=bank&type=firm&page=2');
    expect(listHref('/search', { q: 'bank', type: 'firm' }, { all: true })).toBe('/search?q=bank&type=firm&all=1');
  });
});
