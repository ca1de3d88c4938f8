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

/** `npm run sandbox -- ARGS` as a command that ends: its exit code and output. */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/main.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, out, err };
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

  it("moves a running sandbox's register day from the terminal: advance, day, changes", async () => {
    const p = run({});
    await waitFor(() => /register:/.test(p.output()), 20_000);
    expect(p.output()).toContain('register:   day 0 (30/01/2026); npm run sandbox -- advance 1 | day N | changes');
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(p.output())![1];
    const command = (...args: string[]) => cli(args, { SANDBOX_PORT: port });
    const advanced = await command('advance', '2');
    expect(advanced.code).toBe(0);
    expect(advanced.out).toMatch(/^Advanced from day 0 to day 2 \(01\/02\/2026\): \d+ changes$/m);
    const day = await command('day');
    expect(day.out).toMatch(/^Day 2 \(01\/02\/2026\): \d+ changes that day$/m);
    const changes = await command('changes', '1', '200200');
    expect(changes.out).toContain('Day 1 (31/01/2026): 3 changes');
    expect(changes.out).toMatch(/firm +200200 +Permissions +Permission removed: /);
    const json = await command('day', '0', '--json');
    expect(JSON.parse(json.out)).toMatchObject({ day: 0, date: '30/01/2026' });
    const bad = await command('advance', 'many');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('the number of days must be a whole number, got "many"');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    const nobody = await command('day');
    expect(nobody.code).toBe(1);
    expect(nobody.err).toContain(`no sandbox answering at http://127.0.0.1:${port}`);
  }, 120_000);

  it('refuses an unknown command', async () => {
    const result = await cli(['frobnicate'], {});
    expect(result.code).toBe(2);
    expect(result.err).toContain('unknown command "frobnicate"');
    expect(result.err).toContain('advance, day, changes');
  }, 30_000);

  it('fails fast naming the bad variable', async () => {
    const p = run({ SANDBOX_RATE_LIMIT: 'fifty' });
    expect(await p.exited).toBe(2);
    expect(p.errors()).toContain('SANDBOX_RATE_LIMIT must be REQUESTS/SECONDS');
  }, 30_000);
});
