/** /Search and /CommonSearch (reference sections 2.22, 2.23 and 4). */
import { badInput, notFound, ok, type ApiAnswer } from './envelope';
import { neighbourLinks, pageCount, requestedPage, slicePage } from './paging';
import type { ApiContext } from './context';
import type { SearchKind } from '../dataset/search-index';

const TYPES: Record<string, SearchKind> = { firm: 'firm', individual: 'individual', fund: 'fund' };

/** The code table's wording for wildcard-like characters (never recorded live). */
const BAD_CHARACTERS_MESSAGE = "Bad request. Invalid Input – Search Parameter has random string like * or '";

export function search(ctx: ApiContext): ApiAnswer {
  const q = ctx.query.get('q');
  const typeRaw = ctx.query.get('type');
  if (q === null || q.trim() === '') return badInput('04-01', 'q is required: the words to search for, or an FRN, IRN or PRN');
  // Sandbox assumption: * and % are refused as the code table describes; apostrophes are allowed (names have them).
  if (/[*%]/.test(q)) return badInput('04-01', 'q must not contain * or % (no wildcards; words already match by prefix)', 'compact', BAD_CHARACTERS_MESSAGE);
  let kinds: SearchKind[];
  if (typeRaw === null || typeRaw.trim() === '') {
    // Sandbox assumption: no type searches firms, then individuals, then funds.
    kinds = ['firm', 'individual', 'fund'];
  } else {
    const kind = TYPES[typeRaw.trim().toLowerCase()];
    if (!kind) return badInput('04-01', `type must be firm, individual or fund, got "${typeRaw}"`);
    kinds = [kind];
  }
  const req = requestedPage(ctx.query);
  if (!req.ok) return badInput('04-01', `pgnp must be a whole number, got "${req.raw}"`);
  const results = ctx.dataset.search.search(q, kinds);
  if (results.length === 0) return notFound('04-01', 'No search result found');
  const pages = pageCount(results.length, 20);
  if (req.page < 1 || req.page > pages) {
    return notFound('04-01', 'No search result found', 'compact', `pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: answered as no results)`);
  }
  const params: Array<[string, string]> = [['q', q]];
  if (typeRaw !== null && typeRaw.trim() !== '') params.push(['type', typeRaw]);
  const data = slicePage(results, req.page, 20).map((r) => ({
    URL: r.path === null ? null : `${ctx.base}${r.path}`,
    Status: r.status,
    'Reference Number': r.ref,
    'Type of business or Individual': r.type,
    Name: r.name,
  }));
  return ok(
    '04-01',
    'Ok. Search successful',
    { page: String(req.page), perPage: '20', total: String(results.length), ...neighbourLinks(ctx.base, '/Search', params, req.page, pages) },
    data,
  );
}

/** Only q=RM was ever recorded; other values are answered as no results (sandbox assumption). */
export function commonSearch(ctx: ApiContext): ApiAnswer {
  const q = ctx.query.get('q');
  if (q === null || q.trim() === '') return badInput('06-04', 'q is required (RM lists the regulated markets)');
  if (q.trim().toUpperCase() !== 'RM') return notFound('06-04', 'No search result found', 'compact', 'only q=RM (regulated markets) is known');
  const data = ctx.dataset.markets.map((m) => ({
    Name: m.name,
    TradingName: m.tradingName,
    'Type of business or Individual': 'Exchange - RM',
    'Reference Number': '',
    Status: '',
    FirmURL: `${ctx.base}/Firm/`,
  }));
  return ok('06-04', 'Ok. Search successful', { page: '1', perPage: '20', total: String(data.length) }, data);
}
