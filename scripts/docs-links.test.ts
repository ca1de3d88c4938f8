/**
 * The repository explains itself: every relative link in its READMEs and docs/ must reach a file
 * inside the repository (a clone has nothing beside it, such as ../shared), and a link to a heading
 * of a Markdown file must name a heading that file has.
 */
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = realpathSync(fileURLToPath(new URL('..', import.meta.url)));

type Link = { target: string; line: number };

/** Relative link targets in Markdown text, outside code fences and inline code. */
export function relativeLinks(markdown: string): Link[] {
  const links: Link[] = [];
  let fenced = false;
  markdown.split('\n').forEach((raw, index) => {
    if (/^\s*(```|~~~)/.test(raw)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const text = raw.replace(/`[^`]*`/g, '');
    const found = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/g)];
    for (const m of found) {
      const target = m[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:, …
      links.push({ target, line: index + 1 });
    }
  });
  return links;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = headingAnchor(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** What is wrong with one link from `fromFile` (a path inside `root`), or undefined when it resolves. */
export function linkProblem(root: string, fromFile: string, target: string): string | undefined {
  const [rawPath, anchor] = target.split('#', 2);
  const filePath = rawPath === '' ? fromFile : path.resolve(path.dirname(fromFile), decodeURI(rawPath));
  const inside = path.relative(root, filePath);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return `${target} leaves the repository (a clone has no ${inside})`;
  if (!existsSync(filePath)) return `${target} names ${inside}, which does not exist`;
  if (anchor && filePath.endsWith('.md') && statSync(filePath).isFile() && !anchorsOf(readFileSync(filePath, 'utf8')).has(anchor)) {
    return `${target}: ${inside} has no heading #${anchor}`;
  }
  return undefined;
}

const DOCUMENTS = [
  'README.md',
  'sandbox/README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

describe('links in the READMEs and docs/', () => {
  it('covers the READMEs and every page of docs/, design and register included', () => {
    expect(DOCUMENTS).toEqual(expect.arrayContaining(['README.md', 'sandbox/README.md', 'docs/design.md', 'docs/register.md', 'docs/architecture.md']));
  });

  it.each(DOCUMENTS)('every relative link in %s reaches a file inside the repository', (doc) => {
    const file = path.join(REPO_ROOT, doc);
    const problems = relativeLinks(readFileSync(file, 'utf8'))
      .map(({ target, line }) => {
        const problem = linkProblem(REPO_ROOT, file, target);
        return problem && `${doc}:${line}: ${problem}`;
      })
      .filter(Boolean);
    expect(problems).toEqual([]);
  });

  it('refuses a link to ../shared, to a missing file and to a missing heading, and accepts a good one', () => {
    const readme = path.join(REPO_ROOT, 'README.md');
    const links = relativeLinks(
      'See [design](../shared/DESIGN.md), [gone](docs/nothing-here.md), [bad](docs/design.md#no-such-heading), [good](docs/design.md#principles), `[code](../x.md)`, [web](https://example.org).',
    ).map((l) => l.target);
    expect(links).toEqual(['../shared/DESIGN.md', 'docs/nothing-here.md', 'docs/design.md#no-such-heading', 'docs/design.md#principles']);
    expect(linkProblem(REPO_ROOT, readme, '../shared/DESIGN.md')).toMatch(/leaves the repository/);
    expect(linkProblem(REPO_ROOT, readme, 'docs/nothing-here.md')).toMatch(/does not exist/);
    expect(linkProblem(REPO_ROOT, readme, 'docs/design.md#no-such-heading')).toMatch(/has no heading/);
    expect(linkProblem(REPO_ROOT, readme, 'docs/design.md#principles')).toBeUndefined();
  });

  it('reads headings as GitHub anchors them', () => {
    expect(headingAnchor('Changing requests come from the portal')).toBe('changing-requests-come-from-the-portal');
    expect(headingAnchor('Module map: `lib/`')).toBe('module-map-lib');
    expect(headingAnchor('A fair share for every person and program')).toBe('a-fair-share-for-every-person-and-program');
  });
});
