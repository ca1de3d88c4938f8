import { describe, expect, it } from 'vitest';
import { signedOutBody } from './signed-out';

const origin = 'https://portal.example.org';

describe('signedOutBody', () => {
  it('says what happened in words and links to sign-in, back to the page the request came from', () => {
    const body = signedOutBody(`${origin}/bulk?x=1`, origin);
    expect(body.error).toBe('unauthenticated');
    expect(body.signIn).toBe(`${origin}/login?callbackUrl=%2Fbulk%3Fx%3D1`);
    expect(body.message).toBe(`You have been signed out, or you are not signed in. Sign in again (${body.signIn}), then try this again.`);
  });

  it('never comes back to another site or to nowhere', () => {
    expect(signedOutBody('https://evil.example/phish', origin).signIn).toBe(`${origin}/login`);
    expect(signedOutBody('not a url', origin).signIn).toBe(`${origin}/login`);
    expect(signedOutBody(null, origin).signIn).toBe(`${origin}/login`);
    expect(signedOutBody(`${origin}//evil.example/`, origin).signIn).toBe(`${origin}/login`);
  });
});
