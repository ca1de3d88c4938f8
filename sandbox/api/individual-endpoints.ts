/** /Individuals/{IRN}, /CF and /DisciplinaryHistory (reference sections 2.16–2.18). */
import { notFound, ok, type ApiAnswer } from './envelope';
import type { Json } from './json-format';
import { approvalStatus, numberedBucket, pagedList, type ApiContext } from './context';
import type { CfRow } from '../dataset/types';

export function individualDetail(ctx: ApiContext, irn: string): ApiAnswer {
  const p = ctx.dataset.individuals.get(irn.trim().toUpperCase());
  if (!p) return notFound('03-01', 'Individual not found');
  const u = `${ctx.base}/Individuals/${p.irn}`;
  const item: { [key: string]: Json } = {
    Details: {
      'Disciplinary History': `${u}/DisciplinaryHistory`,
      'Current roles & activities': `${u}/CF`,
      IRN: p.irn,
      'Commonly Used Name': p.commonlyUsedName,
      Status: approvalStatus(p.cfRows),
      'Full Name': p.fullName,
    },
  };
  p.workplaces.forEach((w, i) => {
    item[`Workplace Location ${i + 1}`] = { 'Firm Name': w.firmName, [`Location ${i + 1}`]: w.location };
  });
  return ok('03-01', 'Ok. Individual found', { page: '1', perPage: '1', total: '1' }, [item]);
}

function individualCfRow(ctx: ApiContext, row: CfRow): Json {
  const out: { [key: string]: Json } = { 'Customer Engagement Method': row.customerEngagement };
  if (row.end !== null) out['End Date'] = row.end;
  out['Suspension / Restriction End Date'] = row.restrictionEnd;
  out['Suspension / Restriction Start Date'] = row.restrictionStart;
  out.Restriction = row.restriction;
  out['Effective Date'] = row.effective;
  out['Firm Name'] = ctx.dataset.firms.get(row.frn)!.name;
  out.Name = row.function;
  out.URL = `${ctx.base}/Firm/${row.frn}`;
  return out;
}

/** Every row on one page, numbered from (1) in each bucket; page and per_page are "" (recorded). */
export function individualControlledFunctions(ctx: ApiContext, irn: string): ApiAnswer {
  const p = ctx.dataset.individuals.get(irn.trim().toUpperCase());
  if (!p || p.cfRows.length === 0) return notFound('03-02', 'Individual Control function not found');
  const current = p.cfRows.filter((r) => r.end === null);
  const previous = p.cfRows.filter((r) => r.end !== null);
  const toJson = (r: CfRow) => individualCfRow(ctx, r);
  return ok('03-02', 'Ok. Indiv CF Found', { page: '', perPage: '', total: String(p.cfRows.length) }, [
    {
      Previous: numberedBucket(previous, 1, Math.max(1, previous.length), toJson),
      Current: numberedBucket(current, 1, Math.max(1, current.length), toJson),
    },
  ]);
}

export function individualDisciplinaryHistory(ctx: ApiContext, irn: string): ApiAnswer {
  const endpoint = { code: '03-03', okMessage: 'Ok. Disciplinary history information found', notFoundMessage: 'Disciplinary history information not found', perPage: 10 };
  const p = ctx.dataset.individuals.get(irn.trim().toUpperCase());
  if (!p) return notFound(endpoint.code, endpoint.notFoundMessage);
  return pagedList(ctx, endpoint, `/Individuals/${p.irn}/DisciplinaryHistory`, p.disciplinary, (d) => ({
    TypeofDescription: d.description,
    TypeofAction: d.action,
    EnforcementType: d.enforcement,
    ActionEffectiveFrom: d.effective,
  }));
}
