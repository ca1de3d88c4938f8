import type { RegulatedMarket, SearchEntity, SearchResult } from './model';
import { Fields, refFromUrl, requireList, type NormaliseContext } from './normalise-values';

/** /Search results and /CommonSearch?q=RM regulated markets. */

const NO_POSTCODE = new Set(['n/a', '-', '--', 'na', 'none', '']);

/** "Name (Postcode: EC2N 4BQ)" / "Name (Region: D-10785)" → the name and the code. */
export function splitListedName(listed: string | undefined): { name?: string; postcode?: string; region?: string } {
  if (!listed) return {};
  const m = /^(.*?)\s*\((Postcode|Region)\s*:\s*([^()]*)\)\s*$/i.exec(listed);
  if (!m) return { name: listed };
  const code = m[3].trim();
  const value = NO_POSTCODE.has(code.toLowerCase()) ? undefined : code;
  const name = m[1].trim() || undefined;
  return m[2].toLowerCase() === 'postcode' ? { name, postcode: value } : { name, region: value };
}

function entityOf(url: string | undefined, fallback: SearchEntity): SearchEntity {
  if (url && /\/Firm\//i.test(url)) return 'firm';
  if (url && /\/Individuals\//i.test(url)) return 'individual';
  if (url && /\/CIS\//i.test(url)) return 'fund';
  return fallback;
}

export function normaliseSearch(data: unknown, ctx: NormaliseContext): SearchResult[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const url = f.text('URL');
    const listedName = f.text('Name');
    const type = f.text('Type of business or Individual');
    const entity = entityOf(url, ctx.searchType ?? 'firm');
    const referenceNumber = f.text('Reference Number') ?? refFromUrl(url, entity === 'individual' ? 'individual' : entity === 'fund' ? 'fund' : 'firm');
    return {
      ...splitListedName(listedName),
      listedName,
      referenceNumber,
      status: f.text('Status'),
      type,
      entity,
      linkable: Boolean(url && referenceNumber),
      unauthorised: /unauthori[sz]ed/i.test(type ?? '') || /\bclone\b/i.test(listedName ?? ''),
      url,
      extra: f.extra(),
    };
  });
}

export function normaliseRegulatedMarkets(data: unknown): RegulatedMarket[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const firmUrl = f.text('FirmURL');
    return {
      name: f.text('Name'),
      tradingName: f.text('TradingName'),
      type: f.text('Type of business or Individual'),
      referenceNumber: f.text('Reference Number'),
      status: f.text('Status'),
      frn: refFromUrl(firmUrl, 'firm'),
      firmUrl,
      extra: f.extra(),
    };
  });
}
