import { describe, expect, it } from 'vitest';
import { loginPath, safeCallbackPath, safeRedirectUrl } from './callback-url';

describe('safeCallbackPath', () => {
  it('keeps same-site paths with their query and fragment', () => {
    expect(safeCallbackPath('/firm/122702/permissions?page=2#top')).toBe('/firm/122702/permissions?page=2#top');
    expect(safeCallbackPath('/search?q=barclays%20bank&type=firm')).toBe('/search?q=barclays%20bank&type=firm');
    expect(safeCallbackPath('/')).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.example/path'],
    ['absolute https', 'https://evil.example/'],
    ['absolute http', 'http://evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/a\\..\\..\\evil'],
    ['javascript', 'javascript:alert(1)'],
    ['tab that browsers strip', '/\t/evil.example'],
    ['newline', '/\n/evil.example'],
    ['space', '/ /evil.example'],
    ['relative without slash', 'evil.example'],
    ['empty', ''],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('rejects %s', (_name, value) => {
    expect(safeCallbackPath(value)).toBe('/');
  });

  it('rejects non-strings and uses the given fallback', () => {
    expect(safeCallbackPath(undefined)).toBe('/');
    expect(safeCallbackPath(['/a'], '/home')).toBe('/home');
  });

  it('never sends the user back into sign-in (no loops)', () => {
    expect(safeCallbackPath('/login?callbackUrl=/x')).toBe('/');
    expect(safeCallbackPath('/api/auth/signout')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeCallbackPath('/a/../../firm/1')).toBe('/firm/1');
  });
});

describe('safeRedirectUrl (next-auth redirect callback)', () => {
  const base = 'http://127.0.0.1:3000';
  it('accepts paths and same-origin absolute URLs', () => {
    expect(safeRedirectUrl('/firm/1', base)).toBe('http://127.0.0.1:3000/firm/1');
    expect(safeRedirectUrl('http://127.0.0.1:3000/fund/9?x=1', base)).toBe('http://127.0.0.1:3000/fund/9?x=1');
  });
  it('sends other origins and tricks to the home page', () => {
    expect(safeRedirectUrl('https://evil.example/x', base)).toBe('http://127.0.0.1:3000/');
    expect(safeRedirectUrl('http://127.0.0.1:3001/x', base)).toBe('http://127.0.0.1:3000/');
    expect(safeRedirectUrl('//evil.example', base)).toBe('http://127.0.0.1:3000/');
    expect(safeRedirectUrl('/\\evil.example', base)).toBe('http://127.0.0.1:3000/');
  });
});

describe('loginPath', () => {
  it('carries a safe return path and an error code', () => {
    expect(loginPath('/firm/1?x=2')).toBe('/login?callbackUrl=%2Ffirm%2F1%3Fx%3D2');
    expect(loginPath('/', 'session-ended')).toBe('/login?error=session-ended');
    expect(loginPath('//evil')).toBe('/login');
  });
});
