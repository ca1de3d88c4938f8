import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { isoNow } from '@/lib/db/clock';
import type { AdminActor } from '@/lib/auth/user-admin';
import { issueToken } from '@/lib/tokens/token-admin';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { startTestSmtpServer, type TestSmtpServer } from '@/test/smtp-server';
import { freePort } from '@/test/spawned-process';
import { expect, test } from './support/csp-guard';
import { signIn } from './support/auth-fixtures';
import { startNginxProxy, viaProxy, type NginxProxy } from './support/nginx-proxy';
import { startPortal, type PortalInstance } from './support/portal-instance';

// The portal as an installation runs it (docs/deployment.md): Debian's nginx in front with TLS,
// under another host name, running the configuration the page documents (deploy/nginx/), the
// portal on loopback with PORTAL_URL set to the proxy's address and TRUST_PROXY=1. Every absolute
// URL the portal gives out must be on that address: a register client's Next links, the
// reconciliation service's view link, the e-mail digest's links, sign-in redirects. /metrics
// needs its token; and the portal's log holds no register key, token secret or password.

test.describe.configure({ mode: 'serial' });

const HOST = 'fsr-portal.localhost'; // Chromium resolves *.localhost to loopback itself; the program client maps it.
const REGISTER_EMAIL = 'ops@e2e.test';
const REGISTER_KEY = `e2e-register-key-${randomBytes(12).toString('hex')}`;
const CLI: AdminActor = { id: null, email: 'cli:e2e', via: 'cli' };

let sandbox: RunningSandbox;
let smtp: TestSmtpServer;
let portal: PortalInstance;
let proxy: NginxProxy;
let token: string;
/** Pages the register client walked: each one register request the metrics must show. */
let walkedPages = 0;
const passwords: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A register of its own with a generous limit: the walk below is about links, not pacing.
  sandbox = await startSandbox({ port: 0, latency: { min: 0, max: 5 }, rateLimit: { requests: 3000, seconds: 10 }, accounts: [{ email: REGISTER_EMAIL, key: REGISTER_KEY }] });
  smtp = await startTestSmtpServer();
  const proxyPort = await freePort();
  const publicAddress = `https://${HOST}:${proxyPort}`;
  portal = await startPortal({
    env: {
      PORTAL_URL: publicAddress,
      NEXTAUTH_URL: publicAddress,
      TRUST_PROXY: '1',
      FSR_API_BASE_URL: sandbox.baseUrl,
      FSR_API_EMAIL: REGISTER_EMAIL,
      FSR_API_KEY: REGISTER_KEY,
      FSR_RATE_BUDGET: '2000/10',
      WATCH_SMTP_URL: smtp.url,
      WATCH_MAIL_FROM: 'FSR Portal <portal@e2e.test>',
      WATCH_MAIL_TO: 'compliance@e2e.test',
    },
  });
  proxy = await startNginxProxy({ host: HOST, port: proxyPort, portalPort: Number(new URL(portal.baseURL).port) });
  const issued = await portal.withDb((db) =>
    issueToken(db, CLI, { name: 'deployment e2e', scopes: ['register-api', 'reconcile', 'metrics'], ceiling: { requests: 100, seconds: 10 } }),
  );
  token = `${issued.token.id}.${issued.secret}`;
  passwords.push(portal.admin.password);
});

test.afterAll(async () => {
  await proxy?.stop();
  await portal?.stop();
  await smtp?.close();
  await sandbox?.close();
});

async function signedInContext(browser: Browser, role: 'viewer' | 'admin') {
  const user = await portal.createUser(`${role}-${randomUUID().slice(0, 8)}@deploy-e2e.test`, role);
  passwords.push(user.password);
  const context = await browser.newContext({ baseURL: proxy.origin, ignoreHTTPSErrors: true });
  return { context, user };
}

test("a register client walks Next links through the proxy to the end of 700100's appointed representatives", async () => {
  const headers = { 'X-AUTH-EMAIL': token.split('.')[0], 'X-AUTH-KEY': token.split('.')[1], Accept: 'application/json' };
  let link: string | undefined = `${proxy.origin}/register-api/services/V0.1/Firm/${SHOWCASE.networkPrincipalFrn}/AR`;
  let rows = 0;
  let pages = 0;
  let total = Number.NaN;
  while (link) {
    expect(link.startsWith(`${proxy.origin}/register-api/services/V0.1/`), link).toBe(true);
    const res = await viaProxy(proxy, link, { headers });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
    const body = JSON.parse(res.text) as { ResultInfo: { Next?: string; total_count: string }; Data: Record<string, Array<{ URL: string }> | null> };
    if (pages === 0) total = Number(body.ResultInfo.total_count);
    for (const list of Object.values(body.Data)) {
      if (!list) continue;
      for (const row of list) expect(row.URL.startsWith(`${proxy.origin}/register-api/services/V0.1/Firm/`), row.URL).toBe(true);
      rows += list.length;
    }
    // No absolute URL of the answer names the portal's own listening address or the register's.
    expect(res.text).not.toContain(portal.baseURL.replace('http://', ''));
    expect(res.text).not.toContain(sandbox.baseUrl.replace('http://', ''));
    link = body.ResultInfo.Next || undefined;
    pages += 1;
  }
  expect(total).toBeGreaterThanOrEqual(1500);
  expect(rows).toBe(total);
  // (Each page holds ten current and ten previous representatives.)
  expect(pages).toBeGreaterThan(50);
  walkedPages = pages;
});

test("OpenRefine's view link lands on the portal's page under the public address, through sign-in", async ({ browser }) => {
  const manifest = JSON.parse((await viaProxy(proxy, `${proxy.origin}/reconcile`)).text) as { view: { url: string }; preview: { url: string } };
  expect(manifest.view.url).toBe(`${proxy.origin}/reconcile/view/{{id}}`);
  expect(manifest.preview.url.startsWith(`${proxy.origin}/reconcile/preview`)).toBe(true);
  const { context, user } = await signedInContext(browser, 'viewer');
  const page = await context.newPage();
  await page.goto(manifest.view.url.replace('{{id}}', SHOWCASE.networkPrincipalFrn));
  await expect(page).toHaveURL(`${proxy.origin}/login?callbackUrl=%2Ffirm%2F${SHOWCASE.networkPrincipalFrn}`);
  await signIn(page, user.email, user.password);
  await expect(page).toHaveURL(`${proxy.origin}/firm/${SHOWCASE.networkPrincipalFrn}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The session cookie is the HTTPS one (PORTAL_URL is https), sent only over TLS.
  expect((await context.cookies()).map((c) => c.name)).toContain('__Secure-next-auth.session-token');
  await context.close();
});

test("the e-mail digest's links use the public address", async ({ browser }) => {
  const run = randomUUID().slice(0, 8);
  const changeId = `deploy-${run}`;
  await portal.withDb(async (db) => {
    const at = isoNow();
    await db
      .insertInto('watchlists')
      .values({
        id: `wl-${run}`,
        name: `Deployment ${run}`,
        description: null,
        case_reference: null,
        owner_id: null,
        owner_email: 'cli:e2e',
        sections: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('watchlist_entries')
      .values({ watchlist_id: `wl-${run}`, kind: 'firm', ref: SHOWCASE.bankFrn, name: 'Deployment Bank plc', added_by: 'cli:e2e', added_at: at })
      .execute();
    await db
      .insertInto('watch_cycles')
      .values({
        id: `cycle-${run}`,
        trigger: 'manual',
        scope: 'list',
        watchlist_id: `wl-${run}`,
        entity_kind: null,
        entity_ref: null,
        nightly_key: null,
        requested_by: 'cli:e2e',
        created_at: at,
        finished_at: at,
        entity_count: 1,
        estimated_requests: 1,
      })
      .execute();
    await db
      .insertInto('watch_changes')
      .values({
        id: changeId,
        check_id: `chk-${run}`,
        previous_check_id: `prev-${run}`,
        cycle_id: `cycle-${run}`,
        kind: 'firm',
        ref: SHOWCASE.bankFrn,
        entity_name: 'Deployment Bank plc',
        section: 'names',
        severity: 'medium',
        summary: `Trading name added (${run})`,
        details: '[]',
        state: 'new',
        assignee_email: null,
        note: null,
        detected_at: at,
        updated_at: at,
        updated_by: null,
      })
      .execute();
  });
  const { context, user } = await signedInContext(browser, 'admin');
  const page = await context.newPage();
  await page.goto('/admin/notifications');
  await signIn(page, user.email, user.password);
  await page.goto('/admin/notifications');
  // A server action through the proxy: Next checks its Origin against the forwarded host.
  await page.getByRole('button', { name: 'Send the digest now' }).click();
  await expect(page.getByRole('region', { name: 'E-mail' }).getByRole('status')).toContainText('The digest is queued');
  const mail = await smtp.waitForMessage((m) => m.text.includes(changeId), 30_000);
  const links = [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((m) => m[0]);
  expect(links).toContain(`${proxy.origin}/changes/${changeId}`);
  expect(links.filter((l) => !l.startsWith(`${proxy.origin}/`))).toEqual([]);
  await context.close();
});

test('/metrics answers its token through the proxy, and 401 in words without one', async () => {
  const anonymous = await viaProxy(proxy, `${proxy.origin}/metrics`);
  expect(anonymous.status).toBe(401);
  expect(JSON.parse(anonymous.text).message).toMatch(/API token with the metrics scope/);
  const scraped = await viaProxy(proxy, `${proxy.origin}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  expect(scraped.status).toBe(200);
  expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  // The walk above: its register requests, by the program's priority class, and no 429 among them.
  const ok = [...scraped.text.matchAll(/^fsr_register_requests_total\{priority="(\w+)",outcome="ok"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[2]), 0);
  expect(walkedPages).toBeGreaterThan(0);
  expect(ok).toBeGreaterThanOrEqual(walkedPages);
  expect(scraped.text).toMatch(/^fsr_register_429_received_total 0$/m);
  expect(scraped.text).toMatch(/^fsr_http_request_duration_seconds_count\{route="\/register-api\/services\/\[\.\.\.path\]",method="GET",status="200"\} \d+$/m);
  expect(scraped.text).toMatch(/^process_resident_memory_bytes \d+/m);
});

test("the portal's log is JSON lines that carry the proxy's request id and hold no register key, token secret or password", async () => {
  const res = await viaProxy(proxy, `${proxy.origin}/api/health`);
  const requestId = String(res.headers['x-request-id']);
  expect(requestId).toMatch(/^[0-9a-f]{32}$/); // nginx's $request_id, taken because the proxy is trusted
  await expect.poll(() => portal.output().includes(requestId)).toBe(true);
  const lines = portal
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'));
  const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.requestId === requestId);
  expect(line).toMatchObject({ msg: 'request', route: '/api/health', status: 200, method: 'GET' });
  expect(lines.filter((l) => l.includes('"msg":"request"')).length).toBeGreaterThan(walkedPages);
  const output = portal.output();
  for (const [what, secret] of [['the register key', REGISTER_KEY], ['the token secret', token.split('.')[1]], ...passwords.map((p, i) => [`password ${i + 1}`, p])]) {
    expect(output.includes(secret), `the portal's output contains ${what}`).toBe(false);
  }
});
