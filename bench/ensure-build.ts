/**
 * The production build the benchmark serves: built into its own dist dir when missing or older
 * than the sources (the one staleness rule, scripts/production-build.ts, which `npm start` uses
 * too), so a run never measures code that is no longer there.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildIsCurrent } from '@/scripts/production-build';

const ROOT = path.resolve(__dirname, '..');

export interface BuildOutcome {
  distDir: string;
  built: boolean;
  seconds: number;
}

export function ensureBuild(distDir: string, log: (line: string) => void): BuildOutcome {
  if (buildIsCurrent(ROOT, distDir)) {
    log(`Production build is up to date (${distDir}).`);
    return { distDir, built: false, seconds: 0 };
  }
  log(`Building the portal into ${distDir} (production build, about a minute)…`);
  // next build adds its dist dir to tsconfig.json's include list; that edit belongs to this
  // machine's build, not to the repository, so the file is put back exactly as it was.
  const tsconfigPath = path.join(ROOT, 'tsconfig.json');
  const tsconfig = readFileSync(tsconfigPath, 'utf8');
  const started = performance.now();
  const result = spawnSync('npx', ['next', 'build'], {
    cwd: ROOT,
    env: { ...process.env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (readFileSync(tsconfigPath, 'utf8') !== tsconfig) writeFileSync(tsconfigPath, tsconfig);
  if (result.status !== 0) throw new Error(`The production build into ${distDir} failed (exit ${result.status ?? result.signal}); see the output above.`);
  return { distDir, built: true, seconds: (performance.now() - started) / 1000 };
}
