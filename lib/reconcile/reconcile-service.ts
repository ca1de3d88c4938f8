import type { Firm, FirmAddress, SearchResult, SearchType } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { CallOptions, Priority, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { nameScore, sameName } from './name-match';

/**
 * The W3C Reconciliation Service API 0.2 (the version OpenRefine speaks) over the register:
 * queries, suggest, preview and data extension, each answered through lib/register at the
 * token's priority. Entity ids are the register's own numbers: a firm's FRN ("200200"), an
 * individual's IRN ("BKS00001"), and a fund's PRN with a prefix ("PRN:800800"), because FRNs and
 * PRNs share one number space.
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
    out.set(key, { query: q.query.trim(), type: parseType(q.type, `Query ${key}`), limit });
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

  /** One query: a reference number is looked up and is an exact match; a name is searched and scored. */
  async reconcile(q: ReconQuery): Promise<Candidate[]> {
    const type = [TYPES[q.type]];
    const reference = referenceQuery(q);
    if (reference) {
      const name = await this.nameOf(q.type, reference);
      if (name === undefined) return [];
      return [{ id: entityId(q.type, reference), name, score: 100, match: true, type, features: [{ id: 'reference_number', value: true }] }];
    }
    const results = unwrap(await this.register.search(q.query, q.type, this.opts)) ?? [];
    const best = new Map<string, Candidate>();
    for (const r of results) {
      if (!r.linkable || !r.referenceNumber || !r.name) continue;
      const id = entityId(r.entity, r.referenceNumber);
      const score = nameScore(q.query, r.name);
      const exact = sameName(q.query, r.name);
      const previous = best.get(id);
      if (previous && previous.score >= score) continue;
      best.set(id, {
        id,
        name: r.name,
        description: describe(r),
        score,
        match: false,
        type: [TYPES[r.entity]],
        features: [
          { id: 'name_words', value: score },
          { id: 'name_exact', value: exact },
        ],
      });
    }
    const candidates = [...best.values()].sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
    // A match only when exactly one candidate has the query's name (once normalised): two firms
    // with that name, or only near names, leave the choice to the analyst.
    const exact = candidates.filter((c) => c.features.some((f) => f.id === 'name_exact' && f.value === true));
    if (exact.length === 1) exact[0].match = true;
    return candidates.slice(0, q.limit);
  }

  private async nameOf(type: SearchType, reference: string): Promise<string | undefined> {
    if (type === 'firm') return unwrap(await this.register.firm(reference, this.opts))?.name ?? undefined;
    if (type === 'individual') {
      const person = unwrap(await this.register.individual(reference, this.opts));
      return person ? (person.fullName ?? person.commonlyUsedName ?? reference) : undefined;
    }
    const fund = unwrap(await this.register.fund(reference, this.opts));
    if (!fund) return undefined;
    const names = unwrap(await this.register.fundNames(reference, this.opts)) ?? [];
    return names.find((n) => !n.effectiveTo)?.name ?? names[0]?.name ?? `Fund ${reference}`;
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
    const entity = parseEntityId(id);
    if (!entity) throw new ReconcileInputError(`"${id.slice(0, 40)}" is not an id of this service: an FRN (e.g. 200200), an IRN (e.g. BKS00001) or PRN:<number>.`);
    if (entity.type === 'firm') {
      const firm = unwrap(await this.register.firm(entity.reference, this.opts));
      if (!firm) return undefined;
      const address = principalAddress(unwrap(await this.register.firmAddresses(entity.reference, this.opts)) ?? []);
      return {
        title: firm.name ?? `Firm ${entity.reference}`,
        rows: [
          ['FRN', entity.reference],
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
        rows: [
          ['IRN', entity.reference],
          ['Status', person.status ?? 'not given'],
        ],
      };
    }
    const fund = unwrap(await this.register.fund(entity.reference, this.opts));
    if (!fund) return undefined;
    const name = await this.nameOf('fund', entity.reference);
    return {
      title: name ?? `Fund ${entity.reference}`,
      rows: [
        ['PRN', entity.reference],
        ['Status', fund.status ?? 'not given'],
        ['Operator', fund.operatorName ?? 'not given'],
      ],
    };
  }

  /** Data extension for firms: the values of `properties` for each id (unknown ids get empty values). */
  async extend(ids: string[], properties: string[]): Promise<Record<string, Record<string, ExtensionValue[]>>> {
    const rows: Record<string, Record<string, ExtensionValue[]>> = {};
    await Promise.all(
      ids.map(async (id) => {
        const row: Record<string, ExtensionValue[]> = Object.fromEntries(properties.map((p) => [p, []]));
        rows[id] = row;
        const entity = parseEntityId(id);
        if (entity?.type !== 'firm') return;
        const firm = unwrap(await this.register.firm(entity.reference, this.opts));
        if (!firm) return;
        const wants = new Set(properties);
        const [addresses, permissions] = await Promise.all([
          wants.has('address') || wants.has('postcode') ? this.register.firmAddresses(entity.reference, this.opts).then(unwrap) : Promise.resolve(undefined),
          wants.has('permission_count') ? this.register.firmPermissions(entity.reference, this.opts) : Promise.resolve(undefined),
        ]);
        for (const p of properties) row[p] = firmValue(p, firm, addresses ?? [], permissions);
      }),
    );
    return rows;
  }
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
];

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
