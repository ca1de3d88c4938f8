/** Shared by the sandbox's own tests: a sandbox on an ephemeral port with no latency, and a GET helper. */
import { DEFAULT_ACCOUNT, type SandboxOptions } from './config';
import { startSandbox, type RunningSandbox } from './server';

export function startTestSandbox(overrides: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  return startSandbox({ host: '127.0.0.1', port: 0, latency: { min: 0, max: 0 }, rateLimit: 'off', ...overrides });
}

export interface Fetched {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body, or undefined when it is not JSON. */
  json: any;
}

/** GET a path below the API base (e.g. "/Firm/200200") with the default account unless headers say otherwise. */
export async function apiGet(sb: RunningSandbox, path: string, headers: Record<string, string> = {}): Promise<Fetched> {
  const url = path.startsWith('http') ? path : `${sb.baseUrl}${path}`;
  const res = await fetch(url, {
    headers: { 'X-AUTH-EMAIL': DEFAULT_ACCOUNT.email, 'X-AUTH-KEY': DEFAULT_ACCOUNT.key, Accept: 'application/json', ...headers },
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
