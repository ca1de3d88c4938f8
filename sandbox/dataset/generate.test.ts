import { describe, expect, it } from 'vitest';
import { buildDataset, generateDataset, type Dataset } from './generate';
import { SHOWCASE } from './showcase';
import { BANK_WAIVERS, DISCIPLINARY_ACTIONS, NETWORK_CURRENT_ARS, NETWORK_PREVIOUS_ARS, UMBRELLA_SUB_FUNDS } from './showcase-records';
import { DEFAULT_OPTIONS } from '../config';

const DEFAULT_SIZES = { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds };

/** A compact fingerprint of everything generated, to compare two builds. */
function fingerprint(d: Dataset): string {
  const parts: string[] = [];
  for (const f of d.firms.values()) parts.push(`${f.frn}|${f.name}|${f.status}|${f.ppob.postcode}|${f.cfRows.length}|${f.representatives.current.length}`);
  for (const p of d.individuals.values()) parts.push(`${p.irn}|${p.fullName}|${p.cfRows.map((r) => r.frn + r.function + r.effective).join(',')}`);
  for (const f of d.funds.values()) parts.push(`${f.prn}|${f.name}|${f.operatorFrn}|${f.subFundPrns.join(',')}`);
  return parts.join('\n');
}

describe('dataset generation', () => {
  const dataset = buildDataset(DEFAULT_OPTIONS.seed, DEFAULT_SIZES);

  // How long generation takes is a benchmark's figure (npm run bench:sandbox-days), not a test's bound.
  it('builds the default sizes', () => {
    const fresh = generateDataset('speed-check', DEFAULT_SIZES);
    expect(fresh.firms.size).toBeGreaterThanOrEqual(5000);
    expect(fresh.individuals.size).toBeGreaterThanOrEqual(15000);
    expect([...fresh.funds.values()].filter((f) => f.parentPrn === null).length).toBeGreaterThanOrEqual(1000);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const sizes = { firms: 300, individuals: 600, funds: 40 };
    const a = fingerprint(generateDataset('alpha', sizes));
    expect(fingerprint(generateDataset('alpha', sizes))).toBe(a);
    expect(fingerprint(generateDataset('beta', sizes))).not.toBe(a);
  });

  it('caches one build per seed and sizes', () => {
    expect(buildDataset(DEFAULT_OPTIONS.seed, DEFAULT_SIZES)).toBe(dataset);
  });

  it('keeps controlled-function rows identical on both ends', () => {
    const firmSide = new Set<object>();
    const problems: string[] = [];
    for (const firm of dataset.firms.values()) {
      for (const row of firm.cfRows) {
        firmSide.add(row);
        const person = dataset.individuals.get(row.irn);
        if (!person || !person.cfRows.includes(row)) problems.push(`${firm.frn} row for ${row.irn} missing on the person`);
      }
    }
    let personRows = 0;
    for (const person of dataset.individuals.values()) {
      for (const row of person.cfRows) if (!firmSide.has(row) || row.irn !== person.irn) problems.push(`${person.irn} row at ${row.frn} missing on the firm`);
      personRows += person.cfRows.length;
    }
    expect(problems).toEqual([]);
    expect(personRows).toBe(firmSide.size);
    expect(personRows).toBeGreaterThan(20_000);
  });

  it('links appointed representatives and principals both ways', () => {
    const problems: string[] = [];
    for (const principal of dataset.firms.values()) {
      for (const link of [...principal.representatives.current, ...principal.representatives.previous]) {
        const ar = dataset.firms.get(link.arFrn);
        if (link.principalFrn !== principal.frn) problems.push(`${principal.frn}: link names principal ${link.principalFrn}`);
        if (!ar || !ar.appointments.includes(link)) problems.push(`${principal.frn}: ${link.arFrn} lacks the appointment`);
        else if (ar.businessType !== 'Appointed Representative') problems.push(`${ar.frn} is ${ar.businessType}`);
      }
    }
    for (const ar of dataset.firms.values()) {
      for (const link of ar.appointments) {
        const bucket = link.termination === null ? 'current' : 'previous';
        if (!dataset.firms.get(link.principalFrn)!.representatives[bucket].includes(link)) problems.push(`${ar.frn}: principal ${link.principalFrn} lacks it`);
      }
      if (ar.kind === 'appointed-representative' && !ar.appointments.some((l) => l.termination === null)) problems.push(`${ar.frn}: current AR without a current principal`);
    }
    expect(problems).toEqual([]);
  });

  it('gives funds real operators and depositaries and links sub-funds to parents', () => {
    for (const fund of dataset.funds.values()) {
      if (fund.parentPrn === null) {
        expect(dataset.firms.get(fund.operatorFrn)?.kind, fund.prn).toBe('authorised');
        expect(dataset.firms.get(fund.depositaryFrn), fund.prn).toBeDefined();
        for (const sub of fund.subFundPrns) expect(dataset.funds.get(sub)!.parentPrn).toBe(fund.prn);
      } else {
        expect(dataset.funds.get(fund.parentPrn)!.subFundPrns).toContain(fund.prn);
        expect(fund.subFundPrns).toEqual([]);
      }
    }
    const umbrellas = [...dataset.funds.values()].filter((f) => f.subFundPrns.length > 0);
    expect(umbrellas.length).toBeGreaterThan(100);
  });

  it('uses unique reference numbers across firms and funds', () => {
    const numbers = [...dataset.firms.keys(), ...dataset.funds.keys()];
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const irn of dataset.individuals.keys()) expect(irn).toMatch(/^[A-Z]{3}\d{5}$/);
  });

  it('has realistic names and a spread of statuses', () => {
    const firms = [...dataset.firms.values()];
    const names = firms.map((f) => f.name);
    expect(names.some((n) => / LLP$/.test(n))).toBe(true);
    expect(names.some((n) => / plc$/i.test(n))).toBe(true);
    expect(names.some((n) => / Ltd\.?$/.test(n))).toBe(true);
    expect(names.some((n) => /'/.test(n))).toBe(true);
    const people = [...dataset.individuals.values()].map((p) => p.fullName);
    expect(people.filter((n) => /[^\x00-\x7f]/.test(n)).length).toBeGreaterThan(100);
    expect(people.filter((n) => /'/.test(n)).length).toBeGreaterThan(100);
    const statuses = new Set(firms.map((f) => f.status));
    for (const s of [
      'Authorised',
      'Appointed representative',
      'No longer authorised',
      'No longer registered as an Appointed Representative',
      'Appointed representative - introducer',
    ]) {
      expect(statuses).toContain(s);
    }
    const suffixes = firms.map((f) => f.searchSuffix);
    expect(suffixes.some((s) => s.startsWith(' (Postcode: '))).toBe(true);
    expect(suffixes.some((s) => s.startsWith(' (Region: '))).toBe(true);
    expect(suffixes.some((s) => s === '')).toBe(true);
    const searchStatuses = new Set([...dataset.individuals.values()].map((p) => p.searchStatus));
    expect([...searchStatuses].sort()).toEqual(['Active', 'Deceased', 'Prohibited', 'Regulatory approval no longer required']);
  });
});

describe('showcase records', () => {
  const d = buildDataset(DEFAULT_OPTIONS.seed, DEFAULT_SIZES);

  it('network principal: 714 current and 830 previous appointed representatives', () => {
    const network = d.firms.get(SHOWCASE.networkPrincipalFrn)!;
    expect(network.representatives.current).toHaveLength(NETWORK_CURRENT_ARS);
    expect(network.representatives.previous).toHaveLength(NETWORK_PREVIOUS_ARS);
    expect(NETWORK_CURRENT_ARS + NETWORK_PREVIOUS_ARS).toBeGreaterThanOrEqual(1500);
    const ar = d.firms.get(SHOWCASE.appointedRepresentativeFrn)!;
    expect(ar.businessType).toBe('Appointed Representative');
    expect(ar.appointments.map((l) => l.principalFrn)).toContain(SHOWCASE.networkPrincipalFrn);
  });

  it('bank: passports, permissions, requirements with investment types, waivers with nulls, many people', () => {
    const bank = d.firms.get(SHOWCASE.bankFrn)!;
    const details = d.firmDetails(SHOWCASE.bankFrn);
    expect(details.passports.length).toBeGreaterThanOrEqual(25);
    expect(details.passports.map((p) => p.country)).toContain(SHOWCASE.bankPassportCountry);
    expect(details.permissions.length).toBeGreaterThanOrEqual(40);
    expect(details.permissions.length % 20).not.toBe(0);
    const req = details.requirements.find((r) => r.ref === SHOWCASE.bankRequirementRef)!;
    expect(req.investmentTypes.length).toBeGreaterThan(0);
    expect(details.waivers).toHaveLength(BANK_WAIVERS);
    for (let page = 0; page < 4; page++) expect(details.waivers.slice(page * 10, page * 10 + 10).some((w) => w.url === null)).toBe(true);
    expect(new Set(bank.cfRows.map((r) => r.irn)).size).toBeGreaterThan(40);
    expect(bank.cfRows.filter((r) => r.end === null).length).toBeGreaterThan(20);
    expect(bank.cfRows.filter((r) => r.end !== null).length).toBeGreaterThan(20);
    const ceo = d.individuals.get(SHOWCASE.bankIndividualIrn)!;
    expect(ceo.cfRows.some((r) => r.frn === bank.frn && r.end === null)).toBe(true);
    expect(ceo.cfRows.some((r) => r.frn === bank.frn && r.end !== null)).toBe(true);
  });

  it('exceptional info, disciplinary, payment institution and no-longer-authorised firms', () => {
    const ei = d.firms.get(SHOWCASE.exceptionalInfoFrn)!;
    expect(ei.exceptionalInfo.length).toBeGreaterThan(0);
    expect(ei.subStatus).not.toBe('');
    expect(d.firmDetails(SHOWCASE.disciplinaryFrn).disciplinary).toHaveLength(DISCIPLINARY_ACTIONS);
    const pi = d.firms.get(SHOWCASE.paymentInstitutionFrn)!;
    expect(pi.searchType).toBe('Payment services firm');
    expect(d.firmDetails(pi.frn).exclusions.length).toBeGreaterThan(0);
    for (const frn of SHOWCASE.noLongerAuthorisedFrns) expect(d.firms.get(frn)!.status).toBe('No longer authorised');
  });

  it('prohibited individual, umbrella fund and non-ASCII records', () => {
    const p = d.individuals.get(SHOWCASE.prohibitedIrn)!;
    expect(p.searchStatus).toBe('Prohibited');
    expect(p.disciplinary.some((x) => x.action === 'Prohibition')).toBe(true);
    const umbrella = d.funds.get(SHOWCASE.umbrellaFundPrn)!;
    expect(umbrella.subFundPrns).toHaveLength(UMBRELLA_SUB_FUNDS);
    expect(umbrella.subFundPrns).toContain(SHOWCASE.subFundPrn);
    expect(d.firms.get(umbrella.depositaryFrn)!.frn).toBe(SHOWCASE.bankFrn);
    expect(d.firms.get(SHOWCASE.nonAsciiFrn)!.name).toMatch(/[^\x00-\x7f].*'/);
    expect(d.individuals.get(SHOWCASE.nonAsciiIrn)!.fullName).toMatch(/[^\x00-\x7f].*'/);
  });

  it('keeps the showcase numbers whatever the seed', () => {
    const other = generateDataset('another-seed', { firms: 100, individuals: 100, funds: 10 });
    for (const frn of [SHOWCASE.bankFrn, SHOWCASE.networkPrincipalFrn, SHOWCASE.disciplinaryFrn, ...SHOWCASE.noLongerAuthorisedFrns]) expect(other.firms.has(frn)).toBe(true);
    expect(other.funds.get(SHOWCASE.umbrellaFundPrn)!.subFundPrns).toHaveLength(UMBRELLA_SUB_FUNDS);
    expect(other.firms.get(SHOWCASE.networkPrincipalFrn)!.representatives.current).toHaveLength(NETWORK_CURRENT_ARS);
    expect(other.individuals.has(SHOWCASE.prohibitedIrn)).toBe(true);
  });
});
