import { flag, isAbsent, isoDate, splitList } from '../normalise-values';

/**
 * Checks that normalising lost no value: every leaf of the wire body (strings, numbers, booleans)
 * must appear somewhere in the normalised result, as itself or in the form the model gives it (an
 * ISO date, a boolean flag, a number, semicolon-joined parts). Absent markers ("", "None",
 * "null", null) may be dropped. Returns the JSON paths of leaves that are nowhere to be found.
 */

function clean(s: string): string {
  return s
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function atoms(model: unknown, out = { strings: new Set<string>(), numbers: new Set<number>(), booleans: new Set<boolean>() }) {
  if (typeof model === 'string') out.strings.add(clean(model));
  else if (typeof model === 'number') out.numbers.add(model);
  else if (typeof model === 'boolean') out.booleans.add(model);
  else if (Array.isArray(model)) model.forEach((m) => atoms(m, out));
  else if (model && typeof model === 'object') Object.values(model).forEach((m) => atoms(m, out));
  return out;
}

export function missingLeaves(wire: unknown, model: unknown): string[] {
  const have = atoms(model);
  const missing: string[] = [];
  const found = (v: string | number | boolean): boolean => {
    if (typeof v === 'number') return have.numbers.has(v) || have.strings.has(String(v));
    if (typeof v === 'boolean') return have.booleans.has(v);
    const s = clean(v);
    if (have.strings.has(s)) return true;
    const date = isoDate(v);
    if (date.value && have.strings.has(date.value)) return true;
    const f = flag(v);
    if (f.value !== undefined && have.booleans.has(f.value)) return true;
    if (/^\d+$/.test(s) && have.numbers.has(Number(s))) return true;
    const parts = splitList(s);
    if (parts.length > 1 && parts.every((p) => have.strings.has(clean(p)))) return true;
    return false;
  };
  const walk = (v: unknown, path: string) => {
    if (isAbsent(v)) return;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      if (!found(v)) missing.push(`${path} = ${JSON.stringify(v)}`);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}[${i}]`));
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
    }
  };
  walk(wire, '$');
  return missing;
}
