import { describe, expect, it } from 'vitest';
import type { EntityKind } from '@/lib/db/schema';
import type { EndpointName } from '@/lib/register/register-client-types';
import { normaliseEnvelope } from '@/lib/register/normalise';
import { loadFixtures } from '@/lib/register/test-support/exchanges';
import { classifyResponse } from '@/lib/register/transport';
import { describeRows, hasDescriber } from './change-words';
import { comparableRow, linkPath } from './comparable';
import { diffSection, fieldDiffs, maxSeverity } from './section-diff';
import { stripTransient, watchSection, WATCH_SECTIONS, type WatchSection } from './watch-sections';

/**
 * Only what the register changed is a change. For every watched section: the register's answer
 * read twice, the second time renumbered (the "(N)" prefixes and "Workplace Location N" shifted),
 * reordered (every list and every list inside a row reversed, an object's keys in another order)
 * and from another host, diffs to nothing; and each real kind of change (a row added, removed, a
 * field changed, a row moved from the current list to the previous one) is exactly one row, said
 * in a sentence, with that same noise around it.
 */

type Row = Record<string, unknown>;

const fixtures = new Map(loadFixtures().map((f) => [f.name.replace(/\.json$/, ''), f]));

/** The register's answer as the watch reads it: the endpoint's normaliser, then the section's rows. */
function readAnswer(section: WatchSection, endpoint: EndpointName, fixture: string, data?: unknown): Row[] {
  const ex = fixtures.get(fixture);
  if (!ex) throw new Error(`no fixture ${fixture}`);
  expect(ex.endpoint).toBe(endpoint);
  const answer = classifyResponse(ex.httpStatus, ex.text, null, ex.path, Date.now());
  if (answer.kind !== 'ok') throw new Error(`${fixture} is ${answer.kind}`);
  const [id] = ex.args;
  const envelope = data === undefined ? answer.envelope : { ...answer.envelope, Data: data };
  const normalised = normaliseEnvelope(endpoint, envelope as typeof answer.envelope, { path: ex.path, frn: id, irn: id, prn: id }, 1);
  return section.rows(normalised.data);
}

function wireData(fixture: string): unknown {
  const ex = fixtures.get(fixture)!;
  return (JSON.parse(ex.text) as { Data: unknown }).Data;
}

const OTHER_HOST = 'https://intact.my.salesforce.com/services/apexrest/V0.1';

/**
 * The same answer as the register might send it next time: every list reversed, every object's
 * keys in reverse order, the "(N)" prefixes and workplace numbers renumbered, and its links on
 * another host.
 */
function renumbered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renumbered).reverse();
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Row).reverse();
    const workplaces = entries.filter(([k]) => /^Workplace Location \d+$/.test(k)).length;
    return Object.fromEntries(
      entries.map(([k, v]) => {
        const key = k.replace(/^\((\d+)\)/, (_m, n: string) => `(${Number(n) + 3})`);
        const workplace = /^Workplace Location (\d+)$/.exec(k);
        if (!workplace) return [key, renumbered(v)];
        // A workplace's location is keyed by its number too ("Location 2" in "Workplace Location 2").
        const [from, to] = [workplace[1], String(workplaces + 1 - Number(workplace[1]))];
        const inner = Object.fromEntries(Object.entries(v as Row).map(([ik, iv]) => [ik === `Location ${from}` ? `Location ${to}` : ik, iv]));
        return [`Workplace Location ${to}`, renumbered(inner)];
      }),
    );
  }
  if (typeof value === 'string') return value.replace('https://register.fca.org.uk/services/V0.1', OTHER_HOST);
  return value;
}

interface Case {
  kind: EntityKind;
  slug: string;
  endpoint: EndpointName;
  fixture: string;
  /** The same row with another identity (a row the register added); a record is added by appearing. */
  another?: (row: Row) => Row;
  /** The same row with a field that is not its identity changed, and the label that field has. */
  field: { change(row: Row): Row; label: string };
  /** For a section in two buckets: the row as it reads once ended (moved to the previous list). */
  ended?: (row: Row) => Row;
  /** Index of the row the cases change (a current row for bucketed sections). */
  pick?: (rows: Row[]) => number;
}

const current = (rows: Row[]) => rows.findIndex((r) => r.list === 'Current');

const CASES: Case[] = [
  {
    kind: 'firm',
    slug: 'record',
    endpoint: 'firm',
    fixture: 'firm-found-pretty',
    field: { change: (r) => ({ ...r, status: 'No longer authorised' }), label: 'Status' },
  },
  {
    kind: 'firm',
    slug: 'permissions',
    endpoint: 'firmPermissions',
    fixture: 'firm-permissions',
    another: (r) => ({ ...r, name: 'Managing an AIF' }),
    field: { change: (r) => ({ ...r, customerTypes: [...(r.customerTypes as string[]), 'Eligible counterparty'] }), label: 'Customer types' },
  },
  {
    kind: 'firm',
    slug: 'requirements',
    endpoint: 'firmRequirements',
    fixture: 'firm-requirements',
    another: (r) => ({ ...r, reference: 'OR-0999999', title: 'No new business' }),
    field: { change: (r) => ({ ...r, text: 'The firm must not take on new clients.' }), label: 'Text' },
  },
  {
    kind: 'firm',
    slug: 'individuals',
    endpoint: 'firmIndividuals',
    fixture: 'firm-individuals-page1',
    another: (r) => ({ ...r, irn: 'ZZZ99999', name: 'Zed Zee' }),
    field: { change: (r) => ({ ...r, status: 'Regulatory approval no longer required', statuses: ['Regulatory approval no longer required'] }), label: 'Status' },
  },
  {
    kind: 'firm',
    slug: 'controlled-functions',
    endpoint: 'firmControlledFunctions',
    fixture: 'firm-cf',
    another: (r) => ({ ...r, irn: 'ZZZ99999', individualName: 'Zed Zee', url: '/Individuals/ZZZ99999' }),
    field: { change: (r) => ({ ...r, restriction: 'Limited to advising' }), label: 'Restriction' },
    ended: (r) => ({ ...r, list: 'Previous', endDate: '2026-01-31' }),
    pick: current,
  },
  {
    kind: 'firm',
    slug: 'appointed-representatives',
    endpoint: 'firmAppointedRepresentatives',
    fixture: 'firm-ar-page1',
    another: (r) => ({ ...r, frn: '1018100', name: 'Mendip Mortgages Ltd', url: '/Firm/1018100' }),
    field: { change: (r) => ({ ...r, recordSubType: r.recordSubType === 'Full' ? 'Introducer' : 'Full' }), label: 'Type' },
    ended: (r) => ({ ...r, list: 'Previous', terminationDate: '2026-01-31' }),
    pick: current,
  },
  {
    kind: 'firm',
    slug: 'disciplinary-history',
    endpoint: 'firmDisciplinaryHistory',
    fixture: 'firm-dh-page2',
    another: (r) => ({ ...r, effectiveFrom: '2026-02-01' }),
    field: { change: (r) => ({ ...r, description: 'Final Notice 2024, as corrected.' }), label: 'Description' },
  },
  {
    kind: 'firm',
    slug: 'passports',
    endpoint: 'firmPassports',
    fixture: 'firm-passports',
    another: (r) => ({ ...r, country: 'MALTA', permissionsUrl: '/Firm/100001/Passports/MALTA/Permission' }),
    field: { change: (r) => ({ ...r, extra: { Directive: 'IDD' } }), label: 'Directive' },
  },
  {
    kind: 'firm',
    slug: 'waivers',
    endpoint: 'firmWaivers',
    fixture: 'firm-waivers',
    another: (r) => ({ ...r, rules: ['SYSC 4.1'], documentName: 'B0000002P.pdf' }),
    field: { change: (r) => ({ ...r, extra: { Note: 'Varied' } }), label: 'Note' },
  },
  {
    kind: 'firm',
    slug: 'exclusions',
    endpoint: 'firmExclusions',
    fixture: 'firm-exclusions',
    another: (r) => ({ ...r, exclusionType: 'Commercial Agent Exclusion' }),
    field: { change: (r) => ({ ...r, servicesDescription: 'Tidewater parking and fuel card' }), label: 'Services' },
  },
  {
    kind: 'firm',
    slug: 'names',
    endpoint: 'firmNames',
    fixture: 'firm-names',
    another: (r) => ({ ...r, name: 'Harbourside Home Finance', effectiveFrom: '2026-02-01' }),
    field: { change: (r) => ({ ...r, extra: { Note: 'Brand' } }), label: 'Note' },
    ended: (r) => ({ ...r, list: 'Previous', effectiveTo: '2026-02-02' }),
    pick: current,
  },
  {
    kind: 'firm',
    slug: 'address',
    endpoint: 'firmAddresses',
    fixture: 'firm-address',
    another: (r) => ({ ...r, kind: 'other', type: 'Head Office' }),
    field: { change: (r) => ({ ...r, postcode: 'EH6 6JJ', town: 'Edinburgh' }), label: 'Postcode' },
  },
  {
    kind: 'firm',
    slug: 'regulators',
    endpoint: 'firmRegulators',
    fixture: 'firm-regulators',
    another: (r) => ({ ...r, name: 'Prudential Regulation Authority', effectiveDate: '2013-04-01' }),
    field: { change: (r) => ({ ...r, terminationDate: '2026-01-31', current: false }), label: 'Termination date' },
    pick: (rows) => rows.findIndex((r) => r.terminationDate === undefined),
  },
  {
    kind: 'individual',
    slug: 'record',
    endpoint: 'individual',
    fixture: 'individual',
    field: { change: (r) => ({ ...r, status: 'Regulatory approval no longer required' }), label: 'Status' },
  },
  {
    kind: 'individual',
    slug: 'controlled-functions',
    endpoint: 'individualControlledFunctions',
    fixture: 'individual-cf',
    another: (r) => ({ ...r, frn: '200200', firmName: 'Albion Crown Bank plc', url: '/Firm/200200' }),
    field: { change: (r) => ({ ...r, customerEngagementMethods: ['Online'] }), label: 'Customer engagement' },
    ended: (r) => ({ ...r, list: 'Previous', endDate: '2026-01-31' }),
    pick: current,
  },
  {
    kind: 'individual',
    slug: 'disciplinary-history',
    endpoint: 'individualDisciplinaryHistory',
    fixture: 'individual-dh',
    another: (r) => ({ ...r, effectiveFrom: '2026-02-01' }),
    field: { change: (r) => ({ ...r, description: 'Prohibition order, varied.' }), label: 'Description' },
  },
  {
    kind: 'fund',
    slug: 'record',
    endpoint: 'fund',
    fixture: 'fund',
    field: { change: (r) => ({ ...r, status: 'Terminated' }), label: 'Status' },
  },
  {
    kind: 'fund',
    slug: 'names',
    endpoint: 'fundNames',
    fixture: 'fund-names',
    another: (r) => ({ ...r, name: 'Example Growth Fund', effectiveFrom: '2026-02-01' }),
    field: { change: (r) => ({ ...r, effectiveTo: '2026-02-03' }), label: 'Effective to' },
  },
  {
    kind: 'fund',
    slug: 'subfunds',
    endpoint: 'fundSubfunds',
    fixture: 'fund-subfunds-page1',
    another: (r) => ({ ...r, name: 'Example New Sub-Fund' }),
    field: { change: (r) => ({ ...r, type: 'Money market' }), label: 'Type' },
  },
];

describe('every watched section has a case here and speaks in sentences', () => {
  it('covers each section of each entity', () => {
    const covered = new Set(CASES.map((c) => `${c.kind} ${c.slug}`));
    for (const kind of ['firm', 'individual', 'fund'] as const) for (const s of WATCH_SECTIONS[kind]) expect(covered.has(`${kind} ${s.slug}`), `${kind} ${s.slug}`).toBe(true);
    for (const c of CASES) expect(hasDescriber(c.kind, c.slug), `${c.kind} ${c.slug}`).toBe(true);
  });
});

for (const c of CASES) {
  describe(`${c.kind} ${c.slug}`, () => {
    const section = watchSection(c.kind, c.slug)!;
    const base = readAnswer(section, c.endpoint, c.fixture);
    const noisy = readAnswer(section, c.endpoint, c.fixture, renumbered(wireData(c.fixture)));
    const index = c.pick ? c.pick(base) : 0;
    const target = base[index];
    const targetKey = section.key(comparableRow(target));
    /** The noisy reading with one row (the target's) replaced, or dropped when `replace` gives null. */
    const noisyWith = (replace: (row: Row) => Row | null, extra: Row[] = []) => {
      const out: Row[] = [];
      for (const row of noisy) {
        if (section.key(comparableRow(row)) !== targetKey) out.push(row);
        else {
          const next = replace(row);
          if (next) out.push(next);
        }
      }
      return [...out, ...extra];
    };

    it('reads the same answer renumbered, reordered and from another host as no change', () => {
      expect(base.length).toBeGreaterThan(0);
      // A list of several rows comes back in another order (a record is one row, a short list may be one).
      if (base.length > 1) expect(noisy).not.toEqual(base);
      expect(diffSection(section, base, noisy)).toEqual({ rows: [], severity: 'low', summary: '' });
      expect(diffSection(section, noisy, base).rows).toEqual([]);
    });

    it('finds a row added, in a sentence', () => {
      // A record is one row: added means it is on the register where it was not.
      const diff =
        c.slug === 'record'
          ? diffSection(section, [], noisy)
          : diffSection(
              section,
              base,
              noisyWith((r) => r, [c.another!(stripTransient(target) as Row)]),
            );
      expect(diff.rows.map((r) => r.change)).toEqual(['added']);
      const [words] = describeRows(c.kind, c.slug, diff.rows);
      expect(words).toMatchObject({ change: 'added', before: null });
      expect(words.text.length).toBeGreaterThan(10);
      expect(diff.summary).toBe(words.text);
    });

    it('finds a row removed, in a sentence', () => {
      const diff =
        c.slug === 'record'
          ? diffSection(section, noisy, [])
          : diffSection(
              section,
              base,
              noisyWith(() => null),
            );
      expect(diff.rows.map((r) => [r.change, r.key])).toEqual([['removed', targetKey]]);
      const [words] = describeRows(c.kind, c.slug, diff.rows);
      expect(words).toMatchObject({ change: 'removed', after: null });
      expect(words.text.length).toBeGreaterThan(10);
    });

    it(`finds a field changed (${c.field.label}), said with its before and after`, () => {
      const diff = diffSection(
        section,
        base,
        noisyWith((r) => c.field.change(r)),
      );
      expect(diff.rows.map((r) => [r.change, r.key])).toEqual([['changed', targetKey]]);
      const [words] = describeRows(c.kind, c.slug, diff.rows);
      expect(words.change).toBe('changed');
      expect(words.changed).toContain(c.field.label);
      expect(words.before?.[c.field.label]).not.toBe(words.after?.[c.field.label]);
      expect(words.text).not.toMatch(/undefined|null|\[object|\{\}|\[\]|\d{4}-\d{2}-\d{2}/);
    });

    if (c.ended) {
      it('finds a row that moved from the current list to the previous one as one row ended', () => {
        const diff = diffSection(
          section,
          base,
          noisyWith((r) => c.ended!(r)),
        );
        expect(diff.rows.map((r) => [r.change, r.key])).toEqual([['changed', targetKey]]);
        const [words] = describeRows(c.kind, c.slug, diff.rows);
        expect(words.change).toBe('ended');
        expect(words.text).toMatch(/ended|no longer used/i);
        expect(words.text).toMatch(/\d{1,2} (Jan|Feb) 2026/);
      });
    }
  });
}

describe('the sentences, in the register’s terms', () => {
  const cf = watchSection('firm', 'controlled-functions')!;
  const row = (over: Row = {}): Row => ({
    list: 'Current',
    order: 48,
    name: 'SMF3 Executive Director',
    individualName: 'Beatrice Katherine Sutcliffe',
    irn: 'BKS00001',
    effectiveDate: '2021-01-04',
    url: 'http://127.0.0.1:4010/services/V0.1/Individuals/BKS00001',
    extra: {},
    ...over,
  });

  it('one ended controlled function among 23 renumbered ones is one sentence, not "23 rows changed"', () => {
    const others = Array.from({ length: 22 }, (_, i) =>
      row({ order: 47 - i, name: `[FCA CF] Client dealing`, individualName: `Person ${i}`, irn: `PXX${String(i).padStart(5, '0')}` }),
    );
    const before = [row(), ...others];
    const after = [...others.map((r) => ({ ...r, order: (r.order as number) - 1 })), row({ list: 'Previous', order: 1, endDate: '2026-01-31' })];
    const diff = diffSection(cf, before, after);
    expect(diff.rows).toHaveLength(1);
    expect(diff.summary).toBe('Beatrice Katherine Sutcliffe (BKS00001) ended SMF3 Executive Director on 31 Jan 2026');
    const [words] = describeRows('firm', 'controlled-functions', diff.rows);
    expect(words.before).toEqual({ Function: 'SMF3 Executive Director', Individual: 'Beatrice Katherine Sutcliffe', IRN: 'BKS00001', 'Effective date': '4 Jan 2021' });
    expect(words.after).toMatchObject({ 'End date': '31 Jan 2026' });
    expect(words.changed).toEqual(['End date']);
  });

  it('reads a stored change that only renumbered rows as no change at all', () => {
    const stored = [{ change: 'changed' as const, key: 'k', before: row({ order: 48 }), after: row({ order: 47 }) }];
    expect(describeRows('firm', 'controlled-functions', stored)).toEqual([]);
  });

  it('says the sandbox’s kinds of change the way its own change list does', () => {
    const permissions = watchSection('firm', 'permissions')!;
    const perm = (name: string) => ({ name, customerTypes: [], investmentTypes: [], limitations: [], other: {}, extra: {} });
    expect(diffSection(permissions, [perm('Accepting deposits'), perm('Sending dematerialised instructions')], [perm('Accepting deposits')]).summary).toBe(
      'Permission removed: Sending dematerialised instructions',
    );
    const ar = watchSection('firm', 'appointed-representatives')!;
    const rep = { list: 'Current', frn: '1018100', name: 'Mendip Mortgages Ltd', effectiveDate: '2026-01-31', extra: {} };
    expect(diffSection(ar, [], [rep]).summary).toBe('Appointed representative added: Mendip Mortgages Ltd (1018100) from 31 Jan 2026');
    expect(diffSection(ar, [rep], [{ ...rep, list: 'Previous', terminationDate: '2026-02-02' }]).summary).toBe(
      'Appointed representative ended: Mendip Mortgages Ltd (1018100) on 2 Feb 2026',
    );
    const icf = watchSection('individual', 'controlled-functions')!;
    const role = {
      list: 'Current',
      name: 'SMF3 Executive Director',
      firmName: 'Albion Crown Bank plc',
      frn: '200200',
      effectiveDate: '2021-01-04',
      customerEngagementMethods: [],
      extra: {},
    };
    expect(diffSection(icf, [role], [{ ...role, list: 'Previous', endDate: '2026-01-31' }]).summary).toBe(
      'Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026',
    );
    const record = watchSection('firm', 'record')!;
    const firm = {
      frn: '300300',
      name: 'Pemberton Vale Investments Limited',
      status: 'Authorised',
      statusEffectiveDate: '2001-12-01',
      exceptionalInfo: [{ title: 'Firm in administration', extra: {} }],
      extra: {},
    };
    expect(
      diffSection(record, [firm], [{ ...firm, exceptionalInfo: [...firm.exceptionalInfo, { title: 'Claims against the firm', body: 'Contact the administrators.', extra: {} }] }])
        .summary,
    ).toBe('Exceptional Info notice added: Claims against the firm');
    // A notice read back from storage has its keys in another order: not a change to it.
    const stored = {
      ...firm,
      exceptionalInfo: [
        { extra: {}, title: 'Firm in administration' },
        { title: 'Client money and assets', body: 'Do not send payments.', extra: {} },
      ],
    };
    expect(diffSection(record, [stored], [{ ...firm, exceptionalInfo: [{ title: 'Firm in administration', extra: {} }] }]).summary).toBe(
      'Exceptional Info notice removed: Client money and assets',
    );
    expect(diffSection(record, [firm], [{ ...firm, status: 'No longer authorised', statusEffectiveDate: '2026-01-31' }]).summary).toBe(
      'Status Authorised (from 1 Dec 2001) → No longer authorised (from 31 Jan 2026)',
    );
    const names = watchSection('firm', 'names')!;
    const name = { list: 'Current', name: 'Ångström Wealth Partners', status: 'Trading', effectiveFrom: '2019-03-01', extra: {} };
    expect(diffSection(names, [name], [{ ...name, list: 'Previous', effectiveTo: '2026-02-05' }]).summary).toBe(
      'Trading name no longer used: Ångström Wealth Partners (to 5 Feb 2026)',
    );
    const individuals = watchSection('firm', 'individuals')!;
    const person = { irn: 'GXF87342', name: 'Gillian Fischer', status: 'Approved by regulator', statuses: ['Approved by regulator'], extra: {} };
    expect(
      diffSection(individuals, [person], [{ ...person, status: 'Regulatory approval no longer required', statuses: ['Regulatory approval no longer required'] }]).summary,
    ).toBe('Gillian Fischer (GXF87342): Approved by regulator → Regulatory approval no longer required');
  });

  it('says the first two sentences and how many more', () => {
    const permissions = watchSection('firm', 'permissions')!;
    const perm = (name: string) => ({ name, customerTypes: [], investmentTypes: [], limitations: [], other: {}, extra: {} });
    const diff = diffSection(permissions, [perm('A'), perm('B'), perm('C'), perm('D')], []);
    expect(diff.summary).toBe('Permission removed: A; Permission removed: B; and 2 more');
  });
});

describe('weights and fields', () => {
  const record = watchSection('firm', 'record')!;

  it('weighs a record: status high, Exceptional Info added high and removed medium, a name low', () => {
    const base = { frn: '1', name: 'Acme', status: 'Authorised', exceptionalInfo: [] as unknown[] };
    expect(diffSection(record, [base], [{ ...base, status: 'No longer authorised' }]).severity).toBe('high');
    expect(diffSection(record, [base], [{ ...base, exceptionalInfo: [{ title: 'Notice' }] }]).severity).toBe('high');
    expect(diffSection(record, [{ ...base, exceptionalInfo: [{ title: 'Notice' }] }], [base]).severity).toBe('medium');
    const renamed = diffSection(record, [base], [{ ...base, name: 'Acme Ltd' }]);
    expect([renamed.severity, renamed.summary]).toEqual(['low', 'Name: Acme → Acme Ltd']);
    expect(diffSection(record, [base], []).summary).toBe('No longer on the register: Acme');
  });

  it('pairs rows that share an identity identical-first, so reordering them is no change', () => {
    const permissions = watchSection('firm', 'permissions')!;
    const perm = (name: string, customerTypes: string[]) => ({ name, customerTypes, investmentTypes: [], limitations: [], other: {}, extra: {} });
    expect(diffSection(permissions, [perm('A', ['x']), perm('A', ['y'])], [perm('A', ['y']), perm('A', ['x'])]).rows).toEqual([]);
    expect(diffSection(permissions, [perm('A', ['x'])], [perm('A', ['y']), perm('A', ['x'])]).rows.map((r) => [r.change, r.key])).toEqual([['added', 'A#2']]);
  });

  it('compares nested objects by path and lists inside a row as sets', () => {
    expect(fieldDiffs({ a: { b: 1, c: [1, 2] } }, { a: { b: 2, c: [1, 2] } })).toEqual([{ path: 'a.b', before: 1, after: 2 }]);
    expect(comparableRow({ a: [2, 1], order: 4, url: 'https://register.fca.org.uk/services/V0.1/Firm/1', extra: { order: 1 } })).toEqual({
      a: [1, 2],
      url: '/Firm/1',
      extra: { order: 1 },
    });
    expect(linkPath('https://intact.my.salesforce.com/services/apexrest/V0.1/CIS/185045')).toBe('/CIS/185045');
    expect(linkPath('https://register.fca.org.uk/servlet/servlet.FileDownload?file=00P1')).toBe('/servlet/servlet.FileDownload?file=00P1');
  });

  it('drops the register clock and undefined values before anything is compared', () => {
    expect(stripTransient({ name: 'A', systemTimestamp: '2026-11-24T09:00:00Z', extra: { 'System Timestamp': 'x', k: 1 }, gone: undefined })).toEqual({
      name: 'A',
      extra: { k: 1 },
    });
  });

  it('takes the highest severity', () => {
    expect(maxSeverity(['low', 'medium', 'low'])).toBe('medium');
    expect(maxSeverity([])).toBe('low');
  });
});
