import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { freePort, httpAnswers, spawnProcess, waitUntilAnswers } from './spawned-process';

// The one "spawn a process and wait until it answers" helper: it waits for an answer, says so
// with the process's output when the process dies first or never answers, and stops what it started.

function nodeServer(port: number, delayMs: number): string {
  return `setTimeout(() => require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1', () => console.log('listening')), ${delayMs});`;
}

describe('spawnProcess and waitUntilAnswers', () => {
  it('waits until the process answers, captures its output, and stops it', async () => {
    const port = await freePort();
    const proc = spawnProcess(process.execPath, ['-e', nodeServer(port, 300)]);
    await waitUntilAnswers(
      'The test server',
      proc,
      httpAnswers(`http://127.0.0.1:${port}/`, (s) => s === 200),
      { timeoutMs: 10_000, intervalMs: 50 },
    );
    expect(proc.output()).toContain('listening');
    expect(proc.running()).toBe(true);
    await proc.stop();
    expect(proc.running()).toBe(false);
    expect(await proc.exited).toBe('SIGTERM');
  });

  it('reports a process that exits during start-up, with what it printed', async () => {
    const proc = spawnProcess(process.execPath, ['-e', 'console.error("no such setting: X"); process.exit(3)']);
    await proc.exited;
    await expect(waitUntilAnswers('The test server', proc, async () => false, { timeoutMs: 5_000 })).rejects.toThrow(
      /The test server exited during start-up:\s+no such setting: X/,
    );
  });

  it('gives up after the timeout and stops the process (SIGKILL when SIGTERM is ignored)', async () => {
    const proc = spawnProcess(process.execPath, ['-e', 'process.on("SIGTERM", () => {}); console.log("ready"); setInterval(() => {}, 1000)'], { detached: true });
    await expect.poll(() => proc.output(), { timeout: 10_000 }).toContain('ready');
    await expect(waitUntilAnswers('The silent server', proc, async () => false, { timeoutMs: 300, intervalMs: 50 })).rejects.toThrow(
      /The silent server did not answer within 0 s:\s+ready/,
    );
    expect(proc.running()).toBe(false);
    expect(await proc.exited).toBe('SIGKILL');
  }, 20_000);

  it('freePort gives a port nothing listens on yet', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    expect((server.address() as { port: number }).port).toBe(port);
    await new Promise((resolve) => server.close(resolve));
  });
});
