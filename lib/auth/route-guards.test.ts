import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportedMethods, isMachinePattern, listAppRoutes, listServerActionFiles, PUBLIC_PATTERNS } from '@/test/app-routes';
import { isMachinePath, isPublicPath } from './route-access';

// The proxy is the first gate; this is the second: every page, route handler and server-action
// module in app/ must check the session itself, so a matcher change or a bug in the proxy never
// exposes a route. New routes are picked up automatically. (The Playwright spec
// e2e/auth-guard.spec.ts proves the same over HTTP against the production build.)

// watchApiRoute (lib/watchlists/watch-api-access.ts) admits a session through authorizeRequest, or a token with the watch scope.
const GUARD = /\b(requireUser|requireRole|authorizeRequest|withAuth|watchApiRoute)\s*\(/;
/** Functions that build a whole page, and the file whose page checks the session for it. */
const ENTITY_ROUTE = 'components/register/entity-route.tsx';
const GUARDED_ROUTE_FACTORIES: Record<string, string> = {
  entityRoute: ENTITY_ROUTE,
  overviewRoute: ENTITY_ROUTE,
  sectionRoute: ENTITY_ROUTE,
  historyRoute: ENTITY_ROUTE,
};
const routes = listAppRoutes();

describe('app route inventory', () => {
  it('finds the routes (the walk works)', () => {
    expect(routes.find((r) => r.pattern === '/login')?.kind).toBe('page');
    expect(routes.find((r) => r.pattern === '/api/auth/[...nextauth]')).toMatchObject({ kind: 'handler', methods: ['GET', 'POST'] });
    expect(routes.find((r) => r.pattern === '/admin/users')?.kind).toBe('page');
  });

  it('reads the methods a route handler exports in each style', () => {
    expect(exportedMethods('export async function GET() {}\nexport const POST = withAuth(…);')).toEqual(['GET', 'POST']);
    expect(exportedMethods('export { handler as GET, handler as POST, other }')).toEqual(['GET', 'POST']);
  });
});

describe('every non-public route checks the session itself', () => {
  const guarded = routes.filter((r) => !PUBLIC_PATTERNS.has(r.pattern) && !isMachinePattern(r.pattern));
  it.each(guarded.map((r) => [r.file, r] as const))('%s calls requireUser/requireRole/authorizeRequest/withAuth', (_file, route) => {
    const source = readFileSync(route.file, 'utf8');
    // A page built by the route factory (every firm, individual and fund page but the firm's report) is guarded by the factory's page.
    const factory = Object.entries(GUARDED_ROUTE_FACTORIES).find(([name]) => new RegExp(`\\b${name}\\s*\\(`).test(source));
    const guardedSource = factory ? readFileSync(factory[1], 'utf8') : source;
    expect(GUARD.test(guardedSource), `${route.file} must call requireUser()/requireRole() (pages) or authorizeRequest()/withAuth() (route handlers) before doing anything`).toBe(
      true,
    );
  });

  // Every server action is made by defineAction or defineCallAction (lib/actions/define-action.ts),
  // which checks the caller with requireRole()/requireUser() before it reads anything
  // (lib/actions/define-action.test.ts): directly, or through a helper of the file that returns one.
  it.each(listServerActionFiles().map((f) => [f]))('server actions in %s check the caller', (file) => {
    const source = readFileSync(file, 'utf8');
    expect(source, `${file}: a server action is written with defineAction(), not as a bare async function`).not.toMatch(/^export (async )?function /m);
    const exported = [...source.matchAll(/^export const (\w+) = (\w+)\(/gm)];
    expect(exported.length, `${file} exports its server actions`).toBeGreaterThan(0);
    expect(/^export (const|let|var) /m.test(source.replace(/^export const \w+ = \w+\(/gm, '')), `${file}: every export is an action made by a factory`).toBe(false);
    for (const [, name, factory] of exported) {
      const helper = new RegExp(`function ${factory}\\b[^]*?\\breturn (defineAction|defineCallAction)(<[^>]*>)?\\(`);
      expect(factory === 'defineAction' || factory === 'defineCallAction' || helper.test(source), `${file}: ${name} must be made by defineAction()/defineCallAction()`).toBe(true);
    }
    expect(/\bimport \{[^}]*\b(defineAction|defineCallAction)\b[^}]*\} from '@\/lib\/actions\/define-action'/.test(source), `${file} uses the one action wrapper`).toBe(true);
  });

  // Routes for programs admit an API token instead (and the proxy passes them on without a session).
  const MACHINE_GATE = /\b(handleGatewayRequest|handleReconcileRequest|handleMetricsRequest|admitMachineRequest)\s*\(/;
  it.each(routes.filter((r) => isMachinePattern(r.pattern)).map((r) => [r.file, r] as const))('%s admits an API token (machine gate)', (_file, route) => {
    expect(MACHINE_GATE.test(readFileSync(route.file, 'utf8')), `${route.file} must go through the machine gate`).toBe(true);
    expect(isMachinePath(route.samplePath), route.file).toBe(true);
  });

  it('and the public ones are exactly what the proxy lets through', () => {
    for (const r of routes) expect(isPublicPath(r.samplePath), r.file).toBe(PUBLIC_PATTERNS.has(r.pattern));
  });
});
