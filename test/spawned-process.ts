// "Spawn a process and wait until it answers": the one helper behind every server a test starts
// for itself (a production portal, several instances of one, a redis-server of its own). No
// vitest import here: Playwright specs use it too.
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

export interface SpawnedProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr), unless spawned with stdio 'ignore'. */
  output(): string;
  /** Resolves with the exit code, or the signal's name, once it has exited. */
  exited: Promise<string>;
  /** Whether it is still running. */
  running(): boolean;
  /**
   * SIGTERM (to its whole process group when spawned detached), then SIGKILL when it has not
   * exited after `graceMs`; resolves once it has exited.
   */
  stop(graceMs?: number): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (free when asked; the caller binds it soon after). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export function spawnProcess(command: string, args: string[], options: SpawnOptions & { quiet?: boolean } = {}): SpawnedProcess {
  const { quiet, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: quiet ? 'ignore' : ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => {
    if (!child.pid || !running()) return;
    try {
      if (spawnOptions.detached) process.kill(-child.pid, name);
      else child.kill(name);
    } catch {
      // exited in the meantime
    }
  };
  return {
    child,
    output: () => output,
    exited,
    running,
    async stop(graceMs = 5_000) {
      if (!running()) return;
      signal('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, graceMs))]);
      if (running()) {
        signal('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * Polls `answers` until it resolves true. Throws, with what the process printed, when the process
 * exits first or `timeoutMs` passes (and stops it then).
 */
export async function waitUntilAnswers(
  what: string,
  proc: Pick<SpawnedProcess, 'running' | 'output' | 'stop'>,
  answers: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (!proc.running()) throw new Error(`${what} exited during start-up:\n${proc.output()}`);
    try {
      if (await answers()) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${what} did not answer within ${Math.round(options.timeoutMs / 1000)} s:\n${proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 200));
  }
}

/** True when `url` answers with a status `accept` takes (any HTTP answer by default). */
export function httpAnswers(url: string, accept: (status: number) => boolean = () => true): () => Promise<boolean> {
  return async () => accept((await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })).status);
}

/**
 * A prebuilt portal served on 127.0.0.1:`port` as `npm start` serves it (scripts/serve.ts: Next in
 * the portal's own HTTP server); the environment says which build, data and register.
 */
export function spawnNextStart(port: number, env: NodeJS.ProcessEnv, options: { detached?: boolean } = {}): SpawnedProcess {
  return spawnProcess(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port), HOSTNAME: '127.0.0.1' },
    detached: options.detached,
  });
}
