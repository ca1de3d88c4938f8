import type { Dataset } from '../dataset/generate';
import { controlledFunction } from '../dataset/catalogue';
import type { CfRow } from '../dataset/types';
import { badInput, notFound, ok, type ApiAnswer } from './envelope';
import type { Json } from './json-format';
import { neighbourLinks, pageCount, requestedPage, slicePage } from './paging';

/** What every endpoint handler gets. */
export interface ApiContext {
  dataset: Dataset;
  /** `${origin}/services/V0.1`: the base of every link in a body. */
  base: string;
  /** `${origin}/services/apexrest/V0.1`: Subfund rows point here, as the live ones point at Salesforce's path. */
  apexBase: string;
  query: URLSearchParams;
  now: Date;
}

export interface ListEndpoint {
  /** "02-11": area and endpoint of the status code. */
  code: string;
  okMessage: string;
  notFoundMessage: string;
  perPage: number;
}

/** An ordinary list endpoint: fixed page size, Previous/Next only where those pages exist. */
export function pagedList<T>(ctx: ApiContext, endpoint: ListEndpoint, path: string, items: readonly T[], toJson: (item: T) => Json): ApiAnswer {
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput(endpoint.code, `pgnp must be a whole number, got "${req.raw}"`);
  if (items.length === 0) return notFound(endpoint.code, endpoint.notFoundMessage);
  const pages = pageCount(items.length, endpoint.perPage);
  if (req.page < 1 || req.page > pages) {
    return notFound(endpoint.code, endpoint.notFoundMessage, 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as not found)`);
  }
  return ok(
    endpoint.code,
    endpoint.okMessage,
    {
      page: String(req.page),
      perPage: String(endpoint.perPage),
      total: String(items.length),
      ...neighbourLinks(ctx.base, path, [], req.page, pages),
    },
    slicePage(items, req.page, endpoint.perPage).map(toJson),
  );
}

/** The register's approval wording for a set of rows (current rows decide). */
export function approvalStatus(rows: readonly CfRow[]): string {
  let approved = false;
  let certified = false;
  for (const r of rows) {
    if (r.end !== null) continue;
    const cls = controlledFunction(r.function).cls;
    if (cls === 'approved') approved = true;
    if (cls === 'certified') certified = true;
  }
  if (approved && certified) return 'Approved by regulator;Certified / assessed by firm';
  if (approved) return 'Approved by regulator';
  if (certified) return 'Certified / assessed by firm';
  return 'Regulatory approval no longer required';
}

/** Descending "(N)name" keys over one bucket's page, numbered 1..n in the bucket's order. */
export function numberedBucket(rows: readonly CfRow[], page: number, perPage: number, toJson: (row: CfRow) => Json): { [key: string]: Json } | null {
  const n = rows.length;
  const top = n - (page - 1) * perPage;
  if (top < 1) return null;
  const out: { [key: string]: Json } = {};
  for (let k = top; k >= Math.max(1, top - perPage + 1); k--) {
    const row = rows[k - 1];
    out[`(${k})${row.function}`] = toJson(row);
  }
  return out;
}
