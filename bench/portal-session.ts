/**
 * Signing a benchmark user in the way a browser does with next-auth credentials: fetch the CSRF
 * token (and its cookie), post the form, keep the session cookie. Page requests then carry that
 * cookie, so every measured page goes through the same session check as a person's.
 */

function cookiePairs(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0]);
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  if (!csrfRes.ok) throw new Error(`GET /api/auth/csrf answered ${csrfRes.status}`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken?: string };
  if (!csrfToken) throw new Error('GET /api/auth/csrf gave no csrfToken');
  const res = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiePairs(csrfRes).join('; ') },
    body: new URLSearchParams({ csrfToken, email, password, json: 'true', callbackUrl: '/' }),
  });
  const session = cookiePairs(res).find((c) => /^(__Secure-)?next-auth\.session-token=/.test(c));
  if (!session) throw new Error(`Signing in ${email} gave no session cookie (HTTP ${res.status})`);
  return session;
}
