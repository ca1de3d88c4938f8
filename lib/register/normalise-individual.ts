import type { Individual, Workplace } from './model';
import { Fields, MalformedBody, isRecord, requireList, type NormaliseContext } from './normalise-values';

/** /Individuals/{IRN}: {Details: {...}, "Workplace Location 1": {...}, …} in a one-item list. */

export function normaliseIndividual(data: unknown, ctx: NormaliseContext): Individual {
  const items = requireList(data);
  if (items.length === 0) throw new MalformedBody('Data holds no individual record');
  const outer = new Fields(items[0]);
  const detailsRaw = outer.obj.Details;
  const d = new Fields(isRecord(detailsRaw) ? detailsRaw : {});
  if (isRecord(detailsRaw) || detailsRaw === undefined || detailsRaw === null) outer.consume('Details');

  const workplaces: Workplace[] = [];
  for (const key of outer.rest()) {
    const m = /^Workplace Location (\d+)$/i.exec(key);
    const value = outer.obj[key];
    if (!m || !isRecord(value)) continue;
    outer.consume(key);
    const w = new Fields(value);
    workplaces.push({
      index: Number(m[1]),
      firmName: w.text('Firm Name'),
      location: w.text(`Location ${m[1]}`) ?? w.text('Location'),
      extra: w.extra(),
    });
  }
  workplaces.sort((a, b) => a.index - b.index);

  const individual: Individual = {
    irn: d.text('IRN')?.toUpperCase() ?? ctx.irn ?? '',
    fullName: d.text('Full Name'),
    commonlyUsedName: d.text('Commonly Used Name'),
    status: d.text('Status'),
    workplaces,
    links: { controlledFunctions: d.text('Current roles & activities'), disciplinaryHistory: d.text('Disciplinary History') },
    extra: {},
  };
  // Unknown keys from Details and from the outer object both land in extra.
  individual.extra = { ...d.extra(), ...outer.extra() };
  if (items.length > 1) individual.extra['Data (further records)'] = items.slice(1);
  return individual;
}
