import type {
  AppointedRepresentative,
  AppointedRepresentatives,
  DisciplinaryAction,
  FirmControlledFunction,
  FirmControlledFunctions,
  FirmIndividual,
  IndividualControlledFunction,
  IndividualControlledFunctions,
} from './model';
import { Fields, MalformedBody, describeType, isRecord, refFromUrl, requireList, requireRecord, splitList } from './normalise-values';

/** People and relationships: /AR, /Firm/{FRN}/CF, /Individuals/{IRN}/CF, /Firm/{FRN}/Individuals, DisciplinaryHistory. */

function appointedRepresentative(item: Record<string, unknown>): AppointedRepresentative {
  const f = new Fields(item);
  const url = f.text('URL');
  return {
    frn: f.text('FRN') ?? refFromUrl(url, 'firm'),
    name: f.text('Name'),
    principalFrn: f.text('Principal FRN'),
    principalName: f.text('Principal Firm Name'),
    recordSubType: f.text('RecordSubType'),
    effectiveDate: f.date('Effective Date'),
    terminationDate: f.date('Termination Date'),
    tiedAgent: f.flag('Tied Agent'),
    eeaTiedAgent: f.flag('EEA Tied Agent'),
    insuranceDistribution: f.flag('[NotinUse] Insurance Distribution'),
    url,
    extra: f.extra(),
  };
}

/** A bucket: a list of rows, or null when empty. */
function bucket<T>(value: unknown, name: string, row: (item: Record<string, unknown>) => T): T[] {
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) throw new MalformedBody(`Data.${name} should be a list but is ${describeType(value)}`);
  return value.map((item, i) => {
    if (!isRecord(item)) throw new MalformedBody(`Data.${name}[${i}] should be an object but is ${describeType(item)}`);
    return row(item);
  });
}

export function normaliseAppointedRepresentatives(data: unknown): AppointedRepresentatives {
  const record = requireRecord(data);
  const f = new Fields(record);
  f.consume('CurrentAppointedRepresentatives', 'PreviousAppointedRepresentatives');
  return {
    current: bucket(record.CurrentAppointedRepresentatives, 'CurrentAppointedRepresentatives', appointedRepresentative),
    previous: bucket(record.PreviousAppointedRepresentatives, 'PreviousAppointedRepresentatives', appointedRepresentative),
    extra: f.extra(),
  };
}

/** "(42)SMF7 Group Entity Senior Manager" → order 42 and the function's name. */
function parseFunctionKey(key: string): { order?: number; name?: string } {
  const m = /^\s*\((\d+)\)\s*(.*)$/.exec(key);
  if (!m) return { name: key.trim() || undefined };
  return { order: Number(m[1]), name: m[2].trim() || undefined };
}

/** Walks the Current/Previous objects keyed by "(N)name" across the one (or more) list items. */
function functionBuckets<T>(data: unknown, row: (key: string, value: Record<string, unknown>) => T): { current: T[]; previous: T[]; extra: Record<string, unknown> } {
  const out = { current: [] as T[], previous: [] as T[], extra: {} as Record<string, unknown> };
  // The register sends a list holding one object; an object on its own is accepted too.
  const groups = Array.isArray(data) ? requireList(data) : data === null || data === undefined ? [] : [requireRecord(data)];
  for (const group of groups) {
    for (const [key, value] of Object.entries(group)) {
      const target = key === 'Current' ? out.current : key === 'Previous' ? out.previous : undefined;
      if (target && (value === null || value === undefined)) continue;
      if (!target || !isRecord(value)) {
        out.extra[key] = value;
        continue;
      }
      for (const [fnKey, fnValue] of Object.entries(value)) {
        if (!isRecord(fnValue)) throw new MalformedBody(`Data.${key}["${fnKey}"] should be an object but is ${describeType(fnValue)}`);
        target.push(row(fnKey, fnValue));
      }
    }
  }
  return out;
}

function controlledFunctionBase(key: string, f: Fields) {
  const parsed = parseFunctionKey(key);
  return {
    order: parsed.order,
    name: f.text('Name') ?? parsed.name,
    effectiveDate: f.date('Effective Date'),
    endDate: f.date('End Date'),
    restriction: f.text('Restriction'),
    restrictionStartDate: f.date('Suspension / Restriction Start Date'),
    restrictionEndDate: f.date('Suspension / Restriction End Date'),
  };
}

export function normaliseFirmControlledFunctions(data: unknown): FirmControlledFunctions {
  return functionBuckets(data, (key, value): FirmControlledFunction => {
    const f = new Fields(value);
    const url = f.text('URL');
    return {
      ...controlledFunctionBase(key, f),
      individualName: f.text('Individual Name'),
      irn: refFromUrl(url, 'individual'),
      url,
      extra: f.extra(),
    };
  });
}

export function normaliseIndividualControlledFunctions(data: unknown): IndividualControlledFunctions {
  return functionBuckets(data, (key, value): IndividualControlledFunction => {
    const f = new Fields(value);
    const url = f.text('URL');
    return {
      ...controlledFunctionBase(key, f),
      firmName: f.text('Firm Name'),
      frn: refFromUrl(url, 'firm'),
      customerEngagementMethods: splitList(f.text('Customer Engagement Method')),
      url,
      extra: f.extra(),
    };
  });
}

export function normaliseFirmIndividuals(data: unknown): FirmIndividual[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const url = f.text('URL');
    const status = f.text('Status');
    return {
      irn: f.text('IRN')?.toUpperCase() ?? refFromUrl(url, 'individual'),
      name: f.text('Name'),
      status,
      statuses: splitList(status),
      url,
      extra: f.extra(),
    };
  });
}

export function normaliseDisciplinaryHistory(data: unknown): DisciplinaryAction[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    return {
      actionType: f.text('TypeofAction'),
      enforcementType: f.text('EnforcementType'),
      effectiveFrom: f.date('ActionEffectiveFrom'),
      description: f.text('TypeofDescription'),
      extra: f.extra(),
    };
  });
}
