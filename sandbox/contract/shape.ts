/**
 * Shape comparator: does the sandbox's answer have the same shape as a reference answer (one of
 * our fixtures, or a recorded live exchange) to the analogous request?
 *
 * "Shape" means: the envelope and its key order; Status as FSR-API-NN-NN-NN (or null where the
 * reference has null) and, by default, the same Status and Message; ResultInfo null or present with
 * its string fields, the endpoint's page-size rule, Previous/Next present exactly where the
 * reference has them and pointing at the request's own path with pgnp last and query values
 * unencoded; every object's keys (missing, unexpected, and order where the reference's order is the
 * server's); every value's JSON type (string, number, boolean, null, array, object), with the items
 * of an array checked against all the reference's items merged; dynamic keys checked against their
 * pattern instead of by name ("(N)function" in CF lists, permission names, requirement titles);
 * the HTTP status, Content-Type and pretty/compact layout when both sides are known.
 */

export type EndpointKind =
  | 'firm'
  | 'firm-address'
  | 'firm-ar'
  | 'firm-cf'
  | 'firm-dh'
  | 'firm-exclusions'
  | 'firm-individuals'
  | 'firm-names'
  | 'firm-passports'
  | 'firm-passport-permission'
  | 'firm-permissions'
  | 'firm-regulators'
  | 'firm-requirements'
  | 'firm-investment-types'
  | 'firm-waivers'
  | 'individual'
  | 'individual-cf'
  | 'individual-dh'
  | 'cis'
  | 'cis-names'
  | 'cis-subfund'
  | 'search'
  | 'common-search'
  | 'unknown';

export interface ShapeSample {
  body: unknown;
  /** Exact body text, when known (layout check). */
  raw?: string;
  httpStatus?: number;
  contentType?: string;
  /** The request below the API base that produced it, e.g. "/Firm/1/AR?pgnp=2". */
  request: string;
}

export interface CompareOptions {
  /** True when the reference's key order is the server's (raw bytes, our fixtures); false for re-serialised recordings. */
  orderMeaningful: boolean;
  /** Status and Message must be equal (default true). */
  exactVerdict?: boolean;
}

export interface Difference {
  path: string;
  problem: string;
}

// ---------------------------------------------------------------------------------------------
// Endpoint rules

const CF_KEY = /^\(\d+\)\S(.*\S)?$/;
const TRIMMED = /^\S(.*\S)?$/;
export const STATUS_PATTERN = /^FSR-API-\d\d-\d\d-\d\d$/;
const REQUIREMENT_FIXED = ['Effective Date', 'Requirement Reference', 'Financial Promotions Requirement', 'Financial Promotions Investment Types'];

type PerPageRule = { values: string[] } | 'count' | 'empty';

interface ObjectRule {
  /** Every key is dynamic and must match this pattern; values share one merged schema. */
  map?: { pattern: RegExp; what: string; single?: boolean };
  /** Keys that may be present or absent. */
  optional?: Array<string | RegExp>;
  /** Exactly one key outside `notIn`, matching the pattern (requirement titles). */
  oneExtra?: { notIn: string[]; pattern: RegExp; what: string };
}

interface KindRules {
  perPage: PerPageRule;
  objects?: Record<string, ObjectRule>;
  /** Arrays compared position by position (Names: [{Current Names}, {Previous Names}]). */
  tuples?: string[];
  /** Subfund: Previous and Next on every page. */
  alwaysBothLinks?: boolean;
}

const fixed = (...values: string[]): PerPageRule => ({ values });

const RULES: Record<EndpointKind, KindRules> = {
  firm: { perPage: fixed('1') },
  'firm-address': { perPage: 'count', objects: { 'Data[]': { optional: ['Individual'] } } },
  'firm-ar': { perPage: fixed('10', '0') },
  'firm-cf': {
    perPage: fixed('20'),
    objects: {
      'Data[].Current': { map: { pattern: CF_KEY, what: '"(N)function" key' } },
      'Data[].Previous': { map: { pattern: CF_KEY, what: '"(N)function" key' } },
    },
  },
  'firm-dh': { perPage: fixed('10') },
  'firm-exclusions': { perPage: fixed('10') },
  'firm-individuals': { perPage: fixed('20') },
  'firm-names': { perPage: fixed('10'), tuples: ['Data'] },
  'firm-passports': { perPage: fixed('20') },
  'firm-passport-permission': { perPage: fixed('3') },
  'firm-permissions': {
    perPage: fixed('20'),
    objects: {
      Data: { map: { pattern: TRIMMED, what: 'permission name' } },
      'Data{}[]': { map: { pattern: TRIMMED, what: 'permission detail key', single: true } },
    },
  },
  'firm-regulators': { perPage: fixed('10') },
  'firm-requirements': {
    perPage: 'count',
    objects: { 'Data[]': { optional: ['Financial Promotions Investment Types'], oneExtra: { notIn: REQUIREMENT_FIXED, pattern: TRIMMED, what: 'requirement title' } } },
  },
  'firm-investment-types': { perPage: 'count' },
  'firm-waivers': { perPage: fixed('10') },
  individual: { perPage: fixed('1'), objects: { 'Data[]': { optional: [/^Workplace Location \d+$/] } } },
  'individual-cf': {
    perPage: 'empty',
    objects: {
      'Data[].Current': { map: { pattern: CF_KEY, what: '"(N)function" key' } },
      'Data[].Previous': { map: { pattern: CF_KEY, what: '"(N)function" key' } },
    },
  },
  'individual-dh': { perPage: fixed('10') },
  cis: { perPage: fixed('1') },
  'cis-names': { perPage: fixed('1') },
  'cis-subfund': { perPage: fixed('20'), alwaysBothLinks: true },
  search: { perPage: fixed('20') },
  'common-search': { perPage: fixed('20') },
  unknown: { perPage: 'count' },
};

const FIRM_SECTIONS: Record<string, EndpointKind> = {
  Address: 'firm-address',
  AR: 'firm-ar',
  CF: 'firm-cf',
  DisciplinaryHistory: 'firm-dh',
  Exclusions: 'firm-exclusions',
  Individuals: 'firm-individuals',
  Names: 'firm-names',
  Passports: 'firm-passports',
  Permissions: 'firm-permissions',
  Regulators: 'firm-regulators',
  Requirements: 'firm-requirements',
  Waivers: 'firm-waivers',
  Waiver: 'firm-waivers',
};

/** Which endpoint a request path (below the API base) addresses. */
export function endpointKind(request: string): EndpointKind {
  const path = request.split('?')[0].replace(/^\/+/, '');
  const [head, id, section, , tail, ...rest] = path.split('/');
  if (rest.length > 0) return 'unknown';
  if (head === 'Firm' && id) {
    if (!section) return 'firm';
    if (tail === undefined) return FIRM_SECTIONS[section] ?? 'unknown';
    if (section === 'Passports' && tail === 'Permission') return 'firm-passport-permission';
    if (section === 'Requirements' && tail === 'InvestmentTypes') return 'firm-investment-types';
    return 'unknown';
  }
  if (head === 'Individuals' && id) return !section ? 'individual' : section === 'CF' ? 'individual-cf' : section === 'DisciplinaryHistory' ? 'individual-dh' : 'unknown';
  if (head === 'CIS' && id) return !section ? 'cis' : section === 'Names' ? 'cis-names' : section === 'Subfund' ? 'cis-subfund' : 'unknown';
  if (head === 'Search' && !id) return 'search';
  if (head === 'CommonSearch' && !id) return 'common-search';
  return 'unknown';
}

// ---------------------------------------------------------------------------------------------
// Schemas inferred from the reference

type JsonType = 'null' | 'string' | 'number' | 'boolean' | 'array' | 'object';

interface Schema {
  types: Set<JsonType>;
  /** Merged schema of all items; null when the reference's arrays were all empty. */
  item?: Schema | null;
  /** Tuple arrays: one schema per position. */
  positions?: Schema[];
  object?: ObjectSchema;
}

interface ObjectSchema {
  samples: number;
  fields: Map<string, { schema: Schema; seen: number }>;
  order: string[];
  /** Dynamic keys' merged value schema (map rule or oneExtra). */
  dynamic?: Schema | null;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  if (t === 'string' || t === 'number' || t === 'boolean') return t;
  return 'object';
}

function isDynamicKey(rule: ObjectRule | undefined, key: string): boolean {
  if (!rule) return false;
  if (rule.map) return true;
  if (rule.oneExtra) return !rule.oneExtra.notIn.includes(key);
  return false;
}

class Inferrer {
  constructor(private readonly rules: KindRules) {}

  infer(value: unknown, path: string): Schema {
    const schema: Schema = { types: new Set() };
    this.add(schema, value, path);
    return schema;
  }

  add(schema: Schema, value: unknown, path: string): void {
    const t = typeOf(value);
    schema.types.add(t);
    if (t === 'array') {
      const items = value as unknown[];
      if (this.rules.tuples?.includes(path)) {
        const positions = (schema.positions ??= []);
        items.forEach((v, i) => {
          if (positions[i]) this.add(positions[i], v, `${path}[]`);
          else positions[i] = this.infer(v, `${path}[]`);
        });
      }
      if (schema.item === undefined) schema.item = null;
      for (const v of items) {
        if (schema.item === null) schema.item = this.infer(v, `${path}[]`);
        else this.add(schema.item, v, `${path}[]`);
      }
    } else if (t === 'object') {
      const obj = value as Record<string, unknown>;
      const rule = this.rules.objects?.[path];
      const o: ObjectSchema = (schema.object ??= { samples: 0, fields: new Map(), order: [] });
      o.samples++;
      let previous: string | null = null;
      for (const [key, v] of Object.entries(obj)) {
        if (isDynamicKey(rule, key)) {
          const childPath = rule?.map ? `${path}{}` : `${path}.*`;
          if (o.dynamic == null) o.dynamic = this.infer(v, childPath);
          else this.add(o.dynamic, v, childPath);
          continue;
        }
        const field = o.fields.get(key);
        if (field) {
          field.seen++;
          this.add(field.schema, v, childPath(path, key));
        } else {
          o.fields.set(key, { schema: this.infer(v, childPath(path, key)), seen: 1 });
        }
        // Merge key order: a new key goes after the key that preceded it in this sample.
        if (!o.order.includes(key)) {
          const at = previous === null ? 0 : o.order.indexOf(previous) + 1;
          o.order.splice(at, 0, key);
        }
        previous = key;
      }
      if (rule?.map && o.dynamic === undefined) o.dynamic = null;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Checking the actual answer

function childPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

function describeTypes(types: Set<JsonType>): string {
  return [...types].sort().join(' or ');
}

function isOptional(rule: ObjectRule | undefined, key: string): boolean {
  return (rule?.optional ?? []).some((o) => (typeof o === 'string' ? o === key : o.test(key)));
}

class Checker {
  readonly diffs: Difference[] = [];
  constructor(
    private readonly rules: KindRules,
    private readonly orderMeaningful: boolean,
  ) {}

  private report(path: string, problem: string): void {
    this.diffs.push({ path: path || '(body)', problem });
  }

  check(schema: Schema, value: unknown, path: string): void {
    const t = typeOf(value);
    if (!schema.types.has(t)) {
      this.report(path, `expected ${describeTypes(schema.types)}, got ${t}`);
      return;
    }
    if (t === 'array') {
      const items = value as unknown[];
      if (schema.positions) {
        if (items.length !== schema.positions.length) this.report(path, `expected ${schema.positions.length} items in this fixed layout, got ${items.length}`);
        items.forEach((v, i) => schema.positions![i] && this.check(schema.positions![i], v, `${path}[${i}]`));
        return;
      }
      if (schema.item) for (const v of items) this.check(schema.item, v, `${path}[]`);
      return;
    }
    if (t === 'object' && schema.object) this.checkObject(schema.object, value as Record<string, unknown>, path);
  }

  private checkObject(o: ObjectSchema, obj: Record<string, unknown>, path: string): void {
    const rule = this.rules.objects?.[path.replace(/\[\d+\]/g, '[]')];
    const keys = Object.keys(obj);
    const dynamicKeys: string[] = [];
    for (const key of keys) {
      if (isDynamicKey(rule, key)) {
        dynamicKeys.push(key);
        continue;
      }
      const field = o.fields.get(key);
      if (!field) {
        if (!isOptional(rule, key)) this.report(childPath(path, key), 'unexpected key');
        continue;
      }
      this.check(field.schema, obj[key], childPath(path, key));
    }
    for (const [key, field] of o.fields) {
      if (!(key in obj) && field.seen === o.samples && !isOptional(rule, key)) this.report(childPath(path, key), 'missing key');
    }
    if (rule?.map) {
      for (const key of dynamicKeys) {
        if (!rule.map.pattern.test(key)) this.report(childPath(path, key), `key does not look like a ${rule.map.what}`);
        if (o.dynamic) this.check(o.dynamic, obj[key], `${path}{}`);
      }
      if (rule.map.single && dynamicKeys.length !== 1) this.report(path, `expected exactly one ${rule.map.what}, got ${dynamicKeys.length}`);
    }
    if (rule?.oneExtra) {
      if (dynamicKeys.length !== 1)
        this.report(path, `expected exactly one ${rule.oneExtra.what} key, got ${dynamicKeys.length}${dynamicKeys.length ? ` (${dynamicKeys.join(', ')})` : ''}`);
      for (const key of dynamicKeys) {
        if (!rule.oneExtra.pattern.test(key)) this.report(childPath(path, key), `key does not look like a ${rule.oneExtra.what}`);
        if (o.dynamic) this.check(o.dynamic, obj[key], `${path}.*`);
      }
    }
    if (this.orderMeaningful) {
      const known = keys.filter((k) => o.order.includes(k));
      const expectedOrder = o.order.filter((k) => known.includes(k));
      if (known.join('\u0000') !== expectedOrder.join('\u0000')) {
        this.report(path, `key order differs: expected ${expectedOrder.join(', ')}; got ${known.join(', ')}`);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Envelope, ResultInfo and transport checks

const ENVELOPE_KEYS = ['Status', 'ResultInfo', 'Message', 'Data'];
const RESULT_INFO_ORDER = ['Previous', 'Next', 'page', 'per_page', 'total_count'];

function requestParts(request: string): { path: string; params: Array<[string, string]>; page: number } {
  const [path, query = ''] = request.split('?');
  const params = new URLSearchParams(query);
  const list: Array<[string, string]> = [];
  let page = 1;
  for (const [k, v] of params) {
    if (k === 'pgnp') page = Number(v);
    else list.push([k, v]);
  }
  return { path: path.startsWith('/') ? path : `/${path}`, params: list, page };
}

function dataCount(data: unknown): number | null {
  return Array.isArray(data) ? data.length : null;
}

/** ResultInfo of one side against the endpoint rules (used on both sides: a bad reference is reported too). */
function checkResultInfo(kind: EndpointKind, sample: ShapeSample, label: string, diffs: Difference[]): void {
  const body = sample.body as Record<string, unknown>;
  const info = body?.ResultInfo as Record<string, unknown> | null | undefined;
  if (info === null || info === undefined || typeof info !== 'object') return;
  const rules = RULES[kind];
  const at = (field: string) => `${label}ResultInfo.${field}`;
  for (const field of ['page', 'per_page', 'total_count']) {
    if (!(field in info)) diffs.push({ path: at(field), problem: 'missing ResultInfo field' });
    else if (typeof info[field] !== 'string') diffs.push({ path: at(field), problem: `ResultInfo values are strings, got ${typeOf(info[field])}` });
  }
  for (const key of Object.keys(info)) if (!RESULT_INFO_ORDER.includes(key)) diffs.push({ path: at(key), problem: 'unexpected ResultInfo field' });
  const order = Object.keys(info);
  const canonical = RESULT_INFO_ORDER.filter((k) => order.includes(k));
  if (label === '' && order.join() !== canonical.join())
    diffs.push({ path: 'ResultInfo', problem: `key order differs: expected ${canonical.join(', ')}; got ${order.join(', ')}` });

  const req = requestParts(sample.request);
  const page = info.page;
  if (rules.perPage === 'empty') {
    if (page !== '') diffs.push({ path: at('page'), problem: `expected "" for this endpoint, got ${JSON.stringify(page)}` });
  } else if (typeof page === 'string' && page !== String(req.page)) {
    diffs.push({ path: at('page'), problem: `expected "${req.page}" (the requested pgnp), got ${JSON.stringify(page)}` });
  }
  const perPage = info.per_page;
  if (typeof perPage === 'string') {
    if (rules.perPage === 'empty' && perPage !== '') diffs.push({ path: at('per_page'), problem: `expected "", got "${perPage}"` });
    if (rules.perPage === 'count') {
      const n = dataCount(body.Data);
      if (n !== null && perPage !== String(n)) diffs.push({ path: at('per_page'), problem: `expected the item count "${n}", got "${perPage}"` });
    }
    if (typeof rules.perPage === 'object' && !rules.perPage.values.includes(perPage)) {
      diffs.push({ path: at('per_page'), problem: `expected ${rules.perPage.values.map((v) => `"${v}"`).join(' or ')} for this endpoint, got "${perPage}"` });
    }
  }
  if (typeof info.total_count === 'string' && !/^\d+$/.test(info.total_count)) diffs.push({ path: at('total_count'), problem: `expected digits, got "${info.total_count}"` });

  for (const [link, delta] of [
    ['Previous', -1],
    ['Next', 1],
  ] as const) {
    const value = info[link];
    if (value === undefined) {
      if (rules.alwaysBothLinks) diffs.push({ path: at(link), problem: 'missing (this endpoint sends Previous and Next on every page)' });
      continue;
    }
    if (typeof value !== 'string') {
      diffs.push({ path: at(link), problem: `expected a URL string, got ${typeOf(value)}` });
      continue;
    }
    const m = /^https?:\/\/[^/\s]+\/services\/V0\.1(\/[^?]*)\?(.*)$/.exec(value);
    if (!m) {
      diffs.push({ path: at(link), problem: `expected an absolute …/services/V0.1/… URL with a query, got ${value}` });
      continue;
    }
    const expectedQuery = [...req.params.map(([k, v]) => `${k}=${v}`), `pgnp=${req.page + delta}`].join('&');
    if (m[1] !== req.path) diffs.push({ path: at(link), problem: `points at ${m[1]}, not the request's path ${req.path}` });
    if (m[2] !== expectedQuery) diffs.push({ path: at(link), problem: `query "${m[2]}" is not "${expectedQuery}" (values unencoded, pgnp last)` });
  }
}

function normaliseContentType(ct: string): string {
  return ct.toLowerCase().replace(/\s+/g, '');
}

function layoutOf(raw: string): 'pretty' | 'compact' {
  return /^\{\r?\n/.test(raw) || /\n\s+"/.test(raw) ? 'pretty' : 'compact';
}

/** Compares the sandbox's answer (actual) with a reference answer (expected) to the analogous request. */
export function compareShape(expected: ShapeSample, actual: ShapeSample, options: CompareOptions): Difference[] {
  const kind = endpointKind(actual.request);
  const expectedKind = endpointKind(expected.request);
  const diffs: Difference[] = [];
  if (kind !== expectedKind) diffs.push({ path: '(request)', problem: `the requests address different endpoints: ${expectedKind} and ${kind}` });
  const rules = RULES[kind];

  if (expected.httpStatus !== undefined && actual.httpStatus !== undefined && expected.httpStatus !== actual.httpStatus) {
    diffs.push({ path: '(http)', problem: `HTTP status ${actual.httpStatus}, expected ${expected.httpStatus}` });
  }
  if (expected.contentType && actual.contentType && normaliseContentType(expected.contentType) !== normaliseContentType(actual.contentType)) {
    diffs.push({ path: '(http)', problem: `Content-Type "${actual.contentType}", expected "${expected.contentType}"` });
  }
  if (expected.raw !== undefined && actual.raw !== undefined && layoutOf(expected.raw) !== layoutOf(actual.raw)) {
    diffs.push({ path: '(layout)', problem: `body is ${layoutOf(actual.raw)} JSON, expected ${layoutOf(expected.raw)}` });
  }

  const eb = expected.body as Record<string, unknown>;
  const ab = actual.body as Record<string, unknown>;
  const envelope = (b: unknown) => typeOf(b) === 'object' && ENVELOPE_KEYS.every((k) => k in (b as object));
  if (!envelope(eb)) {
    // Not an envelope (e.g. Salesforce error list): plain structural comparison.
    const inferrer = new Inferrer(rules);
    const checker = new Checker(rules, options.orderMeaningful);
    checker.check(inferrer.infer(expected.body, ''), actual.body, '');
    return unique([...diffs, ...checker.diffs]);
  }
  if (!envelope(ab)) {
    diffs.push({
      path: '(body)',
      problem: `expected the envelope {Status, ResultInfo, Message, Data}, got ${typeOf(actual.body)}${typeOf(actual.body) === 'object' ? ` with keys ${Object.keys(ab).join(', ')}` : ''}`,
    });
    return diffs;
  }

  const keys = Object.keys(ab);
  if (keys.join() !== ENVELOPE_KEYS.join())
    diffs.push({ path: '(body)', problem: `envelope keys must be Status, ResultInfo, Message, Data in that order; got ${keys.join(', ')}` });

  // Status: the pattern (or null), and the same verdict.
  if (eb.Status === null) {
    if (ab.Status !== null) diffs.push({ path: 'Status', problem: `expected null, got ${JSON.stringify(ab.Status)}` });
  } else if (typeof ab.Status !== 'string' || !STATUS_PATTERN.test(ab.Status)) {
    diffs.push({ path: 'Status', problem: `expected FSR-API-NN-NN-NN, got ${JSON.stringify(ab.Status)}` });
  }
  if (typeof eb.Status === 'string' && !STATUS_PATTERN.test(eb.Status))
    diffs.push({ path: 'expected Status', problem: `reference Status ${eb.Status} does not match FSR-API-NN-NN-NN` });
  if (options.exactVerdict !== false) {
    if (eb.Status !== ab.Status) diffs.push({ path: 'Status', problem: `expected ${JSON.stringify(eb.Status)}, got ${JSON.stringify(ab.Status)}` });
    if (eb.Message !== ab.Message) diffs.push({ path: 'Message', problem: `expected ${JSON.stringify(eb.Message)}, got ${JSON.stringify(ab.Message)}` });
  } else if (typeOf(ab.Message) !== typeOf(eb.Message)) {
    diffs.push({ path: 'Message', problem: `expected ${typeOf(eb.Message)}, got ${typeOf(ab.Message)}` });
  }

  // ResultInfo: null where the reference has null; otherwise its fields, rules and links.
  const eInfo = eb.ResultInfo as Record<string, unknown> | null;
  const aInfo = ab.ResultInfo as Record<string, unknown> | null;
  if (eInfo === null) {
    if (aInfo !== null) diffs.push({ path: 'ResultInfo', problem: `expected null, got ${typeOf(aInfo)}` });
  } else if (typeOf(aInfo) !== 'object') {
    diffs.push({ path: 'ResultInfo', problem: `expected an object, got ${typeOf(aInfo)}` });
  } else {
    checkResultInfo(kind, actual, '', diffs);
    checkResultInfo(expectedKind, expected, 'expected ', diffs);
    const actualInfo = aInfo as Record<string, unknown>;
    for (const link of ['Previous', 'Next']) {
      if (link in eInfo && !(link in actualInfo)) diffs.push({ path: `ResultInfo.${link}`, problem: 'missing (the reference has it on this page)' });
      if (!(link in eInfo) && link in actualInfo) diffs.push({ path: `ResultInfo.${link}`, problem: 'unexpected (the reference has none on this page)' });
    }
  }

  // Data: structure against the reference's.
  const inferrer = new Inferrer(rules);
  const checker = new Checker(rules, options.orderMeaningful);
  checker.check(inferrer.infer(eb.Data, 'Data'), ab.Data, 'Data');
  // The reference itself must obey the dynamic-key rules (a recording that does not means our rules are wrong).
  const selfCheck = new Checker(rules, false);
  selfCheck.check(inferrer.infer(eb.Data, 'Data'), eb.Data, 'Data');
  return unique([...diffs, ...checker.diffs, ...selfCheck.diffs.map((d) => ({ path: `expected ${d.path}`, problem: d.problem }))]);
}

/** The same problem on every row of a list is reported once. */
function unique(diffs: Difference[]): Difference[] {
  const seen = new Set<string>();
  return diffs.filter((d) => {
    const key = `${d.path}\u0000${d.problem}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function formatDifferences(diffs: Difference[]): string {
  return diffs.map((d) => `  ${d.path}: ${d.problem}`).join('\n');
}
