// Every route in app/, found by walking the folder, so a new page or route handler is covered by
// the access tests the moment it is added. Used by the vitest source check and the Playwright
// anonymous-access spec.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export interface AppRoute {
  kind: 'page' | 'handler';
  /** Path of the file from the repository root, e.g. app/firm/[frn]/page.tsx. */
  file: string;
  /** URL pattern with route groups removed, e.g. /firm/[frn]. */
  pattern: string;
  /** A concrete URL for the pattern (dynamic segments filled with sample values). */
  samplePath: string;
  /** HTTP methods a route handler exports (empty for pages). */
  methods: string[];
}

/** Routes anyone may request: sign-in, next-auth's endpoints, health checks. */
export const PUBLIC_PATTERNS = new Set(['/login', '/api/auth/[...nextauth]', '/api/health', '/api/ready']);

/**
 * Routes for programs (API tokens, no session): the register API gateway and the reconciliation
 * service. Their handlers admit a token instead of a session (lib/tokens/machine-gate.ts).
 */
export function isMachinePattern(pattern: string): boolean {
  return pattern.startsWith('/register-api/') || pattern === '/reconcile' || pattern.startsWith('/reconcile/') || pattern === '/metrics';
}

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

function sampleFor(segment: string): string | null {
  const optionalCatchAll = /^\[\[\.\.\.(\w+)\]\]$/.exec(segment);
  if (optionalCatchAll) return null;
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(segment);
  if (catchAll) return 'sample/path';
  const dynamic = /^\[(\w+)\]$/.exec(segment);
  if (!dynamic) return segment;
  const name = dynamic[1].toLowerCase();
  // Reference numbers look like numbers; anything else gets a plain word. (Anonymous requests
  // never reach the upstream, so the values need not exist.)
  if (/(frn|irn|prn|ref|id)$/.test(name)) return '100001';
  if (name === 'country') return 'FR';
  return 'sample';
}

export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/export\s+(?:async\s+)?function\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const m of source.matchAll(/export\s+(?:const|let|var)\s+([A-Z]+)\b/g)) found.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) found.add(name);
    }
  }
  return HTTP_METHODS.filter((h) => found.has(h));
}

export function listAppRoutes(root: string = process.cwd()): AppRoute[] {
  const appDir = path.join(root, 'app');
  const routes: AppRoute[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        // _private folders are not routes; @slots render inside their parent's URL; (.)
        // intercepting routes duplicate another route.
        if (name.startsWith('_') || name.startsWith('@') || /^\(\.+\)/.test(name)) continue;
        walk(full, /^\(.*\)$/.test(name) ? segments : [...segments, name]);
        continue;
      }
      const page = /^page\.(tsx|ts|jsx|js|mdx)$/.test(name);
      const handler = /^route\.(ts|js)$/.test(name);
      if (!page && !handler) continue;
      const pattern = `/${segments.join('/')}`;
      const sample = segments.map(sampleFor).filter((s): s is string => s !== null);
      routes.push({
        kind: page ? 'page' : 'handler',
        file: path.relative(root, full).split(path.sep).join('/'),
        pattern,
        samplePath: `/${sample.join('/')}`,
        methods: handler ? exportedMethods(readFileSync(full, 'utf8')) : [],
      });
    }
  };
  walk(appDir, []);
  return routes;
}

/** Server-action modules ('use server' files) in app/, components/ and lib/: each must check the caller itself. */
export function listServerActionFiles(root: string = process.cwd()): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx)$/.test(name) && /^\s*(['"])use server\1/.test(readFileSync(full, 'utf8'))) {
        out.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  for (const dir of ['app', 'components', 'lib']) walk(path.join(root, dir));
  return out.sort();
}
