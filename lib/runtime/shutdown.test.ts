import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The exit deferral as a real process: a stand-in for `next start` that, like Next, calls
 * process.exit() after SIGTERM once its in-flight work is done; the registered tasks must run in
 * order after that work, and the exit code must be Next's.
 */

const ROOT = path.resolve(__dirname, '..', '..');

// Plain JavaScript: node -e does not compile TypeScript (tsx only loads the module it requires).
const SCRIPT = `
const { installGracefulShutdown, onShutdown, isShuttingDown } = require('./lib/runtime/shutdown');
installGracefulShutdown({ timeoutMs: 2000, log: (m) => console.log('log:', m) });
onShutdown('locks', async () => { await new Promise((r) => setTimeout(r, 100)); console.log('task: locks'); });
onShutdown('stuck', () => new Promise(() => undefined));
onShutdown('database', async () => { console.log('task: database'); });
let inFlight = true;
setTimeout(() => { inFlight = false; console.log('request finished'); }, 300);
process.on('SIGTERM', () => {
  console.log('draining:', isShuttingDown());
  const wait = setInterval(() => { if (!inFlight) { clearInterval(wait); process.exit(143); } }, 20);
});
console.log('ready');
setInterval(() => undefined, 1000);
`;

describe('graceful shutdown', () => {
  it('lets the requests in flight finish, then runs each task (a stuck one bounded), then exits with the code it was given', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', SCRIPT], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const giveUp = setTimeout(() => reject(new Error(`the child did not start:\n${out}`)), 10_000);
      const check = setInterval(() => {
        if (out.includes('ready')) {
          clearInterval(check);
          clearTimeout(giveUp);
          resolve();
        }
      }, 20);
    });
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    const lines = out.trim().split('\n');
    expect(code).toBe(143);
    expect(lines).toEqual([
      'ready',
      'log: SIGTERM: finishing the requests in flight, then releasing locks and closing connections.',
      'draining: true',
      'request finished',
      'task: locks',
      expect.stringMatching(/^log: Shutdown: stuck failed: did not finish within \d+ ms$/),
      'log: Shutdown: no time left for database.',
      'log: Shutdown complete.',
    ]);
    expect(Date.now() - started).toBeLessThan(5_000);
  }, 15_000);
});
