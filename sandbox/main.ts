/**
 * `npm run sandbox`: the register sandbox on its own, configured from the environment
 * (see sandbox/README.md). Prints where it listens and how to authenticate; stops on Ctrl-C.
 *
 * `npm run sandbox -- advance [N]`, `day [N]` and `changes [DAY] [REF…]` instead talk to a sandbox
 * already running at SANDBOX_HOST:SANDBOX_PORT and move or show its register day.
 */
import { DEFAULT_ACCOUNT, SandboxConfigError, sandboxOptionsFromEnv } from './config';
import { runDayCommand, DAY_COMMANDS } from './day-cli';
import { startSandbox } from './server';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== undefined) {
    if (!DAY_COMMANDS.includes(command)) {
      console.error(`sandbox: unknown command "${command}". Use no command to start the sandbox, or one of: ${DAY_COMMANDS.join(', ')}`);
      process.exit(2);
    }
    process.exit(await runDayCommand(command, args, process.env));
  }
  let options;
  try {
    options = sandboxOptionsFromEnv(process.env);
  } catch (error) {
    if (error instanceof SandboxConfigError) {
      console.error(`sandbox: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
  const sandbox = await startSandbox(options);
  const [main, ...others] = sandbox.accounts;
  // The built-in key is public; a key set through SANDBOX_KEY is not echoed.
  const key = main.key === DEFAULT_ACCOUNT.key ? main.key : '(the value of SANDBOX_KEY)';
  const rate = options.rateLimit === 'off' ? 'off' : `${options.rateLimit.requests} requests per ${options.rateLimit.seconds} s, then blocked ${options.blockSeconds} s`;
  const health = await fetch(`${sandbox.origin}/__sandbox/health`).then((r) => r.json() as Promise<{ records: Record<string, number>; generatedInMs: number }>);
  console.log(`FSR register sandbox listening on ${sandbox.origin}`);
  console.log(`  base URL:   ${sandbox.baseUrl}`);
  console.log(`  account:    X-AUTH-EMAIL: ${main.email}   X-AUTH-KEY: ${key}`);
  if (others.length > 0) console.log(`  also:       ${others.map((a) => a.email).join(', ')} (keys from SANDBOX_ACCOUNTS)`);
  console.log(`  rate limit: ${rate}; latency ${options.latency.min}-${options.latency.max} ms`);
  console.log(
    `  dataset:    seed "${options.seed}", ${health.records.firms} firms, ${health.records.individuals} individuals, ${health.records.funds} funds (built in ${health.generatedInMs} ms)`,
  );
  console.log(`  operator:   ${sandbox.origin}/__sandbox/stats, POST ${sandbox.origin}/__sandbox/reset`);
  const day = sandbox.day();
  const auto = options.daySeconds > 0 ? `, advancing every ${options.daySeconds} s` : '';
  console.log(`  register:   day ${day.day} (${day.date})${auto}; npm run sandbox -- advance 1 | day N | changes`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`sandbox: ${signal} received, stopping`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('sandbox: failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
