import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openMigratedDb } from '@/lib/db/connect';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { sharedBaseURL, sharedPortal, storageStatePath } from './support/shared-portal';
import { expect, test } from './support/signed-in';

// The shared portal runs without TRUST_PROXY, as a portal reached directly does. A page on another
// port of the same host is same-site: the browser sends the session cookie with its POST, and the
// portal must refuse it. Forwarded headers a client makes up change neither the links the portal
// gives out nor the address it records for a sign-in.

test.use({ storageState: storageStatePath('analyst') });

let attacker: Server;
let attackerOrigin: string;

test.beforeAll(async () => {
  // A page of a sibling origin that posts a bulk estimate to the portal as soon as it loads.
  attacker = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><title>Sibling</title><body><form method="post" enctype="application/x-www-form-urlencoded" action="${sharedBaseURL}/api/bulk/estimate"><input name="text" value="${SHOWCASE.bankFrn}"></form><script>document.forms[0].submit()</script></body></html>`,
    );
  });
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((r) => attacker?.close(r));
});

test("a same-site page's POST with the session cookie is refused with 403 in words; the portal's own page gets its answer", async ({ page }) => {
  const answer = page.waitForResponse((r) => r.url() === `${sharedBaseURL}/api/bulk/estimate`);
  await page.goto(attackerOrigin);
  const refused = await answer;
  expect(refused.status()).toBe(403);
  expect((await refused.request().allHeaders()).cookie ?? '').toContain('next-auth.session-token');
  expect(await refused.json()).toMatchObject({
    error: 'cross-origin-request',
    message: expect.stringContaining(`requested by a page of ${attackerOrigin}, not by the portal (${sharedBaseURL})`),
  });

  await page.goto('/bulk');
  const own = await page.evaluate(async (frn) => {
    const res = await fetch('/api/bulk/estimate', { method: 'POST', body: new URLSearchParams({ text: frn }) });
    return { status: res.status, body: await res.json() };
  }, SHOWCASE.bankFrn);
  expect(own.status).toBe(200);
  expect(own.body.estimate).toBeTruthy();
});

test('forged X-Forwarded-Host and -Proto change no link the portal gives out', async ({ playwright }) => {
  const client = await playwright.request.newContext({
    baseURL: sharedBaseURL,
    extraHTTPHeaders: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', Forwarded: 'host=evil.example;proto=https' },
  });
  const manifest = await (await client.get('/reconcile')).json();
  for (const url of [manifest.view.url, manifest.preview.url, manifest.documentation]) expect(url.startsWith(`${sharedBaseURL}/reconcile`), url).toBe(true);
  const anonymous = await client.get(`/firm/${SHOWCASE.bankFrn}`, { maxRedirects: 0, headers: { cookie: '' } });
  expect(anonymous.status()).toBe(307);
  expect(new URL(anonymous.headers().location, 'http://relative.invalid').origin).toMatch(new RegExp(`^(${sharedBaseURL.replace(/\./g, '\\.')}|http://relative\\.invalid)$`));
  await client.dispose();
});

/** A failed password sign-in from `from`, with a made-up X-Forwarded-For, straight to the portal (no proxy). */
async function failSignIn(from: string, email: string): Promise<void> {
  const send = (method: string, pathname: string, headers: Record<string, string>, body?: string) =>
    new Promise<{ headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: sharedPortal.port, path: pathname, method, localAddress: from, headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ headers: res.headers, text }));
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  const forged = { 'X-Forwarded-For': '203.0.113.50', 'X-Real-IP': '203.0.113.50' };
  const csrf = await send('GET', '/api/auth/csrf', forged);
  const cookie = ([] as string[])
    .concat(csrf.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  const body = new URLSearchParams({ csrfToken: JSON.parse(csrf.text).csrfToken, email, password: 'not-the-password', json: 'true' }).toString();
  await send(
    'POST',
    '/api/auth/callback/credentials',
    { ...forged, cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(body)) },
    body,
  );
}

test('a forged X-Forwarded-For does not change the address a sign-in is recorded from: 127.0.0.1 and 127.0.0.2 are told apart', async () => {
  const run = Date.now().toString(36);
  const emails = { '127.0.0.1': `nobody-a-${run}@e2e.test`, '127.0.0.2': `nobody-b-${run}@e2e.test` };
  for (const [from, email] of Object.entries(emails)) await failSignIn(from, email);
  const handle = await openMigratedDb({ dialect: 'sqlite', file: path.join(sharedPortal.dataDir, 'portal.db') });
  try {
    for (const [from, email] of Object.entries(emails)) {
      const rows = await handle.db.selectFrom('audit_log').select(['action', 'detail']).where('detail', 'like', `%${email}%`).execute();
      expect(rows.length, `an audit entry for ${email}`).toBeGreaterThan(0);
      for (const row of rows) expect((JSON.parse(row.detail!) as { address?: string }).address, `${row.action} from ${from}`).toBe(from);
    }
  } finally {
    await handle.close();
  }
});
