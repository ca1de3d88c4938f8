import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { startTestSmtpServer, type TestSmtpServer } from '@/test/smtp-server';
import { startSandbox, type RunningSandbox } from '@/sandbox/server';
import { SHOWCASE } from '@/sandbox/dataset/showcase';
import { isoNow } from '@/lib/db/clock';
import type { Db, DialectName, EntityKind } from '@/lib/db/schema';
import type { BackgroundDeps as EngineDeps } from '@/lib/server/background';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { groupProgress } from '@/lib/jobs/job-queue';
import { startWorker } from '@/lib/jobs/worker';
import { createRegisterClient } from '@/lib/register/register-client';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { testConfig } from '@/lib/register/test-support/test-config';
import { startCycle } from '@/lib/watch/cycles';
import { defaultWatchedSections } from '@/lib/watch/watch-sections';
import { sendDigestNow } from './notify-admin';
import { NOTIFY_DIGEST_JOB, NOTIFY_HIGH_MAIL_JOB, NOTIFY_WEBHOOK_JOB } from './notify-jobs';
import type { NotifySettings } from './notify-settings';
import { verifyWebhookSignature, type WebhookBody } from './webhook';

/**
 * The whole path in one engine: a watch cycle over the sandbox finds the day's changes, its close
 * sends the high-severity e-mail and the webhook from the worker, and the digest sent afterwards
 * carries the rest: every change e-mailed exactly once, every change in the webhook.
 */

const pgStatus = await postgresStatus();
const ACCOUNT = { email: 'sandbox@example.com', key: 'sandbox-key' };
const SECRET = 'sandbox-webhook-secret-0123';
const PUBLIC = 'https://portal.example.test';
const WATCHED: Array<{ kind: EntityKind; ref: string }> = [
  { kind: 'firm', ref: SHOWCASE.bankFrn },
  { kind: 'firm', ref: SHOWCASE.networkPrincipalFrn },
  { kind: 'individual', ref: SHOWCASE.bankIndividualIrn },
  { kind: 'fund', ref: SHOWCASE.umbrellaFundPrn },
];

let sandbox: RunningSandbox;
let client: RegisterClient;
let smtp: TestSmtpServer;
let receiver: Server;
const posts: Array<{ body: string; valid: boolean }> = [];
let settings: NotifySettings;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, seed: 'fsr-sandbox', firms: 300, individuals: 600, funds: 40, latency: { min: 0, max: 0 }, rateLimit: 'off', accounts: [ACCOUNT] });
  client = createRegisterClient({
    config: testConfig(sandbox.baseUrl, { FSR_API_EMAIL: ACCOUNT.email, FSR_API_KEY: ACCOUNT.key, FSR_RATE_BUDGET: '2000/1', FSR_API_TIMEOUT_MS: '10000' }),
  });
  smtp = await startTestSmtpServer();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      posts.push({ body, valid: verifyWebhookSignature(SECRET, req.headers['x-fsr-signature'] as string | undefined, body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  settings = {
    publicUrl: PUBLIC,
    mail: { smtpUrl: smtp.url, from: 'portal@example.test', to: ['compliance@example.test'], digestAt: { hour: 7, minute: 0 }, maxAttempts: 3 },
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, secret: SECRET, maxAttempts: 3, timeoutMs: 5000 },
  };
});

afterAll(async () => {
  await client?.close();
  await sandbox?.close();
  await smtp?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

forEachDialect('watch notifications from a cycle over the sandbox', pgStatus, (db: () => Db, dialect: DialectName) => {
  /** Runs the engine's worker until `done` holds (polled), then stops it. */
  async function runEngineUntil(done: () => Promise<boolean>): Promise<void> {
    const deps: EngineDeps = { db: db(), dialect, client, notify: settings };
    const worker = startWorker({ db: db(), dialect, lanes: 2, pollMs: 20, handlers: jobHandlers(deps), onOutcome: (job) => afterJob(deps, job) });
    try {
      for (let i = 0; i < 3000 && !(await done()); i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await worker.stop();
    }
    expect(await done()).toBe(true);
  }

  async function notificationsSettled(): Promise<boolean> {
    const open = await db()
      .selectFrom('jobs')
      .select('id')
      .where('kind', 'in', [NOTIFY_DIGEST_JOB, NOTIFY_HIGH_MAIL_JOB, NOTIFY_WEBHOOK_JOB])
      .where('state', 'in', ['queued', 'running'])
      .where('run_after', '<=', isoNow())
      .execute();
    return open.length === 0;
  }

  async function runCycle(): Promise<string> {
    const { cycleId } = await startCycle(db(), { trigger: 'manual', scope: 'all', requestedBy: 'ann@example.com' });
    await runEngineUntil(async () => {
      const cycle = await db().selectFrom('watch_cycles').select('finished_at').where('id', '=', cycleId).executeTakeFirstOrThrow();
      if (cycle.finished_at === null) return false;
      // The close enqueues the notifications just after it marks the cycle finished: wait for the webhook's when there are changes.
      const changes = await db().selectFrom('watch_changes').select('id').where('cycle_id', '=', cycleId).limit(1).execute();
      const hook = await db().selectFrom('jobs').select('state').where('dedupe_key', '=', `${NOTIFY_WEBHOOK_JOB}:${cycleId}`).executeTakeFirst();
      return (changes.length === 0 || hook?.state === 'done') && (await notificationsSettled());
    });
    expect((await groupProgress(db(), cycleId)).failed).toBe(0);
    return cycleId;
  }

  beforeAll(async () => {
    sandbox.setDay(0);
    smtp.messages.splice(0);
    posts.splice(0);
    const at = isoNow();
    await db()
      .insertInto('watchlists')
      .values({ id: 'wl-n', name: 'Counterparties', owner_email: 'ann@example.com', sections: JSON.stringify(defaultWatchedSections()), created_at: at, updated_at: at })
      .execute();
    await db()
      .insertInto('watchlist_entries')
      .values(WATCHED.map((w) => ({ watchlist_id: 'wl-n', kind: w.kind, ref: w.ref, name: null, added_by: 'ann@example.com', added_at: at })))
      .execute();
  });

  it('e-mails the high-severity changes when the cycle closes, posts them all to the webhook, and the digest carries the rest', async () => {
    await runCycle(); // the silent baseline: nothing to say
    expect(smtp.messages).toHaveLength(0);
    expect(posts).toHaveLength(0);

    sandbox.advance(1);
    const day1 = await runCycle();
    const changes = await db().selectFrom('watch_changes').select(['id', 'severity']).where('cycle_id', '=', day1).execute();
    const high = changes.filter((c) => c.severity === 'high').map((c) => c.id);
    expect(high.length).toBeGreaterThan(0);
    expect(changes.length).toBeGreaterThan(high.length);

    expect(smtp.messages).toHaveLength(1);
    const immediate = smtp.messages[0];
    expect(immediate.subject).toMatch(/^FSR Portal: \d+ high-severity register changes? — /);
    const linked = (text: string) => new Set([...text.matchAll(/\/changes\/([0-9a-f-]{36})/g)].map((m) => m[1]));
    expect(linked(immediate.text)).toEqual(new Set(high));

    expect(posts).toHaveLength(1);
    expect(posts[0].valid).toBe(true);
    const body = JSON.parse(posts[0].body) as WebhookBody;
    expect(body.cycle.id).toBe(day1);
    expect(new Set(body.changes.map((c) => c.id))).toEqual(new Set(changes.map((c) => c.id)));
    expect(body.changes.every((c) => c.lists.some((l) => l.name === 'Counterparties'))).toBe(true);

    await sendDigestNow(db(), settings);
    await runEngineUntil(notificationsSettled);
    expect(smtp.messages).toHaveLength(2);
    const digest = smtp.messages[1];
    expect(digest.subject).toMatch(/^FSR Portal digest /);
    expect(linked(digest.text)).toEqual(new Set(changes.filter((c) => c.severity !== 'high').map((c) => c.id)));
    expect(digest.text).toContain('== Watchlist: Counterparties ==');

    // Every change went out by e-mail once and by webhook once.
    const deliveries = await db().selectFrom('notification_deliveries').select(['channel', 'change_id', 'state']).execute();
    expect(
      deliveries
        .filter((d) => d.channel === 'email' && d.state === 'sent')
        .map((d) => d.change_id)
        .sort(),
    ).toEqual(changes.map((c) => c.id).sort());
    expect(
      deliveries
        .filter((d) => d.channel === 'webhook' && d.state === 'sent')
        .map((d) => d.change_id)
        .sort(),
    ).toEqual(changes.map((c) => c.id).sort());
  });
});
