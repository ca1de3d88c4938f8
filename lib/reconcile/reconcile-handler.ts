import type { GatewayDeps } from '@/lib/gateway/register-gateway';
import type { SearchType } from '@/lib/register/model';
import { admitMachineRequest } from '@/lib/tokens/machine-gate';
import { entityPath, searchPath } from '@/lib/routes/portal-paths';
import {
  EXTENSION_PROPERTY_IDS,
  FIRM_PROPERTIES,
  parseEntityId,
  parseListingId,
  parseQueryBatch,
  PERSON_FUND_PROPERTIES,
  ReconcileInputError,
  ReconcileService,
  ReconcileUpstreamError,
  TYPES,
} from './reconcile-service';
import { CSP_HEADER, nonceFromPolicy } from '@/lib/security/headers';

/**
 * HTTP for the reconciliation service at /reconcile (W3C Reconciliation Service API 0.2):
 * GET /reconcile is the manifest; GET or POST /reconcile with `queries` runs a batch, with
 * `extend` a data extension; /reconcile/suggest/entity, /reconcile/preview, /reconcile/properties
 * (propose properties) and /reconcile/view/{id} (the portal's page for an entity). Every answer
 * carries CORS headers (any origin, no credentials: the token is the only credential), and
 * preflight requests are answered. The manifest and the property list are metadata and need no
 * token; everything that reads the register does.
 */

export type ReconcileEndpoint = 'root' | 'suggest-entity' | 'preview' | 'properties' | 'view';

export interface ReconcileDeps extends GatewayDeps {
  /** Queries per batch: bounded by the register budget (machine-deps.ts). */
  batchSize: number;
}

const CORS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'X-API-Token, Authorization, Content-Type, X-AUTH-EMAIL, X-AUTH-KEY',
  'Access-Control-Max-Age': '600',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function json(value: unknown, status = 200, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...CORS, ...extra } });
}

function problem(status: number, error: string, message: string, extra: Record<string, string> = {}): Response {
  return json({ error, message }, status, extra);
}

/** Parameters from the query string, or from a form body (OpenRefine POSTs `queries=` and `extend=`). */
async function params(request: Request): Promise<URLSearchParams> {
  const url = new URL(request.url);
  if (request.method !== 'POST') return url.searchParams;
  const type = request.headers.get('content-type') ?? '';
  const merged = new URLSearchParams(url.searchParams);
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await request.formData();
    for (const [k, v] of form.entries()) if (typeof v === 'string') merged.set(k, v);
  } else if (type.includes('application/json')) {
    const body = (await request.json()) as Record<string, unknown>;
    for (const k of ['queries', 'extend']) if (body[k] !== undefined) merged.set(k, typeof body[k] === 'string' ? (body[k] as string) : JSON.stringify(body[k]));
  }
  return merged;
}

export function manifest(base: string, batchSize: number) {
  return {
    versions: ['0.2'],
    name: 'FSR Portal: FCA Financial Services Register',
    identifierSpace: 'https://register.fca.org.uk/s/',
    schemaSpace: 'https://register.fca.org.uk/s/#types',
    documentation: `${base}/reconcile/properties`,
    serviceVersion: '1.0',
    defaultTypes: Object.values(TYPES),
    view: { url: `${base}/reconcile/view/{{id}}` },
    preview: { url: `${base}/reconcile/preview?id={{id}}`, width: 420, height: 190 },
    suggest: { entity: { service_url: `${base}/reconcile`, service_path: '/suggest/entity' } },
    extend: { propose_properties: { service_url: `${base}/reconcile`, service_path: '/properties' }, property_settings: [] },
    authentication: {
      type: 'apiKey',
      in: 'header',
      name: 'X-API-Token',
      description: 'An API token of this portal, as <id>.<secret> (ask an administrator: /admin/tokens).',
    },
    batchSize,
  };
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The card's style block carries the request's CSP nonce (set by proxy.ts): no inline style attributes. */
function previewHtml(facts: { title: string; rows: Array<[string, string]> }, nonce: string | null): string {
  const rows = facts.rows.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(facts.title)}</title><style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ''}>.sr{position:absolute;left:-9999px}body{font:14px/1.4 system-ui,sans-serif;margin:8px;color:#0f172a}h1{font-size:16px;margin:0 0 6px}table{border-collapse:collapse}th{text-align:left;padding:2px 8px 2px 0;color:#334155;font-weight:600;vertical-align:top}td{padding:2px 0}</style></head><body><h1>${escapeHtml(facts.title)}</h1><table><caption class="sr">Register facts</caption>${rows}</table></body></html>`;
}

function parseType(value: string | null): SearchType | undefined {
  if (value === null || value === '') return 'firm';
  const t = value.trim().toLowerCase();
  return t in TYPES ? (t as SearchType) : undefined;
}

export async function handleReconcileRequest(request: Request, endpoint: ReconcileEndpoint, deps: ReconcileDeps): Promise<Response> {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  if (request.method !== 'GET' && request.method !== 'POST') return problem(405, 'method-not-allowed', `Use GET or POST, not ${request.method}.`, { Allow: 'GET, POST, OPTIONS' });
  const url = new URL(request.url);
  // Links and redirects go to the public address, whatever Host the request came with.
  const base = deps.publicOrigin();

  let p: URLSearchParams;
  try {
    p = await params(request);
  } catch {
    return problem(400, 'bad-request', 'The request body could not be read: send a form (queries=…, extend=…) or JSON.');
  }

  if (endpoint === 'properties') {
    const type = parseType(p.get('type'));
    if (!type) return problem(400, 'bad-request', 'type must be firm, individual or fund.');
    return json({ type, properties: (type === 'firm' ? FIRM_PROPERTIES : PERSON_FUND_PROPERTIES[type]).map(({ id, name, description }) => ({ id, name, description })) });
  }
  if (endpoint === 'view') {
    const id = decodeURIComponent(url.pathname.slice('/reconcile/view/'.length));
    const listing = parseListingId(id);
    // An unauthorised or clone entry has no page: the register's search for its name shows it, with its warning.
    if (listing) {
      const words = listing.listedName
        .replace(/\s*\((clone of[^)]*|Postcode\s*:[^)]*|Region\s*:[^)]*)\)/gi, ' ')
        .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 100);
      return new Response(null, { status: 307, headers: { Location: `${base}${searchPath(words || listing.listedName.slice(0, 60), 'firm')}`, ...CORS } });
    }
    const entity = parseEntityId(id);
    if (!entity) return problem(404, 'not-found', `"${id.slice(0, 40)}" is not an id of this service.`);
    // A person opens it from their spreadsheet tool: the portal page asks them to sign in.
    return new Response(null, { status: 307, headers: { Location: `${base}${entityPath(entity.type, entity.reference)}`, ...CORS } });
  }

  // What the request will cost against the token's ceiling: one register lookup per query or id.
  let run: (service: ReconcileService) => Promise<Response>;
  let cost = 1;
  try {
    if (endpoint === 'root') {
      const queries = p.get('queries');
      const extend = p.get('extend');
      if (queries === null && extend === null) return json(manifest(base, deps.batchSize));
      if (queries !== null) {
        const batch = parseQueryBatch(queries, deps.batchSize);
        cost = batch.size;
        run = async (service) => {
          const answers = await Promise.all([...batch.entries()].map(async ([key, q]) => [key, { result: await service.reconcile(q) }] as const));
          return json(Object.fromEntries(answers));
        };
      } else {
        const ext = parseExtend(extend!, deps.batchSize);
        cost = ext.ids.length;
        run = async (service) => {
          const rows = await service.extend(ext.ids, ext.properties);
          const all = [...FIRM_PROPERTIES, ...PERSON_FUND_PROPERTIES.individual, ...PERSON_FUND_PROPERTIES.fund];
          const meta = ext.properties.map((id) => ({ id, name: all.find((f) => f.id === id)!.name }));
          return json({ meta, rows });
        };
      }
    } else if (endpoint === 'suggest-entity') {
      const prefix = p.get('prefix')?.trim();
      if (!prefix) return problem(400, 'bad-request', 'Send the text to complete as prefix=….');
      if (prefix.length > 100) return problem(400, 'bad-request', 'prefix is too long (100 characters at most).');
      const type = parseType(p.get('type'));
      if (!type) return problem(400, 'bad-request', 'type must be firm, individual or fund.');
      run = async (service) => json({ result: await service.suggest(prefix, type) });
    } else {
      const id = p.get('id')?.trim();
      if (!id) return problem(400, 'bad-request', 'Send the entity id as id=… (an FRN, an IRN or PRN:<number>).');
      if (!parseEntityId(id) && !parseListingId(id))
        return problem(400, 'bad-request', `"${id.slice(0, 40)}" is not an id of this service: an FRN (e.g. 200200), an IRN (e.g. BKS00001) or PRN:<number>.`);
      run = async (service) => {
        const facts = await service.previewFacts(id);
        if (!facts) return problem(404, 'not-found', `The register has no record for ${id}.`);
        return new Response(previewHtml(facts, nonceFromPolicy(request.headers.get(CSP_HEADER))), {
          headers: { 'Content-Type': 'text/html; charset=utf-8', ...CORS },
        });
      };
    }
  } catch (error) {
    if (error instanceof ReconcileInputError) return problem(400, 'bad-request', error.message);
    throw error;
  }

  const admission = await admitMachineRequest(request, 'reconcile', deps, cost);
  if (!admission.ok) {
    if (admission.kind === 'ceiling') return problem(429, 'too-many-requests', admission.message, { 'Retry-After': String(admission.retryAfterSeconds) });
    return problem(401, `token-${admission.refusal}`, admission.message, { 'WWW-Authenticate': 'Bearer realm="fsr-portal reconcile"' });
  }
  try {
    return await run(new ReconcileService(deps.register(), admission.token.priority));
  } catch (error) {
    if (error instanceof ReconcileInputError) return problem(400, 'bad-request', error.message);
    if (error instanceof ReconcileUpstreamError) {
      const f = error.failure;
      if (f.kind === 'rate-limited') {
        return problem(429, 'register-busy', `The register's shared budget is in use; retry in ${f.retryAfterSeconds} seconds.`, {
          'Retry-After': String(Math.max(1, f.retryAfterSeconds)),
        });
      }
      return problem(502, 'register-unavailable', f.kind === 'unauthorised' ? "The register refused the portal's own API key; tell the portal's administrator." : f.message);
    }
    throw error;
  }
}

function parseExtend(raw: string, maxIds: number): { ids: string[]; properties: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ReconcileInputError('extend is not JSON: send {"ids": ["200200"], "properties": [{"id": "status"}]}.');
  }
  const body = parsed as { ids?: unknown; properties?: unknown };
  if (!Array.isArray(body.ids) || !body.ids.every((i) => typeof i === 'string') || body.ids.length === 0) {
    throw new ReconcileInputError('extend needs "ids": a non-empty list of entity ids.');
  }
  if (body.ids.length > maxIds)
    throw new ReconcileInputError(`extend may ask for at most ${maxIds} ids at once (the batch size the register's budget allows); this asks for ${body.ids.length}.`);
  if (!Array.isArray(body.properties) || body.properties.length === 0) throw new ReconcileInputError('extend needs "properties": a non-empty list like [{"id": "status"}].');
  const properties = body.properties.map((p) => (typeof p === 'object' && p !== null && typeof (p as { id?: unknown }).id === 'string' ? (p as { id: string }).id : ''));
  const unknown = properties.filter((id) => !EXTENSION_PROPERTY_IDS.has(id));
  if (unknown.length > 0) throw new ReconcileInputError(`Unknown properties: ${unknown.map((u) => `"${u}"`).join(', ')}. Known: ${[...EXTENSION_PROPERTY_IDS].join(', ')}.`);
  return { ids: body.ids as string[], properties };
}
