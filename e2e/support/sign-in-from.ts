// Signs in over HTTP from a chosen loopback address (127.0.0.2, …): the browser always connects
// from 127.0.0.1, so a second client address for throttling tests needs a socket bound to it.
// Every 127.x address reaches a server on 127.0.0.1, and the server sees the bound one.
import http from 'node:http';

interface Answer {
  status: number;
  body: string;
  cookies: string[];
}

function request(url: string, localAddress: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: init.method, headers: init.headers, localAddress }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]) }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * next-auth's credentials sign-in as the form does it (CSRF token, then the callback), from
 * `localAddress`. Returns whether a session cookie came back and the error code when not.
 */
export async function signInFrom(baseURL: string, localAddress: string, email: string, password: string): Promise<{ signedIn: boolean; error: string | null }> {
  const csrf = await request(`${baseURL}/api/auth/csrf`, localAddress, { method: 'GET' });
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const answer = await request(`${baseURL}/api/auth/callback/credentials`, localAddress, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: csrf.cookies.join('; '), origin: baseURL },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${baseURL}/`, json: 'true' }).toString(),
  });
  const url = (JSON.parse(answer.body) as { url?: string }).url ?? '';
  const signedIn = answer.cookies.some((c) => /session-token=./.test(c));
  return { signedIn, error: signedIn ? null : new URL(url, baseURL).searchParams.get('error') };
}
