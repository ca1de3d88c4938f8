import { describe, expect, it } from 'vitest';
import { buildDataset } from './generate';
import { SCREENING, SCREENING_REFS } from './screening';
import { RegisterTimeline } from './timeline';

const d = buildDataset('fsr-sandbox', { firms: 300, individuals: 600, funds: 40 });
const names = (q: string) => d.search.search(q, ['firm']).map((r) => `${r.ref}|${r.name}`);

describe('screening records', () => {
  it('are there with the names and statuses the labelled screening set names', () => {
    expect(d.firms.get(SCREENING.accentsFrn)?.name).toBe("Crédit Côte d'Azur (UK) Limited");
    expect(d.firms.get(SCREENING.noLongerAuthorisedFrn)?.status).toBe('No longer authorised');
    expect(d.firms.get(SCREENING.psdAgentFrn)?.status).toBe('Registered as a PSD Agent');
    expect(d.firms.get(SCREENING.appointedRepresentativeFrn)?.status).toBe('Appointed representative');
    expect(d.firmDetails(SCREENING.stoppedByRequirementFrn).requirements[0].text).toMatch(/must not carry on any regulated activity/);
    expect(SCREENING.sameNameFrns.map((f) => d.firms.get(f)?.ppob.postcode)).toEqual(['S1 2AB', 'BS1 4DJ']);
    expect(d.individuals.get(SCREENING.prohibitedIrn)).toMatchObject({ fullName: 'Darren Whitlock', searchStatus: 'Prohibited' });
    expect(d.individuals.get(SCREENING.prohibitedIrn)!.disciplinary.map((a) => a.action)).toEqual(['Prohibition']);
  });

  it('are found by trading and previous names, and clones are listed as the register lists them', () => {
    expect(names('hawthorn wealth')).toContain(`${SCREENING.tradingNameFrn}|HWM Holdings Ltd (Postcode: LS1 5AB)`);
    expect(names('oakhurst financial planning')).toContain(`${SCREENING.previousNameFrn}|Brightwater Financial Ltd (Postcode: NE1 3DY)`);
    expect(names('harrowgate wealth management')).toEqual([
      `${SCREENING.clonedFirmFrn}|Harrowgate Wealth Management Limited (Postcode: HG1 2RQ)`,
      '|Harrowgate Wealth Management Limited (clone of FCA authorised firm) (Postcode: n/a)',
    ]);
    expect(names('zurich crypto')).toEqual(['|Zürich Crypto Capital (Postcode: n/a)']);
  });

  it('keep to themselves: their people work only at them, and no register day changes them', () => {
    for (const irn of [SCREENING.prohibitedIrn, SCREENING.accentedIrn, SCREENING.censuredIrn, SCREENING.restrictedIrn]) {
      expect(d.individuals.get(irn)!.cfRows.every((r) => SCREENING_REFS.has(r.frn))).toBe(true);
    }
    const timeline = new RegisterTimeline(d);
    for (let day = 1; day <= 10; day++) expect(timeline.changes(day).filter((c) => SCREENING_REFS.has(c.ref))).toEqual([]);
  });
});
