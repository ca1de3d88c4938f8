import { describe, expect, it } from 'vitest';
import { isApiPath, isPublicPath } from './route-access';

describe('route access', () => {
  it.each([
    '/login',
    '/login/',
    '/api/auth/signin',
    '/api/auth/callback/oidc',
    '/api/auth',
    '/api/health',
    '/api/ready',
    '/_next/static/chunks/a.js',
    '/_next/image',
    '/favicon.ico',
    '/icon.svg',
  ])('%s is public', (p) => expect(isPublicPath(p)).toBe(true));
  it.each(['/', '/search', '/firm/122702', '/admin/users', '/api/export', '/api/healthz', '/login/other', '/api/authx', '/reports/1'])('%s needs a session', (p) =>
    expect(isPublicPath(p)).toBe(false),
  );
  it('answers /api with JSON, everything else with a sign-in redirect', () => {
    expect(isApiPath('/api/export')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/firm/1')).toBe(false);
  });
});
