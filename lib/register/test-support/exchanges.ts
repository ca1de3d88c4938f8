import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseApiPath } from '../api-path';
import type { EndpointName } from '../register-client-types';

/**
 * Loads recorded or hand-written register exchanges into one shape for shape tests: our own unit
 * fixtures (lib/register/test-fixtures), and, when present, the real recordings in
 * ../shared/reference/fca-recorded or SANDBOX_RECORDED_DIR (three wrapper formats, see its README).
 */

export interface Exchange {
  name: string;
  /** What the register is expected to have said, when the exchange is not an ordinary answer. */
  expect?: 'unauthorised' | 'rate-limited';
  endpoint: EndpointName;
  args: string[];
  page: number;
  path: string;
  httpStatus: number;
  text: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
export const FIXTURE_DIR = path.resolve(here, '../test-fixtures');
/** The sandbox's contract fixtures (written by the sandbox's owners). */
export const SANDBOX_FIXTURE_DIR = path.resolve(repoRoot, 'sandbox/contract/fixtures');
/**
 * `../shared/reference/fca-recorded` from the repository root, outside the repository (a clone has
 * none); SANDBOX_RECORDED_DIR overrides it, as for the sandbox's contract tests.
 */
export const RECORDED_DIR = process.env.SANDBOX_RECORDED_DIR ? path.resolve(process.env.SANDBOX_RECORDED_DIR) : path.resolve(repoRoot, '../shared/reference/fca-recorded');

export function loadFixtures(): Exchange[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const f = JSON.parse(readFileSync(path.join(FIXTURE_DIR, file), 'utf8'));
      return {
        name: file,
        endpoint: f.endpoint,
        args: f.args,
        page: f.page,
        path: f.path,
        httpStatus: f.httpStatus,
        text: f.bodyText ?? JSON.stringify(f.body),
      };
    });
}

/** The recorded exchanges, or undefined when the directory is absent. */
export function loadRecorded(dir = RECORDED_DIR): Exchange[] | undefined {
  if (!existsSync(dir)) return undefined;
  const out: Exchange[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const raw = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
    let text: string;
    let url: string | undefined = raw.url ?? raw.request?.url;
    const httpStatus: number = raw.status_code ?? raw.statusCode;
    if (typeof raw.data === 'string') {
      // craigpotter/fca-php-sdk (Saloon): the exact body string; the URL is not recorded.
      text = raw.data;
      const frn = /"FRN"\s*:\s*"(\d+)"/.exec(text)?.[1] ?? '1234567890';
      url ??= `/Firm/${frn}`;
    } else if (typeof raw.content === 'string') {
      text = Buffer.from(raw.content, 'base64').toString('utf8');
    } else {
      text = JSON.stringify(raw.content?.json);
    }
    const parsed = url ? parseApiPath(url) : undefined;
    if (!parsed) throw new Error(`${file}: cannot tell which endpoint ${url} is`);
    const rel = new URL(url!, 'https://register.fca.org.uk/services/V0.1/');
    out.push({
      name: file,
      endpoint: parsed.endpoint,
      args: parsed.args,
      page: parsed.page,
      path: rel.pathname.replace(/^.*\/V0\.1/, '') + rel.search,
      httpStatus,
      text,
    });
  }
  return out;
}

/**
 * The sandbox's contract fixtures ({description, request, status, body, auth?, scenario?, …}),
 * or undefined when the directory does not exist yet.
 */
export function loadSandboxFixtures(dir = SANDBOX_FIXTURE_DIR): Exchange[] | undefined {
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const f = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
      const parsed = parseApiPath(f.request);
      if (!parsed) throw new Error(`${file}: cannot tell which endpoint ${f.request} is`);
      return {
        name: file,
        expect: f.auth ? 'unauthorised' : f.scenario === 'rate-limited' ? 'rate-limited' : undefined,
        endpoint: parsed.endpoint,
        args: parsed.args,
        page: parsed.page,
        path: f.request,
        httpStatus: f.status,
        text: typeof f.body === 'string' ? f.body : JSON.stringify(f.body),
      } satisfies Exchange;
    });
}
