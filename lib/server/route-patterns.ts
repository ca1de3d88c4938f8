/**
 * The route pattern a request path belongs to (`/firm/700100/permissions` → `/firm/[frn]/permissions`),
 * read from the production build's routes manifest: the label of the HTTP duration metric and of
 * each request's log line. A pattern, never the path: paths are unbounded in number (one series per
 * firm would swamp Prometheus) and may hold what someone searched for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestRoute {
  page: string;
  regex: string;
}

export type RouteOf = (pathname: string) => string;

/** Paths Next answers itself, outside the manifest's routes. */
function builtIn(pathname: string): string | undefined {
  if (pathname.startsWith('/_next/static/')) return '/_next/static';
  if (pathname.startsWith('/_next/image')) return '/_next/image';
  if (pathname.startsWith('/_next/')) return '/_next';
  return undefined;
}

export function routeMatcher(routes: { staticRoutes: ManifestRoute[]; dynamicRoutes: ManifestRoute[] }): RouteOf {
  const exact = new Map<string, string>();
  for (const r of routes.staticRoutes) exact.set(r.page, r.page);
  const dynamic = routes.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) }));
  return (pathname) => {
    const known = builtIn(pathname);
    if (known) return known;
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const hit = exact.get(trimmed);
    if (hit) return hit;
    for (const r of dynamic) if (r.regex.test(trimmed)) return r.page;
    // Unknown paths (404s, register API paths the proxy redirects) share one label.
    return '(unmatched)';
  };
}

/** The matcher for the build in `distDir`; every path is `(unmatched)` when the manifest cannot be read. */
export function loadRouteMatcher(distDir: string): RouteOf {
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')) as { staticRoutes?: ManifestRoute[]; dynamicRoutes?: ManifestRoute[] };
    return routeMatcher({ staticRoutes: manifest.staticRoutes ?? [], dynamicRoutes: manifest.dynamicRoutes ?? [] });
  } catch {
    return routeMatcher({ staticRoutes: [], dynamicRoutes: [] });
  }
}
