import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** Builds when needed; returns false when the build failed (its output is on the console). */
export function buildIfNeeded(root: string, env: NodeJS.ProcessEnv): boolean {
  const distDir = path.join(root, env.NEXT_DIST_DIR || '.next');
  if (buildIsCurrent(root, path.relative(root, distDir))) {
    console.log(`Production build is up to date (${path.relative(root, distDir)}).`);
    return true;
  }
  console.log('Building the portal (production build; takes a minute or two the first time)…');
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, env, stdio: 'inherit' });
  return result.status === 0;
}
