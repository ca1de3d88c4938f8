import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The production build that `npm start` and `npm run instances` serve: built into NEXT_DIST_DIR
 * (default .next) when it is missing or older than the sources. Several instances serve one build,
 * which is what keeps their server-action keys and deployment ids the same.
 */

const SOURCES = ['app', 'components', 'lib', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'postcss.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Newest modification time under the given paths (files and folders, recursively). */
function newestMtime(root: string, paths: string[]): number {
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
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

/**
 * Whether the build in `distDir` (relative to `root`) is at least as new as every source file.
 * The one staleness rule: `npm start`, `npm run instances` and the benchmarks all use it.
 */
export function buildIsCurrent(root: string, distDir: string): boolean {
  const buildId = path.join(root, distDir, 'BUILD_ID');
  return existsSync(buildId) && statSync(buildId).mtimeMs >= newestMtime(root, SOURCES);
}

export interface BuildOutcome {
  /** The dist dir, relative to the root. */
  distDir: string;
  /** Whether it was built now (false: it was up to date). */
  built: boolean;
  /** False when `next build` failed (its output is on the console). */
  ok: boolean;
  seconds: number;
}

/**
 * Builds into env.NEXT_DIST_DIR (default .next) when the build there is not current: the one
 * build step of `npm start`, `npm run instances` and the benchmarks. Should `next build` edit
 * tsconfig.json (it added its dist dir to the include list before next.config.mjs turned on
 * strictRouteTypes, and may again for other settings), that edit belongs to this machine's build,
 * not to the repository, so the file is put back exactly as it was.
 */
export function buildIfNeeded(root: string, env: NodeJS.ProcessEnv, log: (line: string) => void = console.log): BuildOutcome {
  const distDir = env.NEXT_DIST_DIR || '.next';
  if (buildIsCurrent(root, distDir)) {
    log(`Production build is up to date (${distDir}).`);
    return { distDir, built: false, ok: true, seconds: 0 };
  }
  log(`Building the portal into ${distDir} (production build; takes a minute or two the first time)…`);
  const tsconfigPath = path.join(root, 'tsconfig.json');
  const tsconfig = existsSync(tsconfigPath) ? readFileSync(tsconfigPath, 'utf8') : undefined;
  const started = performance.now();
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, env: { NEXT_TELEMETRY_DISABLED: '1', ...env, NEXT_DIST_DIR: distDir }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (tsconfig !== undefined && readFileSync(tsconfigPath, 'utf8') !== tsconfig) writeFileSync(tsconfigPath, tsconfig);
  return { distDir, built: true, ok: result.status === 0, seconds: (performance.now() - started) / 1000 };
}
