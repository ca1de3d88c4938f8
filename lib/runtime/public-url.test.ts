import { describe, expect, it } from 'vitest';
import { publicOrigin, publicUrl, readPublicUrl } from './public-url';

describe('the public address', () => {
  it('is PORTAL_URL, else PORTAL_PUBLIC_URL (deprecated), else NEXTAUTH_URL, else what npm start serves', () => {
    expect(readPublicUrl({ PORTAL_URL: 'https://portal.example.org/', NEXTAUTH_URL: 'https://portal.example.org' })).toMatchObject({
      origin: 'https://portal.example.org',
      source: 'PORTAL_URL',
      problems: [],
    });
    expect(readPublicUrl({ PORTAL_PUBLIC_URL: 'https://portal.example.org' })).toMatchObject({ source: 'PORTAL_PUBLIC_URL', deprecated: ['PORTAL_PUBLIC_URL'] });
    expect(readPublicUrl({ NEXTAUTH_URL: 'http://127.0.0.1:3110' })).toMatchObject({ origin: 'http://127.0.0.1:3110', source: 'NEXTAUTH_URL' });
    expect(readPublicUrl({ HOSTNAME: '0.0.0.0', PORT: '8080' })).toMatchObject({ origin: 'http://localhost:8080', source: 'HOSTNAME and PORT' });
    expect(readPublicUrl({})).toMatchObject({ origin: 'http://127.0.0.1:3000', problems: [] });
  });

  it('refuses anything but an absolute http(s) URL of a site root, and two names for different addresses, naming the variable only', () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ PORTAL_URL: 'qx7.example.net' }, 'PORTAL_URL must be an absolute http:// or https:// URL'],
      [{ PORTAL_URL: '/fsr' }, 'PORTAL_URL must be an absolute http:// or https:// URL'],
      [{ PORTAL_URL: 'ftp://qx7.example.net' }, 'PORTAL_URL must be an absolute http:// or https:// URL'],
      [{ PORTAL_URL: 'https://qx7.example.net/fsr' }, "PORTAL_URL must be the address of the site's root"],
      [{ PORTAL_URL: 'https://qx7.example.net/?x=1' }, 'PORTAL_URL must not have a query string or fragment'],
      [{ PORTAL_URL: 'https://u:p@qx7.example.net' }, 'PORTAL_URL must not hold a user name or password'],
      [{ PORTAL_URL: 'https://qx7.example.net', NEXTAUTH_URL: 'https://qx8.example.net' }, 'PORTAL_URL and NEXTAUTH_URL name different addresses'],
    ];
    for (const [env, expected] of cases) {
      const { problems } = readPublicUrl(env);
      expect(
        problems.some((p) => p.startsWith(expected)),
        `${JSON.stringify(env)}: ${JSON.stringify(problems)}`,
      ).toBe(true);
      for (const value of Object.values(env)) expect(problems.join(' ')).not.toContain(value);
    }
  });

  it('builds absolute URLs from it', () => {
    const env = { PORTAL_URL: 'https://portal.example.org' };
    expect(publicOrigin(env)).toBe('https://portal.example.org');
    expect(publicUrl('/firm/700100', env)).toBe('https://portal.example.org/firm/700100');
    expect(publicUrl('changes', env)).toBe('https://portal.example.org/changes');
  });
});
