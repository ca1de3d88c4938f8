import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRouteMatcher } from './route-patterns';

describe('route patterns', () => {
  it("labels a path with the pattern of the build's route it belongs to, never the path", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fsr-routes-'));
    try {
      writeFileSync(
        path.join(dir, 'routes-manifest.json'),
        JSON.stringify({
          staticRoutes: [{ page: '/search', regex: '^/search(?:/)?$' }],
          dynamicRoutes: [
            { page: '/firm/[frn]/permissions', regex: '^/firm/([^/]+?)/permissions(?:/)?$' },
            { page: '/firm/[frn]', regex: '^/firm/([^/]+?)(?:/)?$' },
            { page: '/register-api/services/[...path]', regex: '^/register\\-api/services/(.+?)(?:/)?$' },
          ],
        }),
      );
      const routeOf = loadRouteMatcher(dir);
      expect(routeOf('/search')).toBe('/search');
      expect(routeOf('/search/')).toBe('/search');
      expect(routeOf('/firm/700100')).toBe('/firm/[frn]');
      expect(routeOf('/firm/700100/permissions')).toBe('/firm/[frn]/permissions');
      expect(routeOf('/register-api/services/V0.1/Firm/700100/AR')).toBe('/register-api/services/[...path]');
      expect(routeOf('/_next/static/chunks/app.js')).toBe('/_next/static');
      expect(routeOf('/no/such/page')).toBe('(unmatched)');
      expect(loadRouteMatcher(path.join(dir, 'missing'))('/search')).toBe('(unmatched)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
