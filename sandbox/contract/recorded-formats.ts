/**
 * Reads the recorded live exchanges in ../shared/reference/fca-recorded (outside this repository)
 * in each recorder's own format (see that folder's README):
 *   - release-art/fca-api, Feb 2026: {status_code, headers, url, request, content: {json: body}};
 *     the body was re-serialised with sorted keys, so its key order means nothing;
 *   - release-art/fca-api, Jan 2026: the same wrapper with `content` = base64 of the raw bytes
 *     (key order and layout exact); some commits store the raw text itself;
 *   - craigpotter/fca-php-sdk, June 2023: Saloon's {statusCode, headers, data} with `data` the raw body;
 *   - `*.body.txt`: a decoded raw body, described by the `.json` file of the same name.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** `../shared/reference/fca-recorded` relative to the repository root (SANDBOX_RECORDED_DIR overrides it). */
export const RECORDED_DIR = process.env.SANDBOX_RECORDED_DIR ? resolve(process.env.SANDBOX_RECORDED_DIR) : resolve(REPO_ROOT, '../shared/reference/fca-recorded');

export function recordedDirExists(dir = RECORDED_DIR): boolean {
  return existsSync(dir);
}

export type RecordedFormat = 'release-art json' | 'release-art raw (base64)' | 'release-art raw' | 'saloon' | 'raw body';

export interface RecordedExchange {
  file: string;
  format: RecordedFormat;
  /** The request below /services/V0.1 ("/Firm/113849/AR?pgnp=2"), or null when the recorder kept no URL. */
  request: string | null;
  httpStatus: number;
  contentType?: string;
  body: unknown;
  /** Exact body text, when the recorder kept it. */
  raw?: string;
  /** Whether the body's key order is the server's. */
  orderMeaningful: boolean;
}

export type RecordedEntry = { kind: 'exchange'; exchange: RecordedExchange } | { kind: 'not-a-recording'; file: string; reason: string };

function lowerHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  return out;
}

function requestFromUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const at = url.indexOf('/services/V0.1');
  return at < 0 ? null : url.slice(at + '/services/V0.1'.length);
}

function decodeRawContent(content: string): { raw: string; format: RecordedFormat } | null {
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return { raw: content, format: 'release-art raw' };
  try {
    const decoded = Buffer.from(content, 'base64').toString('utf8');
    if (/^\s*[[{]/.test(decoded)) return { raw: decoded, format: 'release-art raw (base64)' };
  } catch {
    return null;
  }
  return null;
}

/** One file of the folder, unwrapped. Throws with the file name when a file is in no known format. */
export function readRecorded(file: string, dir = RECORDED_DIR): RecordedEntry {
  const name = basename(file);
  const path = join(dir, name);
  if (name.endsWith('.md')) return { kind: 'not-a-recording', file: name, reason: 'the folder index (README)' };
  if (name.endsWith('.body.txt')) {
    const sibling = readRecorded(name.replace(/\.body\.txt$/, '.json'), dir);
    if (sibling.kind !== 'exchange') throw new Error(`${name}: its .json sibling is not a recording`);
    const raw = readFileSync(path, 'utf8');
    return { kind: 'exchange', exchange: { ...sibling.exchange, file: name, format: 'raw body', raw, body: JSON.parse(raw), orderMeaningful: true } };
  }
  if (!name.endsWith('.json')) throw new Error(`${name}: not a .json, .body.txt or .md file`);
  const wrapper = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if ('content' in wrapper && 'status_code' in wrapper) {
    const headers = lowerHeaders(wrapper.headers as Record<string, unknown>);
    const base = { file: name, request: requestFromUrl(wrapper.url), httpStatus: Number(wrapper.status_code), contentType: headers['content-type'] };
    const content = wrapper.content;
    if (content && typeof content === 'object' && 'json' in content) {
      return { kind: 'exchange', exchange: { ...base, format: 'release-art json', body: (content as { json: unknown }).json, orderMeaningful: false } };
    }
    if (typeof content === 'string') {
      const decoded = decodeRawContent(content);
      if (!decoded) throw new Error(`${name}: content is neither JSON text nor base64 of it`);
      return { kind: 'exchange', exchange: { ...base, format: decoded.format, raw: decoded.raw, body: JSON.parse(decoded.raw), orderMeaningful: true } };
    }
    throw new Error(`${name}: unknown release-art content form`);
  }
  if ('statusCode' in wrapper && typeof wrapper.data === 'string') {
    const headers = lowerHeaders(wrapper.headers as Record<string, unknown>);
    return {
      kind: 'exchange',
      exchange: {
        file: name,
        format: 'saloon',
        request: null,
        httpStatus: Number(wrapper.statusCode),
        contentType: headers['content-type'],
        raw: wrapper.data,
        body: JSON.parse(wrapper.data),
        orderMeaningful: true,
      },
    };
  }
  throw new Error(`${name}: not in a known recorder format`);
}

export function listRecorded(dir = RECORDED_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => !f.startsWith('.'))
    .sort();
}
