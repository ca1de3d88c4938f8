import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from '../config';
import { Rng } from '../prng';
import { route } from '../api/router';
import type { ApiContext } from '../api/context';
import type { Json } from '../api/json-format';
import { buildDataset, type Dataset } from './generate';
import { DAILY_CHANGE_SHARE, SHOWCASE_CHANGES } from './day-plan';
import type { DayChange } from './day-state';
import { SHOWCASE } from './showcase';
import { RegisterTimeline, timelineFor } from './timeline';

const DEFAULT_SIZES = { firms: DEFAULT_OPTIONS.firms, individuals: DEFAULT_OPTIONS.individuals, funds: DEFAULT_OPTIONS.funds };
const SMALL = { firms: 300, individuals: 600, funds: 40 };

/** Every record of a day, sections included, as one text. */
function dump(d: Dataset): string {
  const parts: string[] = [];
  for (const f of d.firms.values()) parts.push(JSON.stringify({ ...f, details: d.firmDetails(f.frn) }));
  for (const p of d.individuals.values()) parts.push(JSON.stringify(p));
  for (const f of d.funds.values()) parts.push(JSON.stringify(f));
  return parts.join('\n');
}

/** Relations that must hold both ways; the problems found. */
function relationProblems(d: Dataset): string[] {
  const problems: string[] = [];
  const firmRows = new Set<object>();
  for (const firm of d.firms.values()) {
    for (const row of firm.cfRows) {
      firmRows.add(row);
      if (row.frn !== firm.frn) problems.push(`${firm.frn}: row names firm ${row.frn}`);
      if (!d.individuals.get(row.irn)?.cfRows.includes(row)) problems.push(`${firm.frn}: row of ${row.irn} missing on the person`);
    }
    for (const link of [...firm.representatives.current, ...firm.representatives.previous]) {
      if (link.principalFrn !== firm.frn) problems.push(`${firm.frn}: link names principal ${link.principalFrn}`);
      if (!d.firms.get(link.arFrn)?.appointments.includes(link)) problems.push(`${firm.frn}: ${link.arFrn} lacks the appointment`);
    }
    for (const link of firm.appointments) {
      const bucket = link.termination === null ? 'current' : 'previous';
      if (!d.firms.get(link.principalFrn)?.representatives[bucket].includes(link)) problems.push(`${firm.frn}: principal ${link.principalFrn} lacks it in ${bucket}`);
    }
    const current = firm.appointments.some((l) => l.termination === null);
    if (firm.kind === 'appointed-representative' && !current) problems.push(`${firm.frn}: appointed representative without a current principal`);
    if (current && firm.kind !== 'appointed-representative') problems.push(`${firm.frn}: ${firm.kind} with a current appointment`);
    if (current && !/^Appointed representative/.test(firm.status)) problems.push(`${firm.frn}: status ${firm.status} with a current appointment`);
  }
  for (const person of d.individuals.values()) {
    for (const row of person.cfRows) if (!firmRows.has(row) || row.irn !== person.irn) problems.push(`${person.irn}: row at ${row.frn} missing on the firm`);
  }
  for (const fund of d.funds.values()) {
    if (fund.parentPrn === null) {
      for (const sub of fund.subFundPrns) if (d.funds.get(sub)?.parentPrn !== fund.prn) problems.push(`${fund.prn}: lists ${sub} which is not its sub-fund`);
      if (fund.operatorFrn && !d.firms.has(fund.operatorFrn)) problems.push(`${fund.prn}: operator ${fund.operatorFrn} missing`);
    } else {
      const parent = d.funds.get(fund.parentPrn);
      const listed = parent?.subFundPrns.includes(fund.prn) ?? false;
      if (fund.status === 'Terminated' ? listed && parent!.status !== 'Terminated' : !listed)
        problems.push(`${fund.prn}: ${fund.status} and ${listed ? '' : 'not '}listed by ${fund.parentPrn}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Everything the API shows of a record, section by section, every page.

const FIRM_SECTIONS = ['Address', 'AR', 'CF', 'DisciplinaryHistory', 'Exclusions', 'Individuals', 'Names', 'Passports', 'Permissions', 'Regulators', 'Requirements', 'Waivers'];
const NOW = new Date(Date.UTC(2026, 5, 1, 12));

function answer(d: Dataset, segments: string[], pgnp?: number): Json {
  const query = new URLSearchParams(pgnp ? { pgnp: String(pgnp) } : {});
  const ctx: ApiContext = { dataset: d, base: 'http://sandbox.test/services/V0.1', apexBase: 'http://sandbox.test/services/apexrest/V0.1', query, now: NOW };
  return route(ctx, segments)!.body;
}

function allPages(d: Dataset, segments: string[]): Json[] {
  const pages: Json[] = [];
  for (let page = 1; page <= 200; page++) {
    const body = answer(d, segments, page) as { ResultInfo: { Next?: string; total_count?: string } | null };
    pages.push(body as Json);
    const info = body.ResultInfo;
    if (!info) break;
    const last = segments[2] === 'Subfund' ? Math.ceil(Number(info.total_count) / 20) : info.Next === undefined ? page : Infinity;
    if (page >= last) break;
  }
  return pages;
}

function sections(d: Dataset, type: string, ref: string, extraKeys: { requirements: string[]; countries: string[] }): Map<string, string> {
  const out = new Map<string, string>();
  if (type === 'firm') {
    out.set('Firm', JSON.stringify(answer(d, ['Firm', ref])));
    for (const s of FIRM_SECTIONS) {
      const parts = allPages(d, ['Firm', ref, s]);
      if (s === 'Requirements') for (const r of extraKeys.requirements) parts.push(answer(d, ['Firm', ref, 'Requirements', r, 'InvestmentTypes']));
      if (s === 'Passports') for (const c of extraKeys.countries) parts.push(answer(d, ['Firm', ref, 'Passports', c, 'Permission']));
      out.set(s, JSON.stringify(parts));
    }
  } else if (type === 'individual') {
    out.set('Individual', JSON.stringify(answer(d, ['Individuals', ref])));
    out.set('CF', JSON.stringify(answer(d, ['Individuals', ref, 'CF'])));
    out.set('DisciplinaryHistory', JSON.stringify(allPages(d, ['Individuals', ref, 'DisciplinaryHistory'])));
  } else {
    out.set('CIS', JSON.stringify(answer(d, ['CIS', ref])));
    out.set('Names', JSON.stringify(answer(d, ['CIS', ref, 'Names'])));
    out.set('Subfund', JSON.stringify(allPages(d, ['CIS', ref, 'Subfund'])));
  }
  return out;
}

function keysOf(d: Dataset, frn: string) {
  if (!d.firms.has(frn)) return { requirements: [] as string[], countries: [] as string[] };
  const details = d.firmDetails(frn);
  return { requirements: details.requirements.map((r) => r.ref), countries: details.passports.map((p) => p.country) };
}

/** The (record, section) pairs whose API answers differ between two days, for the sampled records. */
function differingSections(before: Dataset, after: Dataset, sample: Array<[string, string]>): Set<string> {
  const out = new Set<string>();
  for (const [type, ref] of sample) {
    const a = keysOf(before, ref);
    const b = keysOf(after, ref);
    const keys = { requirements: [...new Set([...a.requirements, ...b.requirements])], countries: [...new Set([...a.countries, ...b.countries])] };
    const x = sections(before, type, ref, type === 'firm' ? keys : a);
    const y = sections(after, type, ref, type === 'firm' ? keys : b);
    for (const [section, text] of x) if (y.get(section) !== text) out.add(`${type}|${ref}|${section}`);
  }
  return out;
}

describe('register days: determinism', () => {
  const base = buildDataset('days-determinism', SMALL);

  it('gives the same day whether reached in one step, day by day, or after a later day; day 0 is never altered', () => {
    const before = dump(base);
    const jump = new RegisterTimeline(base);
    const steps = new RegisterTimeline(base);
    const later = new RegisterTimeline(base);
    const day20 = dump(jump.at(20));
    for (let d = 1; d <= 20; d++) steps.at(d);
    expect(dump(steps.at(20))).toBe(day20);
    later.at(45);
    expect(dump(later.at(20))).toBe(day20);
    // Replayed from the day-30 checkpoint and from a recent day.
    expect(dump(later.at(33))).toBe(dump(steps.at(33)));
    expect(dump(later.at(34))).toBe(dump(jump.at(34)));
    for (const d of [1, 7, 20, 33]) expect(JSON.stringify(later.changes(d))).toBe(JSON.stringify(steps.changes(d)));
    expect(jump.at(0)).toBe(base);
    expect(dump(base)).toBe(before);
    expect(day20).not.toBe(before);
  });

  it('differs between seeds and keeps relations true both ways after every day', () => {
    const other = new RegisterTimeline(buildDataset('days-other-seed', SMALL));
    const t = new RegisterTimeline(base);
    expect(JSON.stringify(other.changes(5).map((c) => c.what))).not.toBe(JSON.stringify(t.changes(5).map((c) => c.what)));
    for (let d = 1; d <= 30; d++) expect(relationProblems(t.at(d)), `day ${d}`).toEqual([]);
  });
});

describe('register days on the default dataset', () => {
  const base = buildDataset(DEFAULT_OPTIONS.seed, DEFAULT_SIZES);
  const timeline = timelineFor(base);

  it('gives day 200 the same data replayed from a checkpoint as computed on the way to day 365', () => {
    // Timings of the same walk are printed by `npm run bench:sandbox-days`, not asserted here.
    const fresh = new RegisterTimeline(base);
    const on365 = fresh.at(365);
    expect(on365).toBeDefined();
    const replayed = dump(fresh.at(200));
    expect(replayed).toBe(dump(new RegisterTimeline(base).at(200)));
  }, 180_000);

  it('keeps relations true both ways after 30 days', () => {
    expect(relationProblems(timeline.at(30))).toEqual([]);
  }, 60_000);

  it('changes a realistic share of records every day, every kind the live register has', () => {
    const total = base.firms.size + base.individuals.size + base.funds.size;
    const kinds = new Set<string>();
    for (let d = 1; d <= 30; d++) {
      const changes = timeline.changes(d);
      const records = new Set(changes.map((c) => `${c.type}|${c.ref}`));
      expect(records.size / total, `day ${d}`).toBeGreaterThan(DAILY_CHANGE_SHARE / 2);
      expect(records.size / total, `day ${d}`).toBeLessThan(DAILY_CHANGE_SHARE * 4);
      for (const c of changes) kinds.add(c.kind);
    }
    for (const kind of [
      'status-changed',
      'cancelled',
      'firm-added',
      'sub-status-changed',
      'sub-status-removed',
      'permission-added',
      'permission-removed',
      'requirement-imposed',
      'requirement-lifted',
      'ar-added',
      'ar-removed',
      'cf-started',
      'cf-ended',
      'disciplinary-added',
      'exceptional-info-added',
      'exceptional-info-removed',
      'trading-name-added',
      'trading-name-ended',
      'address-changed',
      'subfund-added',
      'subfund-closed',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    const requirementWithTypes = Array.from({ length: 30 }, (_, i) => timeline.changes(i + 1))
      .flat()
      .find((c) => c.kind === 'requirement-imposed' && c.what.includes('investment types'));
    expect(requirementWithTypes).toBeDefined();
  }, 60_000);

  it('changes the showcase records only on their documented days, and day 1 touches the bank, the network, a person and the umbrella', () => {
    const showcaseRefs = new Set(SHOWCASE_CHANGES.map((c) => c.ref));
    for (let d = 1; d <= 30; d++) {
      const scripted = new Set(SHOWCASE_CHANGES.filter((c) => c.day === d).map((c) => c.ref));
      const touched = new Set(
        timeline
          .changes(d)
          .map((c) => c.ref)
          .filter(
            (r) =>
              showcaseRefs.has(r) ||
              Object.values(SHOWCASE)
                .flat()
                .includes(r as never),
          ),
      );
      expect([...touched].sort(), `day ${d}`).toEqual([...scripted].sort());
    }
    const day1 = new Set(timeline.changes(1).map((c) => c.ref));
    for (const ref of [SHOWCASE.bankFrn, SHOWCASE.networkPrincipalFrn, SHOWCASE.bankIndividualIrn, SHOWCASE.umbrellaFundPrn]) expect(day1, ref).toContain(ref);
    const bank = (day: number) => timeline.at(day).firmDetails(SHOWCASE.bankFrn);
    expect(bank(1).permissions).toHaveLength(41);
    expect(bank(7).permissions).toHaveLength(42);
    expect(bank(1).requirements.map((r) => r.ref)).toContain('OR-0200206');
    expect(bank(7).requirements.map((r) => r.ref)).not.toContain('OR-0200206');
    const network = timeline.at(1).firms.get(SHOWCASE.networkPrincipalFrn)!;
    expect([network.representatives.current.length, network.representatives.previous.length]).toEqual([714, 831]);
    const ar = timeline.at(10).firms.get(SHOWCASE.appointedRepresentativeFrn)!;
    expect(ar.status).toBe('No longer registered as an Appointed Representative');
    const successor = [...timeline.at(10).firms.values()].find((f) => f.name === ar.name && f.frn !== ar.frn)!;
    expect(successor.status).toBe('Authorised');
    expect(
      timeline
        .at(10)
        .search.search(ar.name, ['firm'])
        .map((e) => e.ref),
    ).toEqual(expect.arrayContaining([ar.frn, successor.frn]));
  }, 60_000);

  it('lists exactly what differs through the API: every listed change shows, nothing else differs', () => {
    const rng = new Rng('days-sample');
    const firms = [...base.firms.keys()];
    const people = [...base.individuals.keys()];
    const funds = [...base.funds.keys()];
    for (const day of [1, 2, 3, 7, 10, 14, 23]) {
      const before = timeline.at(day - 1);
      const after = timeline.at(day);
      const changes: readonly DayChange[] = timeline.changes(day);
      const sample = new Map<string, [string, string]>();
      const add = (type: string, ref: string) => sample.set(`${type}|${ref}`, [type, ref]);
      for (const c of changes) add(c.type, c.ref);
      for (const ref of [SHOWCASE.bankFrn, SHOWCASE.networkPrincipalFrn, SHOWCASE.exceptionalInfoFrn, SHOWCASE.disciplinaryFrn, SHOWCASE.nonAsciiFrn]) add('firm', ref);
      for (const ref of [SHOWCASE.bankIndividualIrn, SHOWCASE.prohibitedIrn]) add('individual', ref);
      add('fund', SHOWCASE.umbrellaFundPrn);
      for (let i = 0; i < 120; i++) add('firm', rng.pick(firms));
      for (let i = 0; i < 120; i++) add('individual', rng.pick(people));
      for (let i = 0; i < 30; i++) add('fund', rng.pick(funds));
      const listed = new Set(changes.map((c) => `${c.type}|${c.ref}|${c.section}`));
      const differing = differingSections(before, after, [...sample.values()]);
      // A record new today differs in every section it has; its "added" change covers them all.
      const added = new Set(changes.filter((c) => c.kind === 'firm-added' || c.kind === 'fund-added').map((c) => `${c.type}|${c.ref}`));
      for (const key of added) expect(before[key.startsWith('firm') ? 'firms' : 'funds'].has(key.split('|')[1]), key).toBe(false);
      const unlisted = [...differing].filter((k) => !listed.has(k) && !added.has(k.split('|').slice(0, 2).join('|')));
      expect(unlisted, `day ${day}: differs but not listed`).toEqual([]);
      expect(
        [...listed].filter((k) => !differing.has(k)),
        `day ${day}: listed but not visible`,
      ).toEqual([]);
    }
  }, 120_000);
});
