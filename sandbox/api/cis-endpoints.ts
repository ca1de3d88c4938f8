/** /CIS/{PRN}, /Names and /Subfund (reference sections 2.19–2.21), quirks included. */
import { allNull, badInput, notFound, ok, resultInfo, envelope, type ApiAnswer } from './envelope';
import type { Json } from './json-format';
import { pageCount, pageLink, requestedPage, slicePage } from './paging';
import type { ApiContext } from './context';

const PRN_PATTERN = /^\d+$/;

export function fundDetail(ctx: ApiContext, prn: string): ApiAnswer {
  if (!PRN_PATTERN.test(prn)) return badInput('05-01', `PRN must be digits, got "${prn}" (sandbox assumption: -21 bad input)`);
  const f = ctx.dataset.funds.get(prn);
  if (!f) return notFound('05-01', 'Product not found');
  const sub = f.parentPrn !== null;
  const operator = sub ? undefined : ctx.dataset.firms.get(f.operatorFrn);
  const depositary = sub ? undefined : ctx.dataset.firms.get(f.depositaryFrn);
  const u = `${ctx.base}/CIS/${f.prn}`;
  // A sub-fund's own record leaves every link and name blank (recorded).
  const record: Json = {
    'Sub-funds': sub ? '' : `${u}/Subfund`,
    'Other Name': sub ? '' : `${u}/Names`,
    'CIS Depositary': depositary ? `${ctx.base}/Firm/${depositary.frn}` : '',
    'CIS Depositary Name': depositary?.name ?? '',
    'Operator Name': operator?.name ?? '',
    Operator: operator ? `${ctx.base}/Firm/${operator.frn}` : '',
    'MMF Term Type': f.mmfTermType,
    'MMF NAV Type': f.mmfNavType,
    'Effective Date': f.effective,
    'Scheme Type': f.schemeType,
    'Product Type': f.productType,
    'ICVC Registration No': f.icvcRegistration,
    Status: f.status,
  };
  return ok('05-01', 'Ok. Product Found', { page: '1', perPage: '1', total: '1' }, [record]);
}

export function fundNames(ctx: ApiContext, prn: string): ApiAnswer {
  if (!PRN_PATTERN.test(prn)) return badInput('05-02', `PRN must be digits, got "${prn}" (sandbox assumption: -21 bad input)`);
  const f = ctx.dataset.funds.get(prn);
  if (!f || f.otherNames.length === 0) return notFound('05-02', 'Product Other Name not found');
  const data = f.otherNames.map((n) => ({ 'Effective To': n.to, 'Effective From': n.from, 'Product Other Name': n.name }));
  // per_page "1" with every name on the one page, as recorded.
  return ok('05-02', 'Ok. Product Other Name Found', { page: '1', perPage: '1', total: String(data.length) }, data);
}

/**
 * Sub-funds, 20 a page, with the live links: Previous is pgnp-1 even on page 1 (pgnp=0) and Next
 * is pgnp+1 even on the last page. Every row's URL is the parent's record on the apexrest path.
 */
export function fundSubfunds(ctx: ApiContext, prn: string): ApiAnswer {
  if (!PRN_PATTERN.test(prn)) return allNull(`PRN must be digits, got "${prn}" (sandbox assumption: all-null like every Subfund miss)`);
  const req = requestedPage(ctx.query);
  if (!req.ok) return allNull(`pgnp must be a whole number, got "${req.raw}" (sandbox assumption: all-null)`);
  const f = ctx.dataset.funds.get(prn);
  if (!f || f.subFundPrns.length === 0) return allNull();
  const pages = pageCount(f.subFundPrns.length, 20);
  if (req.page < 1 || req.page > pages) return allNull(`pgnp=${req.page} is outside pages 1-${pages} (sandbox assumption: all-null)`);
  const path = `/CIS/${prn}/Subfund`;
  const data = slicePage(f.subFundPrns, req.page, 20).map((subPrn) => {
    const sub = ctx.dataset.funds.get(subPrn)!;
    return { URL: `${ctx.apexBase}/CIS/${f.prn}`, 'Sub-Fund Type': sub.subFundType, Name: sub.name };
  });
  const info = resultInfo({
    previous: pageLink(ctx.base, path, [], req.page - 1),
    next: pageLink(ctx.base, path, [], req.page + 1),
    page: String(req.page),
    perPage: '20',
    total: String(f.subFundPrns.length),
  });
  return { httpStatus: 200, body: envelope('FSR-API-05-03-00', info, 'Ok. Product Subfund Found', data), layout: 'compact' };
}
