import type { SearchType } from './model';
import type { NormaliseContext } from './normalise-values';
import type { EndpointFn, EndpointName, RegisterEndpoints } from './register-client-types';
import { checkCountry, checkFrn, checkIrn, checkPrn, checkRequirementRef, checkSearchText, checkSearchType, type Checked } from './validate';

/**
 * How to call each upstream endpoint: argument checks (run before anything reaches a URL), path
 * segments and query, whether it takes `pgnp`, and its freshness class.
 */

export type ArgsOf<K extends EndpointName> = RegisterEndpoints[K] extends EndpointFn<infer A, infer _T> ? A : never;

export interface EndpointRequest {
  segments: string[];
  query?: Record<string, string>;
  ctx: Omit<NormaliseContext, 'path'>;
}

export type Built = { ok: true; request: EndpointRequest } | { ok: false; field: string; message: string };

/** entity: FSR_CACHE_FRESH_SECONDS; search: FSR_CACHE_SEARCH_FRESH_SECONDS; markets: FSR_CACHE_MARKETS_FRESH_SECONDS. */
export type Freshness = 'entity' | 'search' | 'markets';

export interface EndpointSpec<A extends unknown[]> {
  build(...args: A): Built;
  /** Whether the endpoint takes a page number. */
  paged: boolean;
  freshness: Freshness;
  /** What one record is called, for messages ("firm", "individual"). */
  subject: string;
}

function fail(c: Extract<Checked<unknown>, { ok: false }>): Built {
  return { ok: false, field: c.field, message: c.message };
}

/** An endpoint under /Firm/{FRN}. */
function firmResource(tail: string[], paged = true): EndpointSpec<[frn: string]> {
  return {
    build(frn) {
      const f = checkFrn(frn);
      if (!f.ok) return fail(f);
      return { ok: true, request: { segments: ['Firm', f.value, ...tail], ctx: { frn: f.value } } };
    },
    paged,
    freshness: 'entity',
    subject: 'firm',
  };
}

function individualResource(tail: string[], paged = true): EndpointSpec<[irn: string]> {
  return {
    build(irn) {
      const i = checkIrn(irn);
      if (!i.ok) return fail(i);
      return { ok: true, request: { segments: ['Individuals', i.value, ...tail], ctx: { irn: i.value } } };
    },
    paged,
    freshness: 'entity',
    subject: 'individual',
  };
}

function fundResource(tail: string[], paged = true): EndpointSpec<[prn: string]> {
  return {
    build(prn) {
      const p = checkPrn(prn);
      if (!p.ok) return fail(p);
      return { ok: true, request: { segments: ['CIS', p.value, ...tail], ctx: { prn: p.value } } };
    },
    paged,
    freshness: 'entity',
    subject: 'fund',
  };
}

export const ENDPOINTS: { [K in EndpointName]: EndpointSpec<ArgsOf<K>> } = {
  firm: firmResource([], false),
  firmAddresses: firmResource(['Address']),
  firmAppointedRepresentatives: firmResource(['AR']),
  firmControlledFunctions: firmResource(['CF']),
  firmDisciplinaryHistory: firmResource(['DisciplinaryHistory']),
  firmExclusions: firmResource(['Exclusions']),
  firmIndividuals: firmResource(['Individuals']),
  firmNames: firmResource(['Names']),
  firmPassports: firmResource(['Passports']),
  firmPassportPermissions: {
    build(frn, country) {
      const f = checkFrn(frn);
      if (!f.ok) return fail(f);
      const c = checkCountry(country);
      if (!c.ok) return fail(c);
      return { ok: true, request: { segments: ['Firm', f.value, 'Passports', c.value, 'Permission'], ctx: { frn: f.value } } };
    },
    paged: true,
    freshness: 'entity',
    subject: 'firm',
  },
  firmPermissions: firmResource(['Permissions']),
  firmRegulators: firmResource(['Regulators']),
  firmRequirements: firmResource(['Requirements']),
  firmRequirementInvestmentTypes: {
    build(frn, requirementRef) {
      const f = checkFrn(frn);
      if (!f.ok) return fail(f);
      const r = checkRequirementRef(requirementRef);
      if (!r.ok) return fail(r);
      return { ok: true, request: { segments: ['Firm', f.value, 'Requirements', r.value, 'InvestmentTypes'], ctx: { frn: f.value } } };
    },
    paged: true,
    freshness: 'entity',
    subject: 'firm',
  },
  firmWaivers: firmResource(['Waivers']),
  individual: individualResource([], false),
  individualControlledFunctions: individualResource(['CF'], false),
  individualDisciplinaryHistory: individualResource(['DisciplinaryHistory']),
  fund: fundResource([], false),
  fundNames: fundResource(['Names']),
  fundSubfunds: fundResource(['Subfund']),
  search: {
    build(q: string, type: SearchType) {
      const text = checkSearchText(q);
      if (!text.ok) return fail(text);
      const t = checkSearchType(type);
      if (!t.ok) return fail(t);
      return { ok: true, request: { segments: ['Search'], query: { q: text.value, type: t.value }, ctx: { searchType: t.value } } };
    },
    paged: true,
    freshness: 'search',
    subject: 'search',
  },
  regulatedMarkets: {
    build() {
      return { ok: true, request: { segments: ['CommonSearch'], query: { q: 'RM' }, ctx: {} } };
    },
    paged: true,
    freshness: 'markets',
    subject: 'regulated markets',
  },
};
