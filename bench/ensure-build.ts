/**
 * The production build the benchmark serves, in its own dist dir: built by the one build step of
 * `npm start` (scripts/production-build.ts, with its one staleness rule) when missing or older
 * than the sources, so a run never measures code that is no longer there.
 */
import path from 'node:path';
import { buildIfNeeded, type BuildOutcome } from '@/scripts/production-build';

const ROOT = path.resolve(__dirname, '..');

export type { BuildOutcome };

export function ensureBuild(distDir: string, log: (line: string) => void): BuildOutcome {
  const outcome = buildIfNeeded(ROOT, { ...process.env, NEXT_DIST_DIR: distDir }, log);
  if (!outcome.ok) throw new Error(`The production build into ${distDir} failed; see the output above.`);
  return outcome;
}
