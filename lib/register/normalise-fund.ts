import type { Fund, FundName, SubFund } from './model';
import { Fields, MalformedBody, refFromUrl, requireList, type NormaliseContext } from './normalise-values';

/** /CIS/{PRN}, /CIS/{PRN}/Names, /CIS/{PRN}/Subfund. */

export function normaliseFund(data: unknown, ctx: NormaliseContext): Fund {
  const items = requireList(data);
  if (items.length === 0) throw new MalformedBody('Data holds no fund record');
  const f = new Fields(items[0]);
  const operator = f.text('Operator');
  const depositary = f.text('CIS Depositary');
  const subfunds = f.text('Sub-funds');
  const otherNames = f.text('Other Name');
  const fund: Fund = {
    // The body does not repeat the PRN; its own links do, so they back up the request's.
    prn: ctx.prn ?? refFromUrl(subfunds ?? otherNames, 'fund') ?? '',
    status: f.text('Status'),
    productType: f.text('Product Type'),
    schemeType: f.text('Scheme Type'),
    effectiveDate: f.date('Effective Date'),
    icvcRegistrationNumber: f.text('ICVC Registration No'),
    mmfNavType: f.text('MMF NAV Type'),
    mmfTermType: f.text('MMF Term Type'),
    operatorName: f.text('Operator Name'),
    operatorFrn: refFromUrl(operator, 'firm'),
    depositaryName: f.text('CIS Depositary Name'),
    depositaryFrn: refFromUrl(depositary, 'firm'),
    links: { subfunds, otherNames, operator, depositary },
    extra: {},
  };
  fund.extra = f.extra();
  if (items.length > 1) fund.extra['Data (further records)'] = items.slice(1);
  return fund;
}

export function normaliseFundNames(data: unknown): FundName[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    return {
      name: f.text('Product Other Name'),
      effectiveFrom: f.date('Effective From'),
      effectiveTo: f.date('Effective To'),
      extra: f.extra(),
    };
  });
}

export function normaliseSubFunds(data: unknown): SubFund[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const url = f.text('URL');
    return { name: f.text('Name'), type: f.text('Sub-Fund Type'), parentPrn: refFromUrl(url, 'fund'), url, extra: f.extra() };
  });
}
