/** `npm run sandbox` as a process: prints where it listens, serves, stops cleanly on SIGTERM, refuses bad settings. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts'], {
    cwd: root,
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_LATENCY_MS: '0', SANDBOX_FIRMS: '200', SANDBOX_INDIVIDUALS: '300', SANDBOX_FUNDS: '20', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out, errors: () => err };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting for the sandbox');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('sandbox/main.ts', () => {
  it('starts from the environment, prints its address, base URL and account, and stops on SIGTERM', async () => {
    const p = run({});
    await waitFor(() => /operator:/.test(p.output()), 20_000);
    const origin = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(p.output())![1];
    expect(p.output()).toContain(`base URL:   ${origin}/services/V0.1`);
    expect(p.output()).toContain('X-AUTH-EMAIL: sandbox@example.com   X-AUTH-KEY: sandbox-key');
    const r = await fetch(`${origin}/services/V0.1/CommonSearch?q=RM`, { headers: { 'X-AUTH-EMAIL': 'sandbox@example.com', 'X-AUTH-KEY': 'sandbox-key' } });
    expect((await r.json()).Status).toBe('FSR-API-06-04-00');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 30_000);

  it('does not print a key set through SANDBOX_KEY', async () => {
    const p = run({ SANDBOX_KEY: 'private-key-value' });
    await waitFor(() => /operator:/.test(p.output()), 20_000);
    expect(p.output()).not.toContain('private-key-value');
    p.child.kill('SIGINT');
    expect(await p.exited).toBe(0);
  }, 30_000);

  it('fails fast naming the bad variable', async () => {
    const p = run({ SANDBOX_RATE_LIMIT: 'fifty' });
    expect(await p.exited).toBe(2);
    expect(p.errors()).toContain('SANDBOX_RATE_LIMIT must be REQUESTS/SECONDS');
  }, 30_000);
});
