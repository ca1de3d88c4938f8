import type { PassportActivity, PassportPermission, Permission } from './model';
import { Fields, isRecord, requireList, requireRecord, textList } from './normalise-values';

/** /Firm/{FRN}/Permissions (an object keyed by permission) and /Passports/{Country}/Permission. */

const LISTS: Record<string, 'customerTypes' | 'investmentTypes' | 'limitations'> = {
  'Customer Type': 'customerTypes',
  'Investment Type': 'investmentTypes',
  Limitation: 'limitations',
};

function permission(name: string, value: unknown): Permission {
  const p: Permission = { name, customerTypes: [], investmentTypes: [], limitations: [], other: {}, extra: {} };
  // Each value is a list of single-key objects of string lists; a bare object is read the same way.
  const entries = Array.isArray(value) ? value : isRecord(value) ? [value] : undefined;
  if (!entries) {
    if (value !== null && value !== undefined) p.extra.value = value;
    return p;
  }
  entries.forEach((entry, i) => {
    if (!isRecord(entry)) {
      p.extra[`[${i}]`] = entry;
      return;
    }
    for (const [label, raw] of Object.entries(entry)) {
      const list = textList(raw);
      if (list === undefined) {
        p.extra[label] = raw;
        continue;
      }
      const field = LISTS[label];
      if (field) p[field].push(...list);
      else p.other[label] = [...(p.other[label] ?? []), ...list];
    }
  });
  return p;
}

export function normalisePermissions(data: unknown): Permission[] {
  return Object.entries(requireRecord(data)).map(([name, value]) => permission(name, value));
}

function passportActivity(item: unknown): PassportActivity {
  if (!isRecord(item)) return { investmentTypes: [], extra: { value: item } };
  const f = new Fields(item);
  return { name: f.text('Name'), investmentTypes: f.list('InvestmentTypes'), extra: f.extra() };
}

export function normalisePassportPermissions(data: unknown): PassportPermission[] {
  return requireList(data).map((item) => {
    const f = new Fields(item);
    const activities = f.obj.Permissions;
    const permissions = Array.isArray(activities) ? activities.map(passportActivity) : [];
    if (Array.isArray(activities) || activities === null || activities === undefined) f.consume('Permissions');
    return {
      country: f.text('Country'),
      directive: f.text('Directive'),
      direction: f.text('PassportDirection'),
      passportType: f.text('PassportType'),
      permissions,
      extra: f.extra(),
    };
  });
}
