import { canonicalJson } from '@/lib/db/queries/snapshots';
import type { EntityKind } from '@/lib/db/schema';
import { formatDate } from '@/lib/format/date';
import { entitySection } from '@/lib/sections/entity-sections';
import { entryRows } from '@/lib/sections/section-kit';
import { comparableRow, sameRow } from './comparable';
import { sectionNames, watchSection } from './watch-sections';

/**
 * Changes in words: each row the register changed as one sentence in the register's own terms,
 * the way the sandbox's change list says it ("Permission removed: Sending dematerialised
 * instructions"; "Beatrice Katherine Sutcliffe (BKS00001) ended SMF3 Executive Director on
 * 31 Jan 2026"), with what the row said before and after as labelled fields (UK dates, the
 * register's names for things, no field names of the portal's own). The inbox, a change's page,
 * the History tab, the e-mails, the webhook and the watch API all say a change with these.
 *
 * The words are made from the stored row differences whenever they are shown, so a change
 * recorded before a describer improved reads the new way; a stored row that differs only in what
 * comparable.ts sets aside (a change recorded before positions were left out of comparisons) is
 * not a change and gets no sentence.
 */

type Row = Record<string, unknown>;

/** A row difference as stored (lib/watch/section-diff.ts RowDiff, or as read back from the database). */
export interface StoredRow {
  change: 'added' | 'removed' | 'changed';
  key: string;
  label?: string;
  before?: Row;
  after?: Row;
}

/** What happened to a row, for people and programs: a row that moved from the current to the previous list "ended". */
export type RowChangeKind = 'added' | 'removed' | 'ended' | 'changed';

/** One row the register changed, in words. */
export interface ChangeWords {
  change: RowChangeKind;
  key: string;
  /** One sentence. */
  text: string;
  /** What the row said before, field by field (label → value as people read it); null for a row added. */
  before: Record<string, string> | null;
  /** What it says now; null for a row removed. */
  after: Record<string, string> | null;
  /** Labels whose value differs between before and after. */
  changed: string[];
}

/** A field of a row as people read it. */
interface Field {
  label: string;
  value: (row: Row) => unknown;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as people read it; undefined for nothing. Dates in UK form, flags as Yes/No, lists joined. */
export function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return ISO_DATE.test(value) ? formatDate(value) : value;
  if (Array.isArray(value)) {
    const parts = value.map(valueText).filter((v): v is string => v !== undefined);
    return parts.length ? parts.join('; ') : undefined;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Row)
      .map(([k, v]) => [k, valueText(v)] as const)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${k}: ${v}`);
    return parts.length ? parts.join('; ') : undefined;
  }
  return String(value);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const date = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? formatDate(v) : undefined);

/** The register's unknown keys (`extra`), each under its own name. */
function extraFields(before: Row | undefined, after: Row | undefined): Field[] {
  const keys = new Set([...Object.keys((before?.extra as Row | undefined) ?? {}), ...Object.keys((after?.extra as Row | undefined) ?? {})]);
  return [...keys].sort().map((k) => ({ label: k, value: (row: Row) => (row.extra as Row | undefined)?.[k] }));
}

// The record's own fields, labelled as the register names them.
const FIRM_RECORD: Field[] = [
  { label: 'FRN', value: (r) => r.frn },
  { label: 'Name', value: (r) => r.name },
  { label: 'Status', value: (r) => r.status },
  { label: 'Status effective date', value: (r) => r.statusEffectiveDate },
  { label: 'Business type', value: (r) => r.businessType },
  { label: 'Sub-status', value: (r) => r.subStatus },
  { label: 'Sub-status effective from', value: (r) => r.subStatusEffectiveFrom },
  { label: 'Companies House number', value: (r) => r.companiesHouseNumber },
  { label: 'Mutual society number', value: (r) => r.mutualSocietyNumber },
  { label: 'Client money permission', value: (r) => r.clientMoneyPermission },
  { label: 'PSD / EMD status', value: (r) => r.psdEmdStatus },
  { label: 'PSD / EMD effective date', value: (r) => r.psdEmdEffectiveDate },
  { label: 'PSD agent status', value: (r) => r.psdAgentStatus },
  { label: 'PSD agent effective date', value: (r) => r.psdAgentEffectiveDate },
  { label: 'E-money agent status', value: (r) => r.eMoneyAgentStatus },
  { label: 'E-money agent effective date', value: (r) => r.eMoneyAgentEffectiveDate },
  { label: 'MLRs status', value: (r) => r.mlrsStatus },
  { label: 'MLRs status effective date', value: (r) => r.mlrsStatusEffectiveDate },
  { label: 'Exceptional Info', value: (r) => noticeTitles(r) },
];

const INDIVIDUAL_RECORD: Field[] = [
  { label: 'IRN', value: (r) => r.irn },
  { label: 'Name', value: (r) => r.fullName },
  { label: 'Commonly used name', value: (r) => r.commonlyUsedName },
  { label: 'Status', value: (r) => r.status },
  { label: 'Workplaces', value: (r) => workplaces(r) },
];

const FUND_RECORD: Field[] = [
  { label: 'PRN', value: (r) => r.prn },
  { label: 'Status', value: (r) => r.status },
  { label: 'Effective date', value: (r) => r.effectiveDate },
  { label: 'Product type', value: (r) => r.productType },
  { label: 'Scheme type', value: (r) => r.schemeType },
  { label: 'ICVC registration number', value: (r) => r.icvcRegistrationNumber },
  { label: 'MMF NAV type', value: (r) => r.mmfNavType },
  { label: 'MMF term type', value: (r) => r.mmfTermType },
  { label: 'Operator', value: (r) => r.operatorName },
  { label: 'Operator FRN', value: (r) => r.operatorFrn },
  { label: 'Depositary', value: (r) => r.depositaryName },
  { label: 'Depositary FRN', value: (r) => r.depositaryFrn },
];

const RECORD_FIELDS: Record<EntityKind, Field[]> = { firm: FIRM_RECORD, individual: INDIVIDUAL_RECORD, fund: FUND_RECORD };

interface Notice {
  title?: string;
  body?: string;
}

function notices(row: Row | undefined): Notice[] {
  return Array.isArray(row?.exceptionalInfo) ? (row.exceptionalInfo as Notice[]) : [];
}

function noticeTitles(row: Row): string[] {
  return notices(row).map((n) => n.title || n.body || 'Untitled notice');
}

function workplaces(row: Row): string[] {
  const list = Array.isArray(row.workplaces) ? (row.workplaces as Row[]) : [];
  return list.map((w) => [str(w.firmName), str(w.location)].filter(Boolean).join(', ')).filter(Boolean);
}

/** A list section's fields: its CSV columns (the register's terms), less the bucket, links and the JSON of unknown keys. */
function listFields(kind: EntityKind, slug: string): Field[] {
  const entry = entitySection(kind, slug);
  if (!entry) return [];
  return entryRows(entry)
    .columns.filter((c) => c.header !== 'List' && !c.header.startsWith('Other fields') && !/\bURL$/.test(c.header))
    .map((c) => ({ label: c.header, value: (row: Row) => c.value(row) }));
}

/** A change of standing (lib/watch/check-standing.ts): the standing and its reasons as the check read them. */
const STANDING_FIELDS: Field[] = [
  { label: 'Standing', value: (r) => r.standing },
  { label: 'Reasons', value: (r) => r.reasons },
];

function fieldsOf(kind: EntityKind, slug: string, before: Row | undefined, after: Row | undefined): Field[] {
  if (slug === 'standing') return STANDING_FIELDS;
  return [...(slug === 'record' ? RECORD_FIELDS[kind] : listFields(kind, slug)), ...extraFields(before, after)];
}

function labelled(fields: Field[], row: Row | undefined): Record<string, string> | null {
  if (!row) return null;
  const out: Record<string, string> = {};
  for (const f of fields) {
    const text = valueText(f.value(row));
    if (text !== undefined) out[f.label] = text;
  }
  return out;
}

/** The labels whose value differs. */
function changedLabels(fields: Field[], before: Record<string, string> | null, after: Record<string, string> | null): string[] {
  return fields.map((f) => f.label).filter((label) => (before?.[label] ?? '') !== (after?.[label] ?? ''));
}

/** Values longer than this are not repeated in a sentence: the before and after fields carry them. */
const LONG = 80;

/** "Status: Authorised → No longer authorised"; a long value says only that it changed. */
function fieldPhrase(label: string, before: Record<string, string> | null, after: Record<string, string> | null): string {
  const a = before?.[label];
  const b = after?.[label];
  if ((a?.length ?? 0) > LONG || (b?.length ?? 0) > LONG) return `${label} changed`;
  if (a === undefined) return `${label} set to ${b}`;
  if (b === undefined) return `${label} ${a} removed`;
  return `${label}: ${a} → ${b}`;
}

function phrases(labels: string[], before: Record<string, string> | null, after: Record<string, string> | null): string {
  return labels.map((l) => fieldPhrase(l, before, after)).join('; ');
}

/** What a describer gets: the row before and after (comparable form), their labelled fields, the labels that changed. */
interface Context {
  change: StoredRow['change'];
  before?: Row;
  after?: Row;
  row: Row;
  labels: { before: Record<string, string> | null; after: Record<string, string> | null; changed: string[] };
  /** The row moved from the current list to the previous one (or back). */
  moved: 'ended' | 'back' | null;
  /** Changed labels besides the ones the sentence already says. */
  others(...said: string[]): string;
}

type Describer = (c: Context) => string;

const withOthers = (text: string, others: string) => (others ? `${text} (also ${others})` : text);

const person = (r: Row) => `${str(r.individualName) ?? str(r.name) ?? 'Someone'}${str(r.irn) ? ` (${str(r.irn)})` : ''}`;
const firmRef = (name: unknown, frn: unknown) => `${str(name) ?? (str(frn) ? `FRN ${str(frn)}` : 'a firm')}${str(name) && str(frn) ? ` (${str(frn)})` : ''}`;

/** Firm CF: "Beatrice Katherine Sutcliffe (BKS00001) ended SMF3 Executive Director on 31 Jan 2026". */
const firmControlledFunction: Describer = (c) => {
  const r = c.row;
  const who = person({ individualName: r.individualName, irn: r.irn });
  const fn = str(r.name) ?? 'a controlled function';
  if (c.change === 'added') {
    return r.list === 'Previous'
      ? `${who} listed as having held ${fn}${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}${date(r.endDate) ? ` to ${date(r.endDate)}` : ''}`
      : `${who} started ${fn}${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}`;
  }
  if (c.change === 'removed') return `${who} no longer listed with ${fn}${date(r.effectiveDate) ? ` (from ${date(r.effectiveDate)})` : ''}`;
  if (c.moved === 'ended') return withOthers(`${who} ended ${fn}${date(r.endDate) ? ` on ${date(r.endDate)}` : ''}`, c.others('End date'));
  if (c.moved === 'back') return withOthers(`${who} holds ${fn} again (back among the current roles)`, c.others('End date'));
  return `${who}, ${fn}: ${c.others()}`;
};

/** Individual CF: "Ended SMF3 Executive Director at Albion Crown Bank plc (200200) on 31 Jan 2026". */
const individualControlledFunction: Describer = (c) => {
  const r = c.row;
  const at = `at ${firmRef(r.firmName, r.frn)}`;
  const fn = str(r.name) ?? 'a controlled function';
  if (c.change === 'added') {
    return r.list === 'Previous'
      ? `Listed as having held ${fn} ${at}${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}${date(r.endDate) ? ` to ${date(r.endDate)}` : ''}`
      : `Started ${fn} ${at}${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}`;
  }
  if (c.change === 'removed') return `No longer listed with ${fn} ${at}`;
  if (c.moved === 'ended') return withOthers(`Ended ${fn} ${at}${date(r.endDate) ? ` on ${date(r.endDate)}` : ''}`, c.others('End date'));
  if (c.moved === 'back') return withOthers(`Holds ${fn} ${at} again (back among the current roles)`, c.others('End date'));
  return `${fn} ${at}: ${c.others()}`;
};

/** AR: "Appointed representative added: Mendip Mortgages Ltd (1018100) from 31 Jan 2026". */
const appointedRepresentative: Describer = (c) => {
  const r = c.row;
  const who = firmRef(r.name, r.frn);
  if (c.change === 'added') {
    return r.list === 'Previous'
      ? `Former appointed representative listed: ${who}${date(r.terminationDate) ? `, ended ${date(r.terminationDate)}` : ''}`
      : `Appointed representative added: ${who}${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}`;
  }
  if (c.change === 'removed') return `Appointed representative no longer listed: ${who}`;
  if (c.moved === 'ended')
    return withOthers(`Appointed representative ended: ${who}${date(r.terminationDate) ? ` on ${date(r.terminationDate)}` : ''}`, c.others('Termination date'));
  if (c.moved === 'back') return withOthers(`Appointed representative current again: ${who}`, c.others('Termination date'));
  return `Appointed representative ${who}: ${c.others()}`;
};

const permission: Describer = (c) => {
  const name = str(c.row.name) ?? 'a permission';
  if (c.change === 'added') return `Permission added: ${name}`;
  if (c.change === 'removed') return `Permission removed: ${name}`;
  return `Permission changed: ${name}: ${c.others()}`;
};

const requirement: Describer = (c) => {
  const r = c.row;
  const ref = str(r.reference) ? `Requirement ${str(r.reference)}` : 'Requirement';
  if (c.change === 'added') return `${ref} imposed${date(r.effectiveDate) ? ` from ${date(r.effectiveDate)}` : ''}: ${str(r.title) ?? 'untitled'}`;
  if (c.change === 'removed') return `${ref} lifted: ${str(r.title) ?? 'untitled'}`;
  return `${ref} changed: ${c.others()}`;
};

const firmIndividual: Describer = (c) => {
  const who = person({ individualName: c.row.name, irn: c.row.irn });
  if (c.change === 'added') return `${who} now listed among the firm's individuals${str(c.row.status) ? `: ${str(c.row.status)}` : ''}`;
  if (c.change === 'removed') return `${who} no longer listed among the firm's individuals`;
  if (c.labels.changed.length === 1 && c.labels.changed[0] === 'Status') return `${who}: ${c.labels.before?.Status ?? 'no status'} → ${c.labels.after?.Status ?? 'no status'}`;
  return `${who}: ${c.others()}`;
};

const disciplinary: Describer = (c) => {
  const r = c.row;
  const what = `${str(r.actionType) ?? 'Action'}${str(r.enforcementType) ? ` (${str(r.enforcementType)})` : ''}${date(r.effectiveFrom) ? ` from ${date(r.effectiveFrom)}` : ''}`;
  if (c.change === 'added') return `Disciplinary action added: ${what}`;
  if (c.change === 'removed') return `Disciplinary action no longer listed: ${what}`;
  return `Disciplinary action ${what}: ${c.others()}`;
};

const passport: Describer = (c) => {
  const what = `${str(c.row.country) ?? 'a country'}${str(c.row.direction) ? ` (${str(c.row.direction)})` : ''}`;
  if (c.change === 'added') return `Passport added: ${what}`;
  if (c.change === 'removed') return `Passport removed: ${what}`;
  return `Passport ${what}: ${c.others()}`;
};

const waiver: Describer = (c) => {
  const rules = valueText(c.row.rules) ?? 'no rules named';
  const what = `${rules}${str(c.row.documentName) ? ` (${str(c.row.documentName)})` : ''}`;
  if (c.change === 'added') return `Waiver added: ${what}`;
  if (c.change === 'removed') return `Waiver removed: ${what}`;
  return `Waiver ${what}: ${c.others()}`;
};

const exclusion: Describer = (c) => {
  const what = [str(c.row.exclusionType), str(c.row.exclusionReliedUpon)].filter(Boolean).join(': ') || 'an exclusion';
  if (c.change === 'added') return `Exclusion added: ${what}`;
  if (c.change === 'removed') return `Exclusion removed: ${what}`;
  return `Exclusion ${what}: ${c.others()}`;
};

/** Firm names: "Trading name added: Harbourside Home Finance (from 1 Feb 2026)". */
const firmName: Describer = (c) => {
  const r = c.row;
  const kind = `${str(r.status) ?? 'Trading'} name`;
  const name = str(r.name) ?? 'unnamed';
  if (c.change === 'added') {
    return r.list === 'Previous'
      ? `Previous ${kind.toLowerCase()} listed: ${name}${date(r.effectiveTo) ? ` (to ${date(r.effectiveTo)})` : ''}`
      : `${kind} added: ${name}${date(r.effectiveFrom) ? ` (from ${date(r.effectiveFrom)})` : ''}`;
  }
  if (c.change === 'removed') return `${kind} no longer listed: ${name}`;
  if (c.moved === 'ended') return withOthers(`${kind} no longer used: ${name}${date(r.effectiveTo) ? ` (to ${date(r.effectiveTo)})` : ''}`, c.others('Effective to'));
  if (c.moved === 'back') return withOthers(`${kind} in use again: ${name}`, c.others('Effective to'));
  return `${kind} ${name}: ${c.others()}`;
};

const ADDRESS_PARTS = ['Address lines', 'Town', 'County', 'Postcode', 'Country'];

/** "2 Quayside Walk, Leith, Edinburgh, EH6 6JJ": the lines, town and postcode as one line. */
function addressLine(row: Row | undefined): string {
  if (!row) return 'no address';
  const lines = Array.isArray(row.lines) ? (row.lines as unknown[]).map(str) : [];
  return [...lines, str(row.town), str(row.postcode)].filter(Boolean).join(', ') || 'no address';
}

const address: Describer = (c) => {
  const type = str(c.row.type) ?? 'Address';
  if (c.change === 'added') return `${type} added: ${addressLine(c.after)}`;
  if (c.change === 'removed') return `${type} removed: ${addressLine(c.before)}`;
  if (c.labels.changed.some((l) => ADDRESS_PARTS.includes(l))) {
    const moved = type === 'Principal Place of Business' ? 'Principal place of business moved' : `${type} changed`;
    return withOthers(`${moved}: ${addressLine(c.before)} → ${addressLine(c.after)}`, c.others(...ADDRESS_PARTS));
  }
  return `${type}: ${c.others()}`;
};

const regulator: Describer = (c) => {
  const name = str(c.row.name) ?? 'a regulator';
  if (c.change === 'added') return `Regulator added: ${name}${date(c.row.effectiveDate) ? ` from ${date(c.row.effectiveDate)}` : ''}`;
  if (c.change === 'removed') return `Regulator no longer listed: ${name}`;
  if (c.labels.changed.includes('Termination date') && c.after?.terminationDate && !c.before?.terminationDate) {
    return withOthers(`Regulator ${name}: termination date set to ${date(c.after.terminationDate)}`, c.others('Termination date'));
  }
  return `Regulator ${name}: ${c.others()}`;
};

const fundName: Describer = (c) => {
  const name = str(c.row.name) ?? 'unnamed';
  if (c.change === 'added') return `Other name added: ${name}${date(c.row.effectiveFrom) ? ` (from ${date(c.row.effectiveFrom)})` : ''}`;
  if (c.change === 'removed') return `Other name no longer listed: ${name}`;
  if (c.labels.changed.includes('Effective to') && c.after?.effectiveTo && !c.before?.effectiveTo) {
    return withOthers(`Other name no longer used: ${name} (to ${date(c.after.effectiveTo)})`, c.others('Effective to'));
  }
  return `Other name ${name}: ${c.others()}`;
};

const subFund: Describer = (c) => {
  const name = str(c.row.name) ?? 'unnamed';
  if (c.change === 'added') return `Sub-fund added: ${name}`;
  if (c.change === 'removed') return `Sub-fund no longer listed: ${name}`;
  return `Sub-fund ${name}: ${c.others()}`;
};

/** A record's changed fields, each in words: status first, then notices, sub-status, the rest. */
function recordChanges(c: Context): string {
  const b = c.before ?? {};
  const a = c.after ?? {};
  const parts: string[] = [];
  const said: string[] = [];
  const statusText = (r: Row) => `${str(r.status) ?? 'no status'}${date(r.statusEffectiveDate) ? ` (from ${date(r.statusEffectiveDate)})` : ''}`;
  if (c.labels.changed.includes('Status') || c.labels.changed.includes('Status effective date')) {
    parts.push(`Status ${statusText(b)} → ${statusText(a)}`);
    said.push('Status', 'Status effective date');
  }
  if (c.labels.changed.includes('Sub-status') || c.labels.changed.includes('Sub-status effective from')) {
    const was = str(b.subStatus);
    const now = str(a.subStatus);
    const from = date(a.subStatusEffectiveFrom);
    parts.push(!was ? `Sub-status set: ${now}${from ? ` (from ${from})` : ''}` : !now ? `Sub-status ended: ${was}` : `Sub-status ${was} → ${now}${from ? ` (from ${from})` : ''}`);
    said.push('Sub-status', 'Sub-status effective from');
  }
  const before = notices(b);
  const after = notices(a);
  const title = (n: Notice) => n.title || n.body || 'Untitled notice';
  const beforeTitles = new Map(before.map((n) => [title(n), n]));
  const afterTitles = new Map(after.map((n) => [title(n), n]));
  for (const [t, n] of afterTitles) {
    if (!beforeTitles.has(t)) parts.push(`Exceptional Info notice added: ${t}`);
    else if (canonicalJson(beforeTitles.get(t)) !== canonicalJson(n)) parts.push(`Exceptional Info notice changed: ${t}`);
  }
  for (const t of beforeTitles.keys()) if (!afterTitles.has(t)) parts.push(`Exceptional Info notice removed: ${t}`);
  said.push('Exceptional Info');
  const rest = c.others(...said);
  if (rest) parts.push(rest);
  return parts.join('; ') || 'Details changed';
}

function recordDescriber(kind: EntityKind): Describer {
  const noun = kind === 'firm' ? 'firm' : kind === 'individual' ? 'individual' : 'fund';
  return (c) => {
    const r = c.row;
    const name = str(r.name) ?? str(r.fullName);
    if (c.change === 'added') {
      const status = str(r.status) ? `, ${str(r.status)}${date(r.statusEffectiveDate ?? r.effectiveDate) ? ` (from ${date(r.statusEffectiveDate ?? r.effectiveDate)})` : ''}` : '';
      return `On the register${name ? `: ${name}` : ` as a ${noun}`}${status}`;
    }
    if (c.change === 'removed') return `No longer on the register${name ? `: ${name}` : ''}`;
    return recordChanges(c);
  };
}

/**
 * "Standing Clear · Authorised → Stop · Prohibited": what the register's answers now mean for
 * relying on the record, short enough for the inbox; the reasons are the change's before and after.
 */
const standing: Describer = (c) => {
  const was = str(c.before?.standing) ?? 'unknown';
  const now = str(c.after?.standing) ?? 'unknown';
  return was === now ? `Standing still ${now}; the reasons for it changed` : `Standing ${was} → ${now}`;
};

/** A section no describer knows (a registry adds one): its title and the row's label. */
function genericDescriber(kind: EntityKind, slug: string): Describer {
  const title = sectionNames(kind, slug).title;
  return (c) => {
    const label = (c.row && watchSection(kind, slug)?.label(c.row)) || 'a row';
    if (c.change === 'added') return `${title}: added ${label}`;
    if (c.change === 'removed') return `${title}: removed ${label}`;
    return `${title}: ${label} changed: ${c.others()}`;
  };
}

const DESCRIBERS: Record<EntityKind, Record<string, Describer>> = {
  firm: {
    record: recordDescriber('firm'),
    permissions: permission,
    requirements: requirement,
    individuals: firmIndividual,
    'controlled-functions': firmControlledFunction,
    'appointed-representatives': appointedRepresentative,
    'disciplinary-history': disciplinary,
    passports: passport,
    waivers: waiver,
    exclusions: exclusion,
    names: firmName,
    address,
    regulators: regulator,
    standing,
  },
  individual: {
    record: recordDescriber('individual'),
    'controlled-functions': individualControlledFunction,
    'disciplinary-history': disciplinary,
    standing,
  },
  fund: {
    record: recordDescriber('fund'),
    names: fundName,
    subfunds: subFund,
    standing,
  },
};

/** Whether a section has its own describer (the rest read "Title: added …"): for the tests that every section speaks. */
export function hasDescriber(kind: EntityKind, slug: string): boolean {
  return Object.hasOwn(DESCRIBERS[kind], slug);
}

/** One stored row difference in words, or null when it is no change at all (it differs only in positions, order or hosts). */
export function describeRow(kind: EntityKind, slug: string, stored: StoredRow): ChangeWords | null {
  const before = stored.before ? comparableRow(stored.before) : undefined;
  const after = stored.after ? comparableRow(stored.after) : undefined;
  if (stored.change === 'changed' && before && after && sameRow(before, after)) return null;
  const row = after ?? before ?? {};
  const fields = fieldsOf(kind, slug, before, after);
  const labels = { before: labelled(fields, before), after: labelled(fields, after) };
  const changed = stored.change === 'changed' ? changedLabels(fields, labels.before, labels.after) : [];
  const moved = stored.change === 'changed' && before?.list !== after?.list ? (after?.list === 'Previous' ? 'ended' : 'back') : null;
  const context: Context = {
    change: stored.change,
    before,
    after,
    row,
    labels: { ...labels, changed },
    moved,
    others: (...said: string[]) => {
      const rest = changed.filter((l) => !said.includes(l));
      if (rest.length) return phrases(rest, labels.before, labels.after);
      return said.length || changed.length ? '' : 'details changed';
    },
  };
  const describe = DESCRIBERS[kind][slug] ?? genericDescriber(kind, slug);
  return {
    change: moved === 'ended' ? 'ended' : stored.change,
    key: stored.key,
    text: describe(context),
    before: labels.before,
    after: labels.after,
    changed,
  };
}

/** Every row of a change in words, leaving out rows that are no change. */
export function describeRows(kind: EntityKind, slug: string, rows: readonly StoredRow[]): ChangeWords[] {
  return rows.map((r) => describeRow(kind, slug, r)).filter((w): w is ChangeWords => w !== null);
}

/** The first two sentences and "and N more": what the inbox, the e-mails and the stored summary say. */
export function changeSummary(words: readonly Pick<ChangeWords, 'text'>[], shown = 2): string {
  if (words.length === 0) return 'Only the order or numbering of the register’s rows changed: nothing the register says is different.';
  const first = words.slice(0, shown).map((w) => w.text);
  const more = words.length - first.length;
  return more > 0 ? `${first.join('; ')}; and ${more.toLocaleString('en-GB')} more` : first.join('; ');
}

/** A change in words, as every channel says it. */
export interface ChangeText {
  words: ChangeWords[];
  /** One sentence per row the register changed. */
  sentences: string[];
  /** The first two sentences and "and N more". */
  summary: string;
}

/**
 * A stored change in words. A change stored without rows (none recorded before row details were
 * kept) keeps the summary it was stored with as its one sentence.
 */
export function changeText(kind: EntityKind, section: string, rows: readonly StoredRow[], storedSummary: string): ChangeText {
  if (rows.length === 0) return { words: [], sentences: [storedSummary], summary: storedSummary };
  const words = describeRows(kind, section, rows);
  return { words, sentences: words.map((w) => w.text), summary: changeSummary(words) };
}

/** A row in words as the watch API and the webhook give it. */
export interface ChangeRowJson {
  change: RowChangeKind;
  key: string;
  text: string;
  before: Record<string, string> | null;
  after: Record<string, string> | null;
}

export function rowsJson(words: readonly ChangeWords[]): ChangeRowJson[] {
  return words.map(({ change, key, text, before, after }) => ({ change, key, text, before, after }));
}
