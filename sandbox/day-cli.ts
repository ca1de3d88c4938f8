/**
 * The register-day commands of `npm run sandbox -- …`, for a person at a terminal: they call the
 * operator endpoints of a sandbox already running at SANDBOX_HOST:SANDBOX_PORT and print the answer
 * as lines (`--json` prints it as the endpoint gave it).
 */
import type { DayChange } from './dataset/day-state';

export const DAY_COMMANDS = ['advance', 'day', 'changes'];

type Env = Record<string, string | undefined>;

const USAGE = [
  'npm run sandbox -- advance [N]          move the running sandbox N register days on (default 1)',
  'npm run sandbox -- day [N]              show the register day, or move to day N',
  'npm run sandbox -- changes [DAY] [REF…] what a day changed (default: the current day), optionally for some records',
  "add --json for the endpoint's JSON",
].join('\n');

function origin(env: Env): string {
  const host = (env.SANDBOX_HOST ?? '').trim() || '127.0.0.1';
  const port = (env.SANDBOX_PORT ?? '').trim() || '4010';
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

function wholeNumber(raw: string | undefined, name: string): string | null {
  if (raw === undefined) return null;
  if (!/^\d+$/.test(raw)) throw new UsageError(`${name} must be a whole number, got "${raw}"`);
  return raw;
}

class UsageError extends Error {}

interface DayAnswer {
  day: number;
  date: string;
  systemTimestamp: string;
  changes: number;
  advancedFrom?: number;
  changesSinceThen?: number;
}

function changeLine(c: DayChange): string {
  return `  ${c.type.padEnd(10)} ${c.ref.padEnd(9)} ${c.section.padEnd(19)} ${c.what}`;
}

/** Runs one command; returns the process exit code. */
export async function runDayCommand(
  command: string,
  args: string[],
  env: Env,
  print: (line: string) => void = console.log,
  printError: (line: string) => void = console.error,
): Promise<number> {
  const json = args.includes('--json');
  const rest = args.filter((a) => a !== '--json');
  const base = origin(env);
  let method = 'GET';
  let path: string;
  try {
    if (command === 'advance') {
      if (rest.length > 1) throw new UsageError('advance takes one number of days');
      method = 'POST';
      path = `/__sandbox/advance?days=${wholeNumber(rest[0], 'the number of days') ?? '1'}`;
    } else if (command === 'day') {
      if (rest.length > 1) throw new UsageError('day takes at most one day number');
      const day = wholeNumber(rest[0], 'the day');
      method = day === null ? 'GET' : 'POST';
      path = day === null ? '/__sandbox/day' : `/__sandbox/day?day=${day}`;
    } else if (command === 'changes') {
      const day = rest.length > 0 && /^\d+$/.test(rest[0]) ? rest[0] : null;
      const refs = day === null ? rest : rest.slice(1);
      const query = new URLSearchParams();
      if (day !== null) query.set('day', day);
      if (refs.length > 0) query.set('ref', refs.join(','));
      path = `/__sandbox/changes${query.size > 0 ? `?${query.toString().replace(/%2C/g, ',')}` : ''}`;
    } else {
      throw new UsageError(`unknown command ${command}`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    printError(`sandbox: ${error.message}\n${USAGE}`);
    return 2;
  }

  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { method });
  } catch {
    printError(`sandbox: no sandbox answering at ${base} (start one with npm run sandbox, or set SANDBOX_HOST / SANDBOX_PORT)`);
    return 1;
  }
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) {
    printError(`sandbox: ${String(body.error ?? `HTTP ${res.status}`)}`);
    return 1;
  }
  if (json) {
    print(JSON.stringify(body, null, 2));
    return 0;
  }
  if (command === 'changes') {
    const changes = body.changes as DayChange[];
    print(`Day ${String(body.day)} (${String(body.date)}): ${changes.length} change${changes.length === 1 ? '' : 's'}`);
    for (const c of changes) print(changeLine(c));
    return 0;
  }
  const d = body as unknown as DayAnswer;
  if (d.advancedFrom !== undefined) print(`Advanced from day ${d.advancedFrom} to day ${d.day} (${d.date}): ${d.changesSinceThen} changes`);
  else print(`Day ${d.day} (${d.date}): ${d.changes} changes that day`);
  print(`System Timestamp now: ${d.systemTimestamp}`);
  return 0;
}
