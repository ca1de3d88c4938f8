/**
 * `npm test`: every test the project has, in order of cost.
 *   1. vitest: unit and integration tests (lib/, sandbox/, route handlers) over real HTTP on loopback.
 *   2. the production build of the portal.
 *   3. Playwright end-to-end tests in Debian's Chromium against that build and the sandbox.
 * `npm test -- unit` or `npm test -- e2e` runs one half; `npx vitest run <file>` or
 * `npx playwright test <spec>` runs one file.
 */
import { spawnSync } from 'node:child_process';

function run(step: string, command: string, args: string[], env: Record<string, string> = {}): void {
  const started = Date.now();
  console.log(`\n▶ ${step}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n✖ ${step} failed after ${seconds} s (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${step} passed in ${seconds} s`);
}

const only = process.argv[2];
if (!only || only === 'unit') run('unit and integration tests', 'npx', ['vitest', 'run']);
if (!only || only === 'e2e') {
  run('production build', 'npx', ['next', 'build'], { NEXT_DIST_DIR: '.next-test', NEXT_TELEMETRY_DISABLED: '1' });
  run('end-to-end tests', 'npx', ['playwright', 'test'], { NEXT_DIST_DIR: '.next-test' });
}
