import type * as M from './model';
import type { AllPagesOptions, AllPagesResult, CallOptions, Priority, RegisterResult } from './result';
import type { RegisterHealth } from './metrics';
import type { Freshness } from './endpoints';
import type { RawBody } from './transport';
import type { BadInput, NotFound, Provenance, RegisterFailure } from './result';

/**
 * The register client's public surface: one function per upstream endpoint, plus `allPages`.
 * Pages get the process-wide instance from `getRegisterClient()` (client.ts); tests build their
 * own with `createRegisterClient()` (register-client.ts).
 */

/** An endpoint function: its identifying arguments, then CallOptions. */
export interface EndpointFn<A extends unknown[], T> {
  (...args: [...A, CallOptions?]): Promise<RegisterResult<T>>;
  /** The endpoint's name, for allPages and metrics. */
  readonly endpoint: EndpointName;
}

export type EndpointName =
  | 'firm'
  | 'firmAddresses'
  | 'firmAppointedRepresentatives'
  | 'firmControlledFunctions'
  | 'firmDisciplinaryHistory'
  | 'firmExclusions'
  | 'firmIndividuals'
  | 'firmNames'
  | 'firmPassports'
  | 'firmPassportPermissions'
  | 'firmPermissions'
  | 'firmRegulators'
  | 'firmRequirements'
  | 'firmRequirementInvestmentTypes'
  | 'firmWaivers'
  | 'individual'
  | 'individualControlledFunctions'
  | 'individualDisciplinaryHistory'
  | 'fund'
  | 'fundNames'
  | 'fundSubfunds'
  | 'search'
  | 'regulatedMarkets';

export interface RegisterEndpoints {
  /** GET /Firm/{FRN} */
  firm: EndpointFn<[frn: string], M.Firm>;
  /** GET /Firm/{FRN}/Address */
  firmAddresses: EndpointFn<[frn: string], M.FirmAddress[]>;
  /** GET /Firm/{FRN}/AR: both buckets, paged together (10 each per page). A firm with none is ok with both empty. */
  firmAppointedRepresentatives: EndpointFn<[frn: string], M.AppointedRepresentatives>;
  /** GET /Firm/{FRN}/CF */
  firmControlledFunctions: EndpointFn<[frn: string], M.FirmControlledFunctions>;
  /** GET /Firm/{FRN}/DisciplinaryHistory (not-found also means "none") */
  firmDisciplinaryHistory: EndpointFn<[frn: string], M.DisciplinaryAction[]>;
  /** GET /Firm/{FRN}/Exclusions */
  firmExclusions: EndpointFn<[frn: string], M.Exclusion[]>;
  /** GET /Firm/{FRN}/Individuals */
  firmIndividuals: EndpointFn<[frn: string], M.FirmIndividual[]>;
  /** GET /Firm/{FRN}/Names */
  firmNames: EndpointFn<[frn: string], M.FirmNames>;
  /** GET /Firm/{FRN}/Passports */
  firmPassports: EndpointFn<[frn: string], M.FirmPassports>;
  /** GET /Firm/{FRN}/Passports/{Country}/Permission */
  firmPassportPermissions: EndpointFn<[frn: string, country: string], M.PassportPermission[]>;
  /** GET /Firm/{FRN}/Permissions (paged by permission) */
  firmPermissions: EndpointFn<[frn: string], M.Permission[]>;
  /** GET /Firm/{FRN}/Regulators */
  firmRegulators: EndpointFn<[frn: string], M.Regulator[]>;
  /** GET /Firm/{FRN}/Requirements */
  firmRequirements: EndpointFn<[frn: string], M.Requirement[]>;
  /** GET /Firm/{FRN}/Requirements/{Ref}/InvestmentTypes */
  firmRequirementInvestmentTypes: EndpointFn<[frn: string, requirementRef: string], M.RequirementInvestmentType[]>;
  /** GET /Firm/{FRN}/Waivers */
  firmWaivers: EndpointFn<[frn: string], M.Waiver[]>;
  /** GET /Individuals/{IRN} */
  individual: EndpointFn<[irn: string], M.Individual>;
  /** GET /Individuals/{IRN}/CF (not paged) */
  individualControlledFunctions: EndpointFn<[irn: string], M.IndividualControlledFunctions>;
  /** GET /Individuals/{IRN}/DisciplinaryHistory */
  individualDisciplinaryHistory: EndpointFn<[irn: string], M.DisciplinaryAction[]>;
  /** GET /CIS/{PRN} */
  fund: EndpointFn<[prn: string], M.Fund>;
  /** GET /CIS/{PRN}/Names */
  fundNames: EndpointFn<[prn: string], M.FundName[]>;
  /** GET /CIS/{PRN}/Subfund (the all-null miss is not-found) */
  fundSubfunds: EndpointFn<[prn: string], M.SubFund[]>;
  /** GET /Search?q=&type= (no hits is not-found) */
  search: EndpointFn<[q: string, type: M.SearchType], M.SearchResult[]>;
  /** GET /CommonSearch?q=RM */
  regulatedMarkets: EndpointFn<[], M.RegulatedMarket[]>;
}

export interface PassThroughOptions {
  /** Never 'interactive': programs come after people's pages. */
  priority: Priority;
  freshness: Freshness;
  /** Give up with rate-limited rather than wait longer than this for a pacer slot. */
  maxWaitMs?: number;
  /** 'programs' for an API token's request: it also takes a slot of the programs' share (result.ts). */
  lane?: 'programs';
}

/** The register's own answer (found, not found or bad input, as it came), or why there is none. */
export type PassThroughResult = { kind: 'answer'; body: RawBody; provenance: Provenance } | Exclude<RegisterFailure, NotFound | BadInput>;

export interface RegisterClient extends RegisterEndpoints {
  /** GET `path` (below the base URL, canonical: see pass-through.ts) and return the body as it came; for the register API gateway. */
  passThrough(path: string, options: PassThroughOptions): Promise<PassThroughResult>;
  /** Walks every page of `fn` for `args`, with the endpoint's paging quirks handled and duplicates removed. */
  allPages<A extends unknown[], T>(fn: EndpointFn<A, T>, args: A, options?: AllPagesOptions): Promise<AllPagesResult<T>>;
  /**
   * Seconds since the portal's cached answer to an endpoint call was retrieved, fresh or stale;
   * null when nothing is cached (or the arguments are impossible). Never asks the register.
   */
  cachedAge(name: EndpointName, args: readonly string[], options?: { page?: number }): Promise<number | null>;
  /** Milliseconds a new request of this priority would wait for a pacer slot now (0 = immediately). */
  expectedWait(priority?: Priority): Promise<number>;
  /** Counters and gauges for the health route. */
  health(): Promise<RegisterHealth>;
  /**
   * Refuses queued calls, waits for requests already sent (their answers are cached and their
   * locks released), then closes shared stores; for tests and graceful shutdown.
   */
  close(): Promise<void>;
}
