import type * as M from './model';
import {
  normaliseAddresses,
  normaliseExclusions,
  normaliseFirm,
  normaliseFirmNames,
  normaliseInvestmentTypes,
  normalisePassports,
  normaliseRegulators,
  normaliseRequirements,
  normaliseWaivers,
} from './normalise-firm';
import { normaliseFund, normaliseFundNames, normaliseSubFunds } from './normalise-fund';
import { normaliseIndividual } from './normalise-individual';
import { normalisePassportPermissions, normalisePermissions } from './normalise-permissions';
import {
  normaliseAppointedRepresentatives,
  normaliseDisciplinaryHistory,
  normaliseFirmControlledFunctions,
  normaliseFirmIndividuals,
  normaliseIndividualControlledFunctions,
} from './normalise-roles';
import { normaliseRegulatedMarkets, normaliseSearch } from './normalise-search';
import { MalformedBody, isRecord, type NormaliseContext } from './normalise-values';
import { pageInfo, type PagingRule } from './paging';
import type { EndpointFn, EndpointName, RegisterEndpoints } from './register-client-types';
import type { PageInfo } from './result';
import type { WireEnvelope } from './wire-types';

/**
 * Wire envelope → portal model, per endpoint: which normaliser reads Data, how the endpoint pages,
 * and how pages of it merge in `allPages` (duplicates across pages removed by identity).
 */

export type DataOf<K extends EndpointName> = RegisterEndpoints[K] extends EndpointFn<infer _A, infer T> ? T : never;

export interface EndpointModel<T> {
  normalise(data: unknown, ctx: NormaliseContext): T;
  paging: PagingRule<T>;
  /** An empty value, for a walk's accumulator. */
  empty(): T;
  /** Adds `next` into `acc`, skipping rows already seen (by identity). */
  merge(acc: T, next: T, seen: Set<string>): T;
  /** Distinct rows held, to compare with total_count. */
  size(data: T): number;
}

/** Row identity: the whole normalised row. Rows repeated by the register's unstable paging are identical; distinct rows with the same name are kept. */
function identity(row: unknown): string {
  return JSON.stringify(row);
}

function mergeRows<R>(acc: R[], next: R[], seen: Set<string>, prefix = '', id: (r: R) => string = identity): R[] {
  for (const row of next) {
    const key = prefix + id(row);
    if (seen.has(key)) continue;
    seen.add(key);
    acc.push(row);
  }
  return acc;
}

function list<R>(normalise: (data: unknown, ctx: NormaliseContext) => R[], trustLinks = true): EndpointModel<R[]> {
  return {
    normalise,
    paging: { kind: 'list', items: (d) => d.length, trustLinks },
    empty: () => [],
    merge: (acc, next, seen) => mergeRows(acc, next, seen),
    size: (d) => d.length,
  };
}

function single<T>(normalise: (data: unknown, ctx: NormaliseContext) => T): EndpointModel<T> {
  return {
    normalise,
    paging: { kind: 'single' },
    empty: () => undefined as T,
    merge: (acc, next) => acc ?? next,
    size: () => 1,
  };
}

type Buckets<R> = { current: R[]; previous: R[]; extra: M.Extra };

function buckets<R, T extends Buckets<R>>(normalise: (data: unknown) => T): EndpointModel<T> {
  return {
    normalise,
    paging: { kind: 'buckets', rows: (d) => [d.current.length, d.previous.length] },
    empty: () => ({ current: [], previous: [], extra: {} }) as unknown as T,
    merge: (acc, next, seen) => {
      mergeRows(acc.current, next.current, seen, 'current:');
      mergeRows(acc.previous, next.previous, seen, 'previous:');
      Object.assign(acc.extra, next.extra);
      return acc;
    },
    size: (d) => d.current.length + d.previous.length,
  };
}

export const MODELS: { [K in EndpointName]: EndpointModel<DataOf<K>> } = {
  firm: single(normaliseFirm),
  firmAddresses: list(normaliseAddresses),
  firmAppointedRepresentatives: buckets(normaliseAppointedRepresentatives),
  firmControlledFunctions: buckets(normaliseFirmControlledFunctions),
  firmDisciplinaryHistory: list(normaliseDisciplinaryHistory),
  firmExclusions: list(normaliseExclusions),
  firmIndividuals: list(normaliseFirmIndividuals),
  firmNames: {
    normalise: normaliseFirmNames,
    paging: { kind: 'list', items: (d) => d.current.length + d.previous.length, trustLinks: true },
    empty: () => ({ current: [], previous: [], extra: {} }),
    merge: (acc, next, seen) => {
      mergeRows(acc.current, next.current, seen, 'current:');
      mergeRows(acc.previous, next.previous, seen, 'previous:');
      Object.assign(acc.extra, next.extra);
      return acc;
    },
    size: (d) => d.current.length + d.previous.length,
  },
  firmPassports: {
    normalise: normalisePassports,
    paging: { kind: 'list', items: (d) => d.passports.length, trustLinks: true },
    empty: () => ({ passports: [], extra: {} }),
    merge: (acc, next, seen) => {
      mergeRows(acc.passports, next.passports, seen);
      Object.assign(acc.extra, next.extra);
      return acc;
    },
    size: (d) => d.passports.length,
  },
  firmPassportPermissions: list(normalisePassportPermissions),
  firmPermissions: {
    normalise: normalisePermissions,
    paging: { kind: 'list', items: (d) => d.length, trustLinks: true },
    empty: () => [],
    // Paged by key: a permission seen on an earlier page is the same permission.
    merge: (acc, next, seen) => mergeRows(acc, next, seen, 'permission:', (p) => p.name),
    size: (d) => d.length,
  },
  firmRegulators: list(normaliseRegulators),
  firmRequirements: list(normaliseRequirements),
  firmRequirementInvestmentTypes: list(normaliseInvestmentTypes),
  firmWaivers: list(normaliseWaivers),
  individual: single(normaliseIndividual),
  individualControlledFunctions: {
    ...buckets(normaliseIndividualControlledFunctions),
    // Not paged: ResultInfo page and per_page are "".
    paging: { kind: 'single' },
  },
  individualDisciplinaryHistory: list(normaliseDisciplinaryHistory),
  fund: single(normaliseFund),
  fundNames: list(normaliseFundNames),
  // Subfund's Next link points past the last page: count pages, never follow links.
  fundSubfunds: list(normaliseSubFunds, false),
  search: list(normaliseSearch),
  regulatedMarkets: list(normaliseRegulatedMarkets),
};

export interface NormalisedPage<T> {
  data: T;
  page: PageInfo;
}

/**
 * Normalises an ok envelope for `endpoint`. Throws MalformedBody (with the path) when the body's
 * structure cannot be read; field-level oddities never throw, they end up in `extra`.
 */
export function normaliseEnvelope<K extends EndpointName>(endpoint: K, envelope: WireEnvelope, ctx: NormaliseContext, requestedPage: number): NormalisedPage<DataOf<K>> {
  const model = MODELS[endpoint] as EndpointModel<DataOf<K>>;
  try {
    const data = model.normalise(envelope.Data, ctx);
    const ri = isRecord(envelope.ResultInfo) ? envelope.ResultInfo : null;
    return { data, page: pageInfo(ri, requestedPage, model.paging, data) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MalformedBody(`The register's answer for GET ${ctx.path} could not be read: ${reason}.`);
  }
}
