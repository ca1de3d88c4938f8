/**
 * Graceful shutdown for `next start`. On SIGTERM (or SIGINT) Next itself stops accepting
 * connections, waits for the requests in flight to finish, and then calls process.exit(). That
 * exit is the moment to release what the process holds (Redis locks and its connection, the
 * database pool): any earlier and a request still running would lose them. So this module marks
 * the process as draining when the signal arrives (the readiness check then answers 503, so a load
 * balancer stops sending new work), and defers Next's exit until the registered tasks have run,
 * within `timeoutMs`. Kept on globalThis: Next may load this module once per bundle.
 */
import { getLogger } from './logger';

export interface ShutdownTask {
  name: string;
  run(): Promise<void>;
}

interface State {
  installed: boolean;
  draining: boolean;
  tasks: ShutdownTask[];
  cleanup?: Promise<void>;
}

const KEY = Symbol.for('fsr-portal.shutdown');
type Holder = typeof globalThis & { [KEY]?: State };

function state(): State {
  const holder = globalThis as Holder;
  holder[KEY] ??= { installed: false, draining: false, tasks: [] };
  return holder[KEY];
}

/** True once SIGTERM/SIGINT has arrived: the instance is finishing its work and must get no more. */
export function isShuttingDown(): boolean {
  return state().draining;
}

/** Runs `run` at shutdown, after the requests in flight, in registration order. */
export function onShutdown(name: string, run: () => Promise<void>): void {
  state().tasks.push({ name, run });
}

/** Runs every task once, each bounded by what is left of `timeoutMs`; failures are logged, never thrown. */
export function runShutdownTasks(timeoutMs: number, log: (message: string) => void): Promise<void> {
  const s = state();
  s.cleanup ??= (async () => {
    const deadline = Date.now() + timeoutMs;
    for (const task of s.tasks) {
      const left = deadline - Date.now();
      if (left <= 0) {
        log(`Shutdown: no time left for ${task.name}.`);
        continue;
      }
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          task.run(),
          new Promise<void>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not finish within ${left} ms`)), left);
          }),
        ]);
      } catch (error) {
        log(`Shutdown: ${task.name} failed: ${(error as Error).message}`);
      } finally {
        clearTimeout(timer);
      }
    }
  })();
  return s.cleanup;
}

export function installGracefulShutdown(options: { timeoutMs?: number; log?: (message: string) => void } = {}): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const log = options.log ?? ((m: string) => getLogger().info(m));
  const realExit = process.exit.bind(process);

  const onSignal = (signal: NodeJS.Signals) => {
    if (s.draining) return;
    s.draining = true;
    log(`${signal}: finishing the requests in flight, then releasing locks and closing connections.`);
    // With NEXT_MANUAL_SIG_HANDLE Next leaves the signal to us and will not exit by itself.
    if (process.env.NEXT_MANUAL_SIG_HANDLE) void runShutdownTasks(timeoutMs, log).then(() => realExit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  // Next calls process.exit() once its server has closed; hold that exit until the tasks are done.
  process.exit = ((code?: number | string | null) => {
    if (!s.draining) return realExit(code ?? undefined);
    void runShutdownTasks(timeoutMs, log).then(() => {
      log('Shutdown complete.');
      realExit(code ?? undefined);
    });
    return undefined as never;
  }) as typeof process.exit;
}
