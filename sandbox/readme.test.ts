/** The README is what people read first: it must name every showcase record and every setting. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHOWCASE } from './dataset/showcase';
import { SHOWCASE_CHANGES } from './dataset/day-plan';

const readme = readFileSync(new URL('./README.md', import.meta.url), 'utf8');

describe('sandbox/README.md', () => {
  it('lists every showcase number and search word', () => {
    for (const value of Object.values(SHOWCASE).flat()) expect(readme, value).toContain(value);
  });

  it('documents every environment variable the config reads', () => {
    const config = readFileSync(new URL('./config.ts', import.meta.url), 'utf8');
    const names = new Set(config.match(/SANDBOX_[A-Z0-9_]+/g));
    expect(names.size).toBeGreaterThan(15);
    for (const name of names) expect(readme, name).toContain(name);
  });

  it('lists the showcase changes by day', () => {
    expect(SHOWCASE_CHANGES.length).toBeGreaterThan(10);
    for (const c of SHOWCASE_CHANGES) expect(readme, `day ${c.day} ${c.ref}`).toContain(`| ${c.day} | ${c.ref} | ${c.what} |`);
  });
});
