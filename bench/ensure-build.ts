/**
 * The production build the benchmark serves: built into its own dist dir when missing or older
 * than the sources (the same staleness rule as scripts/start.ts), so a run never measures code
 * that is no longer there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const SOURCES = ['app', 'components', 'lib', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'postcss.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) if (!entry.startsWith('.') && entry !== 'node_modules') visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach((p) => visit(path.join(ROOT, p)));
  return newest;
}

export interface BuildOutcome {
  distDir: string;
  built: boolean;
  seconds: number;
}

export function ensureBuild(distDir: string, log: (line: string) => void): BuildOutcome {
  const buildId = path.join(ROOT, distDir, 'BUILD_ID');
  if (existsSync(buildId) && statSync(buildId).mtimeMs >= newestMtime(SOURCES)) {
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
