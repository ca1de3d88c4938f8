import { findMatch, firmOtherNames, fundOtherNames, REVIEW_FLOOR, type Candidate as MatchCandidate, type ListingCandidate, type RegisterPort } from '@/lib/matching/find-match';
import type { Firm, FirmAddress, Individual, Fund, SearchResult, SearchType } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesResult, CallOptions, Priority, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { readPostcode } from '@/lib/matching/postcode';
import { firmStanding } from '@/lib/standing/firm-standing';
import { fundStanding } from '@/lib/standing/fund-standing';
import { individualStanding } from '@/lib/standing/individual-standing';
import { listingStanding, unauthorisedRule } from '@/lib/standing/listing-standing';
import { readFirmFacts, readIndividualFacts } from '@/lib/standing/read-standing';
import { combine, reasonsText, standingText, type Standing } from '@/lib/standing/standing';

/**
 * The W3C Reconciliation Service API 0.2 (the version OpenRefine speaks) over the register:
 * queries, suggest, preview and data extension, each answered through lib/register at the
 * token's priority. Entity ids are the register's own numbers: a firm's FRN ("200200"), an
 * individual's IRN ("BKS00001"), and a fund's PRN with a prefix ("PRN:800800"), because FRNs and
 * PRNs share one number space. An unauthorised or clone entry, which the register lists without a
 * number, is a candidate too ("UNAUTH:" and its listing, base64url), never left out: a clone is
 * exactly what a reconciliation must show.
 *
 * Names are matched by the portal's one matcher (lib/matching/find-match.ts: legal forms, accents
 * and punctuation folded, slips and partial names scored, trading and previous names read); the
 * best candidate's description says how the query was read when folding changed it. A query may
 * carry a `postcode` property (whole or partial), which counts as the bulk check's postcode does. Each
 * candidate's description starts with its standing as its search listing gives it; the `standing`
 * and `standing_reasons` properties of data extension read the whole standing (lib/standing).
 */

export const TYPES: Record<SearchType, { id: SearchType; name: string }> = {
  firm: { id: 'firm', name: 'Firm' },
  individual: { id: 'individual', name: 'Individual' },
  fund: { id: 'fund', name: 'Fund (collective investment scheme)' },
};

/** A query as the protocol sends it (validated by parseQueryBatch). */
export interface ReconQuery {
  query: string;
  type: SearchType;
  limit: number;
  /** A `postcode` property sent with the query (whole or partial: "S1 2AB", "S1"): agreement counts for a firm. */
  postcode?: string;
}

export interface Candidate {
  id: string;
  name: string;
  description?: string;
  score: number;
  match: boolean;
  type: Array<{ id: string; name: string }>;
  features: Array<{ id: string; value: number | boolean }>;
}

export class ReconcileInputError extends Error {
  override name = 'ReconcileInputError';
}

/** A register failure that stops the whole answer (rate limited, register down, key refused). */
export class ReconcileUpstreamError extends Error {
  override name = 'ReconcileUpstreamError';
  constructor(readonly failure: RegisterFailure) {
    super(failure.message);
  }
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 25;

export function entityId(type: SearchType, reference: string): string {
  return type === 'fund' ? `PRN:${reference}` : reference;
}

/** An unauthorised or clone entry as the register lists it: its id carries the listing (it has no number). */
export interface ListingId {
  listedName: string;
  status?: string;
  type?: string;
}

export function listingId(l: ListingId): string {
  return `UNAUTH:${Buffer.from(JSON.stringify([l.listedName, l.status ?? '', l.type ?? '']), 'utf8').toString('base64url')}`;
}

export function parseListingId(id: string): ListingId | undefined {
  const m = /^UNAUTH:([A-Za-z0-9_-]{4,2000})$/.exec(id.trim());
  if (!m) return undefined;
  try {
    const value = JSON.parse(Buffer.from(m[1], 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(value) || typeof value[0] !== 'string' || value[0] === '' || value[0].length > 300) return undefined;
    return { listedName: value[0], ...(value[1] ? { status: String(value[1]) } : {}), ...(value[2] ? { type: String(value[2]) } : {}) };
  } catch {
    return undefined;
  }
}

/** The standing of an unauthorised or clone entry from its id. */
export function listingIdStanding(l: ListingId): Standing {
  return combine(
    [unauthorisedRule({ listedName: l.listedName, name: l.listedName.replace(/\s*\((Postcode|Region)\s*:[^)]*\)\s*$/i, ''), status: l.status, type: l.type })],
    'Unauthorised',
    ["the register's search listing"],
  );
}

export function parseEntityId(id: string): { type: SearchType; reference: string } | undefined {
  const t = id.trim();
  const fund = /^PRN:(\d{1,7})$/i.exec(t);
  if (fund) return { type: 'fund', reference: fund[1] };
  if (checkFrn(t).ok) return { type: 'firm', reference: t };
  const irn = checkIrn(t);
  if (irn.ok) return { type: 'individual', reference: irn.value };
  return undefined;
}

function parseType(value: unknown, where: string): SearchType {
  if (value === undefined) return 'firm';
  const id = Array.isArray(value) ? value[0] : value;
  if (typeof id === 'string' && id.trim().toLowerCase() in TYPES) return id.trim().toLowerCase() as SearchType;
  throw new ReconcileInputError(`${where}: type must be firm, individual or fund.`);
}

/** A batch `{"q0": {"query": "…", "type": "firm", "limit": 5}, …}`, at most `maxBatch` queries. */
export function parseQueryBatch(raw: string, maxBatch: number): Map<string, ReconQuery> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ReconcileInputError('queries is not JSON: send {"q0": {"query": "Firm name", "type": "firm"}, …}.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ReconcileInputError('queries must be a JSON object of named queries: {"q0": {"query": "Firm name"}, …}.');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) throw new ReconcileInputError('queries is empty: send at least one query.');
  if (entries.length > maxBatch)
    throw new ReconcileInputError(`A batch may hold at most ${maxBatch} queries (the manifest's batchSize, set by the register's budget); this one has ${entries.length}.`);
  const out = new Map<string, ReconQuery>();
  for (const [key, value] of entries) {
    if (typeof value !== 'object' || value === null) throw new ReconcileInputError(`Query ${key} must be an object with a "query" string.`);
    const q = value as Record<string, unknown>;
    if (typeof q.query !== 'string' || q.query.trim() === '') {
      throw new ReconcileInputError(`Query ${key} needs a non-empty "query" string (matching on properties alone is not supported).`);
    }
    if (q.query.length > 200) throw new ReconcileInputError(`Query ${key} is too long (200 characters at most).`);
    let limit = DEFAULT_LIMIT;
    if (q.limit !== undefined) {
      if (typeof q.limit !== 'number' || !Number.isInteger(q.limit) || q.limit < 1) throw new ReconcileInputError(`Query ${key}: limit must be a whole number of at least 1.`);
      limit = Math.min(q.limit, MAX_LIMIT);
    }
    let postcode: string | undefined;
    if (q.properties !== undefined) {
      if (!Array.isArray(q.properties)) throw new ReconcileInputError(`Query ${key}: properties must be a list like [{"pid": "postcode", "v": "S1 2AB"}].`);
      for (const p of q.properties as Array<{ pid?: unknown; v?: unknown }>) {
        if (p?.pid !== 'postcode') continue;
        const v = Array.isArray(p.v) ? p.v[0] : p.v;
        if (typeof v === 'string' && v.trim() !== '') {
          if (!readPostcode(v)) throw new ReconcileInputError(`Query ${key}: "${v.slice(0, 20)}" is not a UK postcode or part of one (e.g. "S1 2AB", "S1").`);
          postcode = v.trim();
        }
      }
    }
    out.set(key, { query: q.query.trim(), type: parseType(q.type, `Query ${key}`), limit, ...(postcode ? { postcode } : {}) });
  }
  return out;
}

function unwrap<T>(result: RegisterResult<T>): T | undefined {
  if (result.kind === 'ok') return result.data;
  if (result.kind === 'not-found' || result.kind === 'bad-input') return undefined;
  throw new ReconcileUpstreamError(result);
}

function describe(r: SearchResult): string | undefined {
  const parts = [r.status, r.type, r.postcode ? `postcode ${r.postcode}` : r.region ? `region ${r.region}` : undefined].filter(Boolean);
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** A candidate's description: its standing from the listing, then its status, type and postcode. */
function describeCandidate(c: MatchCandidate): string {
  const standing = listingStanding({ entity: c.kind, status: c.status, referenceNumber: c.ref, linkable: true, unauthorised: false, extra: {} });
  return [standingText(standing), c.status, c.type, c.postcode ? `postcode ${c.postcode}` : undefined].filter(Boolean).join('; ');
}

/** A reference number given as the query ("200200", "FRN 200200", "BKS00001", "PRN:800800") for the query's type. */
function referenceQuery(q: ReconQuery): string | undefined {
  const t = q.query.replace(/^(frn|irn|prn)\s*[:#]?\s*/i, '');
  const check = q.type === 'firm' ? checkFrn(t) : q.type === 'individual' ? checkIrn(t) : checkPrn(t);
  return check.ok ? check.value : undefined;
}

export class ReconcileService {
  constructor(
    private readonly register: RegisterClient,
    private readonly priority: Priority,
    /** How long one register call may wait for the pacer before the answer is 429. */
    private readonly maxWaitMs = 20_000,
  ) {}

  private get opts(): CallOptions {
    return { priority: this.priority, maxWaitMs: this.maxWaitMs, onBlock: 'fail', lane: 'programs' };
  }

  /** The matcher's way to the register, through this service's priority and failures. */
  private port(type: SearchType): RegisterPort {
    return {
      search: async (query) => unwrap(await this.register.search(query, type, this.opts)) ?? [],
      firmNames: async (frn) => {
        const names = unwrap(await this.register.allPages(this.register.firmNames, [frn], { priority: this.priority, maxPages: 3 }));
        return names ? firmOtherNames(names) : undefined;
      },
      fundNames: async (prn) => {
        const names = unwrap(await this.register.fundNames(prn, this.opts));
        return names ? fundOtherNames(names) : undefined;
      },
    };
  }

  /** One query: a reference number is looked up and is an exact match; a name goes through the matcher. */
  async reconcile(q: ReconQuery): Promise<Candidate[]> {
    const type = [TYPES[q.type]];
    const reference = referenceQuery(q);
    if (reference) {
      const found = await this.recordOf(q.type, reference);
      if (found === undefined) return [];
      const standing = listingStanding({ entity: q.type, status: found.status, referenceNumber: reference, linkable: true, unauthorised: false, extra: {} });
      return [
        {
          id: entityId(q.type, reference),
          name: found.name,
          description: [standingText(standing), found.status].filter(Boolean).join('; '),
          score: 100,
          match: true,
          type,
          features: [{ id: 'reference_number', value: true }],
        },
      ];
    }
    const report = await findMatch({ name: q.query, entity: q.type, postcode: readPostcode(q.postcode) }, this.port(q.type));
    const d = report.decision;
    const folded = report.folded.notes.length > 0 && report.queries.length > 0 ? ` · query read as "${report.queries[0]}" (${report.folded.notes.join(', ')})` : '';
    const candidates: Candidate[] = report.candidates
      .filter((c) => c.score >= REVIEW_FLOOR || (d.outcome === 'matched' && d.best === c))
      .map((c) => ({
        id: entityId(c.kind, c.ref),
        name: c.name,
        description: `${describeCandidate(c)}${c.reasons.length > 0 ? ` · ${c.reasons.join(', ')}` : ''}`,
        score: c.score,
        match: d.outcome === 'matched' && d.best === c,
        type: [TYPES[c.kind]],
        features: [
          { id: 'name_words', value: c.score },
          { id: 'name_exact', value: c.exact },
        ],
      }));
    const listings: Candidate[] = report.listings
      .filter((l) => l.score >= REVIEW_FLOOR)
      .map((l: ListingCandidate) => {
        const standing = listingIdStanding({ listedName: l.listedName, status: l.status, type: l.type });
        return {
          id: listingId({ listedName: l.listedName, status: l.status, type: l.type }),
          name: l.listedName,
          description: `${standingText(standing)}: ${standing.reasons[0].text}`,
          score: l.score,
          match: d.outcome === 'unauthorised' && d.best === l,
          type: [TYPES.firm],
          features: [
            { id: 'name_words', value: l.score },
            { id: 'name_exact', value: l.exact },
          ],
        };
      });
    const all = [...candidates, ...listings].sort((a, b) => Number(b.match) - Number(a.match) || b.score - a.score || a.name.localeCompare(b.name)).slice(0, q.limit);
    if (all[0] && folded) all[0].description = `${all[0].description ?? ''}${folded}`;
    return all;
  }

  /** A record's name and status, or undefined when the register has none. */
  private async recordOf(type: SearchType, reference: string): Promise<{ name: string; status?: string } | undefined> {
    if (type === 'firm') {
      const firm = unwrap(await this.register.firm(reference, this.opts));
      return firm ? { name: firm.name ?? `Firm ${reference}`, status: firm.status } : undefined;
    }
    if (type === 'individual') {
      const person = unwrap(await this.register.individual(reference, this.opts));
      return person ? { name: person.fullName ?? person.commonlyUsedName ?? reference, status: person.status } : undefined;
    }
    const fund = unwrap(await this.register.fund(reference, this.opts));
    if (!fund) return undefined;
    return { name: (await this.fundName(reference)) ?? `Fund ${reference}`, status: fund.status };
  }

  private async nameOf(type: SearchType, reference: string): Promise<string | undefined> {
    return (await this.recordOf(type, reference))?.name;
  }

  private async fundName(prn: string): Promise<string | undefined> {
    const names = unwrap(await this.register.fundNames(prn, this.opts)) ?? [];
    return names.find((n) => !n.effectiveTo)?.name ?? names[0]?.name;
  }

  /** The whole standing of a record (lib/standing), reading its sources at this service's priority. */
  async standingOf(type: SearchType, reference: string, record?: Firm | Individual | Fund): Promise<Standing | undefined> {
    const options = { priority: this.priority, maxWaitMs: this.maxWaitMs, note: (r: RegisterResult<unknown> | AllPagesResult<unknown>) => failIfBlocked(r) };
    if (type === 'firm') {
      const firm = (record as Firm | undefined) ?? unwrap(await this.register.firm(reference, this.opts));
      return firm ? firmStanding(await readFirmFacts(this.register, firm, options)) : undefined;
    }
    if (type === 'individual') {
      const person = (record as Individual | undefined) ?? unwrap(await this.register.individual(reference, this.opts));
      return person ? individualStanding(await readIndividualFacts(this.register, person, options)) : undefined;
    }
    const fund = (record as Fund | undefined) ?? unwrap(await this.register.fund(reference, this.opts));
    return fund ? fundStanding(fund) : undefined;
  }

  async suggest(prefix: string, type: SearchType): Promise<Array<{ id: string; name: string; description?: string; notable: Array<{ id: string; name: string }> }>> {
    const results = unwrap(await this.register.search(prefix, type, this.opts)) ?? [];
    return results
      .filter((r) => r.linkable && r.referenceNumber && r.name)
      .slice(0, 10)
      .map((r) => ({ id: entityId(r.entity, r.referenceNumber!), name: r.name!, ...(describe(r) ? { description: describe(r) } : {}), notable: [TYPES[r.entity]] }));
  }

  /** The facts a preview card shows, or undefined when the register has no such record. */
  async previewFacts(id: string): Promise<{ title: string; rows: Array<[string, string]> } | undefined> {
    const listing = parseListingId(id);
    if (listing) {
      const standing = listingIdStanding(listing);
      return {
        title: listing.listedName,
        rows: [
          ['Standing', standingText(standing)],
          ['Why', reasonsText(standing)],
          ['Status', listing.status ?? 'not given'],
        ],
      };
    }
    const entity = parseEntityId(id);
    if (!entity) throw new ReconcileInputError(`"${id.slice(0, 40)}" is not an id of this service: an FRN (e.g. 200200), an IRN (e.g. BKS00001) or PRN:<number>.`);
    const standingRows = (s: Standing | undefined): Array<[string, string]> =>
      s ? [['Standing', standingText(s)], ...(s.reasons.length > 0 ? ([['Why', reasonsText(s)]] as Array<[string, string]>) : [])] : [];
    if (entity.type === 'firm') {
      const firm = unwrap(await this.register.firm(entity.reference, this.opts));
      if (!firm) return undefined;
      const [addresses, standing] = await Promise.all([this.register.firmAddresses(entity.reference, this.opts), this.standingOf('firm', entity.reference, firm)]);
      const address = principalAddress(unwrap(addresses) ?? []);
      return {
        title: firm.name ?? `Firm ${entity.reference}`,
        rows: [
          ['FRN', entity.reference],
          ...standingRows(standing),
          ['Status', [firm.status, firm.statusEffectiveDate ? `since ${firm.statusEffectiveDate}` : undefined].filter(Boolean).join(' ') || 'not given'],
          ['Address', address ?? 'not given'],
          ...(firm.companiesHouseNumber ? ([['Companies House', firm.companiesHouseNumber]] as Array<[string, string]>) : []),
        ],
      };
    }
    if (entity.type === 'individual') {
      const person = unwrap(await this.register.individual(entity.reference, this.opts));
      if (!person) return undefined;
      return {
        title: person.fullName ?? entity.reference,
        rows: [['IRN', entity.reference], ...standingRows(await this.standingOf('individual', entity.reference, person)), ['Status', person.status ?? 'not given']],
      };
    }
    const fund = unwrap(await this.register.fund(entity.reference, this.opts));
    if (!fund) return undefined;
    const name = await this.nameOf('fund', entity.reference);
    return {
      title: name ?? `Fund ${entity.reference}`,
      rows: [['PRN', entity.reference], ...standingRows(fundStanding(fund)), ['Status', fund.status ?? 'not given'], ['Operator', fund.operatorName ?? 'not given']],
    };
  }

  /**
   * Data extension: the values of `properties` for each id (unknown ids get empty values). Every
   * kind has a name, a status and a standing; firms have the rest of FIRM_PROPERTIES.
   */
  async extend(ids: string[], properties: string[]): Promise<Record<string, Record<string, ExtensionValue[]>>> {
    const rows: Record<string, Record<string, ExtensionValue[]>> = {};
    const wants = new Set(properties);
    const wantsStanding = wants.has('standing') || wants.has('standing_reasons');
    await Promise.all(
      ids.map(async (id) => {
        const row: Record<string, ExtensionValue[]> = Object.fromEntries(properties.map((p) => [p, []]));
        rows[id] = row;
        const setStanding = (standing: Standing | undefined) => {
          if (!standing) return;
          if (wants.has('standing')) row.standing = [{ str: standingText(standing) }];
          if (wants.has('standing_reasons')) row.standing_reasons = standing.reasons.length > 0 ? [{ str: reasonsText(standing) }] : [];
        };
        const listing = parseListingId(id);
        if (listing) {
          if (wants.has('name')) row.name = [{ str: listing.listedName }];
          if (wants.has('status') && listing.status) row.status = [{ str: listing.status }];
          setStanding(listingIdStanding(listing));
          return;
        }
        const entity = parseEntityId(id);
        if (!entity) return;
        if (entity.type !== 'firm') {
          const record =
            entity.type === 'individual' ? unwrap(await this.register.individual(entity.reference, this.opts)) : unwrap(await this.register.fund(entity.reference, this.opts));
          if (!record) return;
          if (wants.has('name')) {
            const name = entity.type === 'individual' ? (record as Individual).fullName : await this.fundName(entity.reference);
            row.name = name ? [{ str: name }] : [];
          }
          if (wants.has('status') && record.status) row.status = [{ str: record.status }];
          if (wantsStanding) setStanding(await this.standingOf(entity.type, entity.reference, record));
          return;
        }
        const firm = unwrap(await this.register.firm(entity.reference, this.opts));
        if (!firm) return;
        const [addresses, permissions, standing] = await Promise.all([
          wants.has('address') || wants.has('postcode') ? this.register.firmAddresses(entity.reference, this.opts).then(unwrap) : Promise.resolve(undefined),
          wants.has('permission_count') ? this.register.firmPermissions(entity.reference, this.opts) : Promise.resolve(undefined),
          wantsStanding ? this.standingOf('firm', entity.reference, firm) : Promise.resolve(undefined),
        ]);
        for (const p of properties) if (p !== 'standing' && p !== 'standing_reasons') row[p] = firmValue(p, firm, addresses ?? [], permissions);
        setStanding(standing);
      }),
    );
    return rows;
  }
}

/** A standing source that failed for a reason the whole answer shares (a blocked key, a busy register) stops it. */
function failIfBlocked(result: RegisterResult<unknown> | AllPagesResult<unknown>): void {
  if (result.kind === 'unauthorised' || result.kind === 'rate-limited' || result.kind === 'upstream-error') throw new ReconcileUpstreamError(result);
}

export type ExtensionValue = { str: string } | { int: number } | { date: string };

/** Properties a firm can be extended with (the propose-properties answer and the manifest's). */
export const FIRM_PROPERTIES: Array<{ id: string; name: string; description: string }> = [
  { id: 'name', name: 'Name', description: 'The firm’s registered name' },
  { id: 'status', name: 'Status', description: 'e.g. Authorised, No longer authorised' },
  { id: 'status_effective_date', name: 'Status effective date', description: 'When the status took effect' },
  { id: 'business_type', name: 'Business type', description: 'e.g. Regulated, Appointed Representative' },
  { id: 'companies_house_number', name: 'Companies House number', description: 'As the register gives it' },
  { id: 'address', name: 'Address', description: 'Principal place of business' },
  { id: 'postcode', name: 'Postcode', description: 'Of the principal place of business' },
  { id: 'permission_count', name: 'Permission count', description: 'Number of regulated activities permitted' },
  ...standingProperties('firm'),
];

function standingProperties(what: string): Array<{ id: string; name: string; description: string }> {
  return [
    { id: 'standing', name: 'Standing', description: `Whether the ${what} can be relied on: Clear, Caution or Stop, with the main reason (e.g. "Stop · Prohibited")` },
    { id: 'standing_reasons', name: 'Standing reasons', description: `Every reason for the ${what}'s standing, in the register's words` },
  ];
}

/** Properties of individuals and funds (and of unauthorised entries, which are firms): name, status, standing. */
export const PERSON_FUND_PROPERTIES: Record<'individual' | 'fund', Array<{ id: string; name: string; description: string }>> = {
  individual: [
    { id: 'name', name: 'Name', description: 'The individual’s full name' },
    { id: 'status', name: 'Status', description: 'e.g. Approved by regulator' },
    ...standingProperties('individual'),
  ],
  fund: [
    { id: 'name', name: 'Name', description: 'The fund’s current name' },
    { id: 'status', name: 'Status', description: 'e.g. Authorised, Recognised, Terminated' },
    ...standingProperties('fund'),
  ],
};

/** Every property id data extension knows. */
export const EXTENSION_PROPERTY_IDS = new Set([...FIRM_PROPERTIES, ...PERSON_FUND_PROPERTIES.individual, ...PERSON_FUND_PROPERTIES.fund].map((p) => p.id));

function principalAddress(addresses: FirmAddress[]): string | undefined {
  const a = addresses.find((x) => x.kind === 'principal-place-of-business') ?? addresses[0];
  if (!a) return undefined;
  const parts = [...a.lines, a.town, a.county, a.postcode, a.country].filter((s): s is string => Boolean(s));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** The protocol's date form is a full ISO timestamp: a plain date is midnight UTC. */
function dateValue(value: string | undefined): ExtensionValue[] {
  if (!value) return [];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return [{ date: `${value}T00:00:00Z` }];
  return [{ str: value }];
}

function firmValue(property: string, firm: Firm, addresses: FirmAddress[], permissions: RegisterResult<unknown> | undefined): ExtensionValue[] {
  const str = (v: string | undefined): ExtensionValue[] => (v ? [{ str: v }] : []);
  switch (property) {
    case 'name':
      return str(firm.name);
    case 'status':
      return str(firm.status);
    case 'status_effective_date':
      return dateValue(firm.statusEffectiveDate);
    case 'business_type':
      return str(firm.businessType);
    case 'companies_house_number':
      return str(firm.companiesHouseNumber);
    case 'address':
      return str(principalAddress(addresses));
    case 'postcode': {
      const a = addresses.find((x) => x.kind === 'principal-place-of-business') ?? addresses[0];
      return str(a?.postcode);
    }
    case 'permission_count': {
      if (!permissions) return [];
      if (permissions.kind === 'not-found') return [{ int: 0 }];
      if (permissions.kind !== 'ok') {
        if (permissions.kind === 'bad-input') return [];
        throw new ReconcileUpstreamError(permissions);
      }
      const total = permissions.page.totalCount ?? (Array.isArray(permissions.data) ? permissions.data.length : undefined);
      return total === undefined ? [] : [{ int: total }];
    }
    default:
      return [];
  }
}
