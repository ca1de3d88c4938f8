/**
 * Folders have a direction: no two folders of the portal's code (each of `lib/*`, each of
 * `components/*`, and `app`) import each other, tests aside. ESLint's zones keep the layers
 * (docs/architecture.md#layers) and `import/no-cycle` keeps file cycles out; this keeps the
 * folder graph one-way, which neither of them checks: two feature folders can import each other
 * through files that form no cycle.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = realpathSync(fileURLToPath(new URL('..', import.meta.url)));
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.(test|spec)\.tsx?$|\/test-support\/|\/test-fixtures\//;
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The folder a repository path belongs to: `app`, `lib/<name>` or `components/<name>`. */
export function folderOf(relative: string): string | undefined {
  const parts = relative.split('/');
  if (parts[0] === 'app') return 'app';
  if ((parts[0] === 'lib' || parts[0] === 'components') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return undefined;
}

/** Every import edge between two different folders, with the files that make it. */
export function folderEdges(files: ReadonlyArray<{ path: string; text: string }>): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const from = folderOf(file.path);
    if (!from) continue;
    for (const m of file.text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3];
      const target = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec)) : undefined;
      const to = target === undefined ? undefined : folderOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      edges.set(key, [...(edges.get(key) ?? []), file.path]);
    }
  }
  return edges;
}

/** Pairs of folders that import each other, each with the files on both sides. */
export function mutualPairs(edges: Map<string, string[]>): string[] {
  const pairs: string[] = [];
  for (const [key, files] of edges) {
    const [a, b] = key.split(' -> ');
    const back = edges.get(`${b} -> ${a}`);
    if (a < b && back) pairs.push(`${a} <-> ${b} (${[...new Set(files)].join(', ')} | ${[...new Set(back)].join(', ')})`);
  }
  return pairs;
}

describe('folder direction', () => {
  it('finds a pair made by a relative import and an alias import, and no pair from a one-way edge', () => {
    const edges = folderEdges([
      { path: 'lib/watch/check.ts', text: "import { links } from '@/lib/representatives/links';" },
      { path: 'lib/representatives/links.ts', text: "import type { Check } from '../watch/check';" },
      { path: 'lib/principals/p.ts', text: "import { links } from '@/lib/representatives/links';\nimport x from 'kysely';" },
    ]);
    expect(mutualPairs(edges)).toEqual(['lib/representatives <-> lib/watch (lib/representatives/links.ts | lib/watch/check.ts)']);
  });

  it('no two folders of lib/, components/ and app import each other outside tests', () => {
    const files = ['app', 'lib', 'components']
      .flatMap((dir) => sourceFiles(path.join(REPO_ROOT, dir)))
      .map((full) => path.relative(REPO_ROOT, full).split(path.sep).join('/'))
      .filter((relative) => !TEST.test(relative))
      .map((relative) => ({ path: relative, text: readFileSync(path.join(REPO_ROOT, relative), 'utf8') }));
    expect(files.length).toBeGreaterThan(300);
    expect(mutualPairs(folderEdges(files))).toEqual([]);
  });
});
