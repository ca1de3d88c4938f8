/**
 * The two body layouts the live service uses. Most endpoints answer compact JSON; /Firm/{FRN}
 * answers Jackson's default pretty printer ("key" : value, two-space indent, arrays inline as
 * `[ {` … `} ]`, empty ones as `[ ]`), byte for byte as in the January 2026 raw recordings.
 * Key order is insertion order, so builders create objects in the server's key order.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function compactJson(value: Json): string {
  return JSON.stringify(value);
}

export function prettyJson(value: Json): string {
  return pretty(value, 0);
}

function pretty(value: Json, level: number): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[ ]';
    // Jackson's array indenter is inline: elements stay at the enclosing object's level.
    return `[ ${value.map((v) => pretty(v, level)).join(', ')} ]`;
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return '{ }';
  const inner = '  '.repeat(level + 1);
  const entries = keys.map((k) => `${inner}${JSON.stringify(k)} : ${pretty(value[k], level + 1)}`);
  return `{\n${entries.join(',\n')}\n${'  '.repeat(level)}}`;
}
