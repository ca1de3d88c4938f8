import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { startTestSmtpServer, type TestSmtpServer } from '@/test/smtp-server';
import { isoNow } from '@/lib/db/clock';
import type { ChangeSeverity, Db, DialectName, EntityKind } from '@/lib/db/schema';
import type { BackgroundDeps as EngineDeps } from '@/lib/server/background';
import { afterJob, jobHandlers } from '@/lib/server/background';
import { claimJob, completeJob, enqueueJobs, failJob, getJob, type Job } from '@/lib/jobs/job-queue';
import type { JobOutcome } from '@/lib/jobs/worker';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { WATCH_CHECK_JOB } from '@/lib/watch/cycles';
import { afterCycleClosed, startDigestSchedule, NOTIFY_DIGEST_JOB, NOTIFY_HIGH_MAIL_JOB, NOTIFY_WEBHOOK_JOB, scheduleDigests } from './notify-jobs';
import type { NotifySettings } from './notify-settings';
import { recentNotificationJobs, sendDigestNow, settingsView } from './notify-admin';
import { signWebhook, verifyWebhookSignature, type WebhookBody } from './webhook';
import { addPrincipal, approveReview, createCheck, prepareReview, recordReading } from '@/lib/principals/principal-store';
import type { RegisterArRow } from '@/lib/principals/reconcile';
import { digestMessage, MAX_REMINDER_LINES, type ReminderDigest } from './mail';
import type { ChangeReport } from './deliveries';

/**
 * Notifications through the real job handlers and the real queue, against a real SMTP server and
 * a real HTTP receiver on loopback: what arrived is read back (subject, recipients, links, the
 * changes), failures are retried by the queue with backoff, and nothing is sent twice.
 */

const pgStatus = await postgresStatus();
const PUBLIC = 'https://portal.example.test';
const USER = 'portal-mailer';
const PASSWORD = 'pw-Zq81xK';
const SECRET = 'whsec-0123456789abcdef0123';
// 25 Nov 2026, 08:00 London (GMT): after a 07:30 digest time.
const T0 = Date.parse('2026-11-25T08:00:00.000Z');

/** Notifications make no register call: any use of the client fails the test. */
const noRegister = new Proxy(
  {},
  {
    get() {
      throw new Error('A notification job touched the register client.');
    },
  },
) as RegisterClient;

let smtp: TestSmtpServer;
/** The receiver's clock, for the signature's freshness: the tests' clock while they move it. */
let receiverNow = () => Date.now();
let hook: {
  server: Server;
  url: string;
  requests: Array<{ headers: IncomingHttpHeaders; body: string; valid: boolean }>;
  answer: () => { status: number; headers?: Record<string, string> };
};

beforeAll(async () => {
  smtp = await startTestSmtpServer({ users: { [USER]: PASSWORD } });
  const requests: Array<{ headers: IncomingHttpHeaders; body: string; valid: boolean }> = [];
  const state = { answer: () => ({ status: 200 }) as { status: number; headers?: Record<string, string> } };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ headers: req.headers, body, valid: verifyWebhookSignature(SECRET, req.headers['x-fsr-signature'] as string | undefined, body, receiverNow()) });
      const { status, headers } = state.answer();
      res.writeHead(status, headers);
      res.end(status < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/watch`,
    requests,
    get answer() {
      return state.answer;
    },
    set answer(fn) {
      state.answer = fn;
    },
  };
});

afterAll(async () => {
  await smtp?.close();
  await new Promise<void>((resolve) => (hook ? hook.server.close(() => resolve()) : resolve()));
});

function settings(overrides: Partial<{ smtpUrl: string; mailAttempts: number; webhookAttempts: number; webhook: boolean }> = {}): NotifySettings {
  return {
    publicUrl: PUBLIC,
    mail: {
      smtpUrl: overrides.smtpUrl ?? smtp.url,
      from: 'FSR Portal <portal@example.test>',
      to: ['compliance@example.test', 'mlro@example.test'],
      digestAt: { hour: 7, minute: 30 },
      maxAttempts: overrides.mailAttempts ?? 8,
    },
    webhook: overrides.webhook === false ? null : { url: hook.url, secret: SECRET, maxAttempts: overrides.webhookAttempts ?? 10, timeoutMs: 5000 },
  };
}

interface Clock {
  now: number;
}

function depsFor(db: Db, dialect: DialectName, clock: Clock, notify: NotifySettings): EngineDeps {
  receiverNow = () => clock.now;
  return { db, dialect, client: noRegister, now: () => clock.now, notify };
}

/**
 * One attempt of the next due job of `kind`, as the worker makes it: claim, run the real handler,
 * record the outcome, then afterJob. Null when no such job is due at the clock's time.
 */
async function runNext(deps: EngineDeps, clock: Clock, kind: string): Promise<{ job: Job; outcome: JobOutcome } | null> {
  const job = await claimJob(deps.db, deps.dialect, { owner: 'test-worker', kinds: [kind], leaseMs: 60_000, now: clock.now });
  if (!job) return null;
  const handler = jobHandlers(deps)[job.kind];
  const outcome = await handler(job, { signal: new AbortController().signal, owner: 'test-worker' });
  if (outcome.status === 'done') await completeJob(deps.db, job.id, 'test-worker', outcome.result, clock.now);
  else
    await failJob(deps.db, job.id, 'test-worker', outcome.error, {
      retryable: outcome.status === 'retry',
      retryAfterMs: outcome.status === 'retry' ? outcome.retryAfterMs : undefined,
      now: clock.now,
    });
  await afterJob(deps, job);
  return { job, outcome };
}

interface Seeded {
  cycleId: string;
  changes: Record<string, { id: string; severity: ChangeSeverity; ref: string }>;
  lists: { counterparties: string; ars: string };
}

let seq = 0;
async function seed(db: Db, detectedAt: number): Promise<Seeded> {
  seq += 1;
  const s = `${seq}`;
  const at = isoNow(detectedAt);
  const lists = { counterparties: `wl-cp-${s}`, ars: `wl-ar-${s}` };
  await db
    .insertInto('watchlists')
    .values([
      {
        id: lists.counterparties,
        name: `Counterparties ${s}`,
        description: null,
        case_reference: null,
        owner_id: null,
        owner_email: 'analyst@example.test',
        sections: '{}',
        created_at: at,
        updated_at: at,
      },
      {
        id: lists.ars,
        name: `Our appointed representatives ${s}`,
        description: null,
        case_reference: 'CASE-7',
        owner_id: null,
        owner_email: 'analyst@example.test',
        sections: '{}',
        created_at: at,
        updated_at: at,
      },
    ])
    .execute();
  const entry = (watchlist_id: string, kind: EntityKind, ref: string, name: string) => ({ watchlist_id, kind, ref, name, added_by: 'analyst@example.test', added_at: at });
  await db
    .insertInto('watchlist_entries')
    .values([
      entry(lists.counterparties, 'firm', `2002${s}`, 'Acme Bank plc'),
      entry(lists.ars, 'firm', `2002${s}`, 'Acme Bank plc'),
      entry(lists.ars, 'firm', `7001${s}`, 'Network Principal Ltd'),
      entry(lists.counterparties, 'individual', `ABC${s}`, 'Jane Doe'),
    ])
    .execute();
  const cycleId = `cycle-${s}`;
  await db
    .insertInto('watch_cycles')
    .values({
      id: cycleId,
      trigger: 'manual',
      scope: 'all',
      watchlist_id: null,
      entity_kind: null,
      entity_ref: null,
      nightly_key: null,
      requested_by: 'analyst@example.test',
      created_at: at,
      finished_at: null,
      entity_count: 4,
      estimated_requests: 20,
    })
    .execute();
  const defs: Array<[string, EntityKind, string, string | null, string, ChangeSeverity, string]> = [
    ['lowAddress', 'firm', `2002${s}`, 'Acme Bank plc', 'address', 'low', 'Address changed: 1 High Street → 2 High Street'],
    ['highStatus', 'firm', `2002${s}`, 'Acme Bank plc', 'record', 'high', 'Status changed: Authorised → No longer authorised'],
    ['mediumAr', 'firm', `7001${s}`, 'Network Principal Ltd', 'appointed-representatives', 'medium', 'Appointed representative added: Corner Shop Finance'],
    ['highCf', 'individual', `ABC${s}`, 'Jane Doe', 'controlled-functions', 'high', 'Controlled function ended: SMF3 at Acme Bank plc'],
    ['lowFund', 'fund', `9999${s}`, 'Orphan Fund', 'names', 'low', 'Other name added: <Orphan & Co> "Growth"'],
  ];
  const changes: Seeded['changes'] = {};
  for (const [key, kind, ref, name, section, severity, summary] of defs) {
    const id = `chg-${s}-${key}`;
    changes[key] = { id, severity, ref };
    await db
      .insertInto('watch_changes')
      .values({
        id,
        check_id: `chk-${s}-${ref}`,
        previous_check_id: `prev-${s}-${ref}`,
        cycle_id: cycleId,
        kind,
        ref,
        entity_name: name,
        section,
        severity,
        summary,
        details: key === 'highCf' ? JSON.stringify({ rows: CF_ROWS }) : '[]',
        state: 'new',
        assignee_email: null,
        note: null,
        detected_at: at,
        updated_at: at,
        updated_by: null,
      })
      .execute();
  }
  return { cycleId, changes, lists };
}

/** Closes the seeded cycle as the engine does: its last check job done, then afterJob. */
async function closeCycle(deps: EngineDeps, clock: Clock, cycleId: string): Promise<void> {
  await enqueueJobs(deps.db, [{ kind: WATCH_CHECK_JOB, group: cycleId, dedupeKey: `${cycleId}:last`, payload: null }], clock.now);
  const job = await claimJob(deps.db, deps.dialect, { owner: 'checker', kinds: [WATCH_CHECK_JOB], leaseMs: 60_000, now: clock.now });
  await completeJob(deps.db, job!.id, 'checker', null, clock.now);
  await afterJob(deps, job!);
}

/** The individual's change as the engine stores it: one function ended, and two rows of an older check that differ only in their "(N)" numbering (no change). */
const CF_ROWS = [
  {
    change: 'changed',
    key: 'SMF3 Executive Director|200200|2021-01-04',
    before: { list: 'Current', name: 'SMF3 Executive Director', firmName: 'Acme Bank plc', frn: '200200', effectiveDate: '2021-01-04', customerEngagementMethods: [], extra: {} },
    after: {
      list: 'Previous',
      name: 'SMF3 Executive Director',
      firmName: 'Acme Bank plc',
      frn: '200200',
      effectiveDate: '2021-01-04',
      endDate: '2026-01-31',
      customerEngagementMethods: [],
      extra: {},
    },
  },
  ...[1, 2].map((n) => ({
    change: 'changed',
    key: `CF${n}|100001|2010-02-01`,
    before: { list: 'Previous', order: n + 1, name: `CF${n}`, frn: '100001', effectiveDate: '2010-02-01', customerEngagementMethods: [], extra: {} },
    after: { list: 'Previous', order: n, name: `CF${n}`, frn: '100001', effectiveDate: '2010-02-01', customerEngagementMethods: [], extra: {} },
  })),
];
const CF_SENTENCE = 'Ended SMF3 Executive Director at Acme Bank plc (200200) on 31 Jan 2026';

const ANN = { id: 'u-ann', email: 'ann@example.test' };
const BOB = { id: 'u-bob', email: 'bob@example.test' };
const NETWORK = '700100';
const SECOND = '700200';

const ar = (arFrn: string, name: string, effective: string, bucket: 'current' | 'previous' = 'current'): RegisterArRow => ({
  arFrn,
  name,
  bucket,
  subType: 'Full',
  effective,
  termination: bucket === 'previous' ? '2023-01-01' : null,
  tiedAgent: false,
  eeaTiedAgent: false,
});

/**
 * Two principals' last readings and annual reviews as the workspace keeps them (the principals'
 * own store), each AR a labelled case for 25 Nov 2026 (T0's London date): a year from appointment,
 * or from the last approved review.
 */
async function seedReviews(db: Db): Promise<void> {
  const read = async (frn: string, name: string, rows: RegisterArRow[]) => {
    await addPrincipal(db, { frn, name: null }, ANN);
    const { checkId } = await createCheck(db, { frn, trigger: 'manual', requestedBy: ANN.email, now: T0 - 86_400_000 });
    await recordReading(
      db,
      checkId,
      { registerState: 'principal', principalName: name, rows, pages: 1, requests: 2, sha256: 'x', canonical: JSON.stringify(rows), book: null, findings: [], message: null },
      T0 - 86_400_000,
    );
  };
  await read(NETWORK, 'Kingsmere Mortgage Network Limited', [
    ar('100001', 'Overdue Twenty Days Ltd', '2025-11-05'), // due 5 Nov 2026: overdue by 20 days
    ar('100002', 'Due In Ten Days Ltd', '2025-12-05'), // due 5 Dec 2026: in 10 days, listed
    ar('100003', 'Due In Sixty Days Ltd', '2026-01-24'), // due 24 Jan 2027: in 60 days, not listed
    ar('100004', 'Reviewed And Approved Ltd', '2020-03-01'), // its review approved 1 Jun 2026: due 1 Jun 2027, not listed
    ar('100005', 'Prepared Not Approved Ltd', '2024-10-01'), // due 1 Oct 2025, 420 days overdue: prepared by Ann, not approved, listed
    ar('100006', 'Ended Appointment Ltd', '2019-01-01', 'previous'), // no longer its AR: not listed
  ]);
  await read(SECOND, 'Second Network plc', [ar('200001', 'Long Overdue & Co', '2024-06-01')]); // due 1 Jun 2025: 542 days overdue
  const evidence = { evidence: '{}', evidenceSha256: 'e'.repeat(64), assessment: 'satisfactory' as const, notes: 'Agreement, fitness and solvency reviewed.' };
  const approved = await prepareReview(db, { principalFrn: NETWORK, arFrn: '100004', arName: 'Reviewed And Approved Ltd', ...evidence }, ANN);
  await approveReview(db, NETWORK, approved.id, BOB);
  await db.updateTable('principal_reviews').set({ approved_at: '2026-06-01T09:00:00.000Z' }).where('id', '=', approved.id).execute();
  const pending = await prepareReview(db, { principalFrn: NETWORK, arFrn: '100005', arName: 'Prepared Not Approved Ltd', ...evidence }, ANN);
  await db.updateTable('principal_reviews').set({ prepared_at: '2026-11-20T10:00:00.000Z' }).where('id', '=', pending.id).execute();
}

async function resetAll(db: Db): Promise<void> {
  for (const table of [
    'jobs',
    'notification_deliveries',
    'watch_changes',
    'watch_cycles',
    'watchlist_entries',
    'watchlists',
    'principal_reviews',
    'principal_ar_links',
    'principal_findings',
    'principal_checks',
    'principals',
  ] as const)
    await db.deleteFrom(table).execute();
  smtp.messages.splice(0);
  hook.requests.splice(0);
  hook.answer = () => ({ status: 200 });
}

forEachDialect('watch notifications', pgStatus, (db, dialect) => {
  beforeEach(async () => {
    await resetAll(db());
  });

  it('sends the daily digest once, grouped by list and entity, most severe first, with a link to every change', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 3600_000);
    const deps = depsFor(db(), dialect, clock, settings());
    // Two instances keep the digests scheduled: one job per London date.
    expect(await scheduleDigests(db(), deps.notify!, clock.now)).toBe(2);
    expect(await scheduleDigests(db(), deps.notify!, clock.now + 60_000)).toBe(0);

    const run = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(run?.outcome).toMatchObject({ status: 'done', result: { sent: 5, recipients: 2 } });
    expect(run?.job.payload).toEqual({ date: '2026-11-25' });
    // Tomorrow's digest is not due yet.
    expect(await runNext(deps, clock, NOTIFY_DIGEST_JOB)).toBeNull();

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    expect(mail.subject).toBe('FSR Portal digest 25 Nov 2026: 5 register changes (2 high)');
    expect(mail.from).toBe('portal@example.test');
    expect(mail.to).toEqual(['compliance@example.test', 'mlro@example.test']);
    expect(mail.envelope.to).toEqual(['compliance@example.test', 'mlro@example.test']);
    expect(mail.user).toBe(USER);
    for (const change of Object.values(seeded.changes)) {
      expect(mail.text).toContain(`${PUBLIC}/changes/${change.id}`);
      expect(mail.html).toContain(`href="${PUBLIC}/changes/${change.id}"`);
    }
    expect(mail.text).toContain('5 changes: 2 high, 1 medium, 2 low.');
    expect(mail.text).toContain(`${PUBLIC}/watchlists/${seeded.lists.ars}`);
    expect(mail.text).toContain(`${PUBLIC}/changes`);
    expect(mail.text).toContain('[HIGH] Firm record: Status changed: Authorised → No longer authorised');
    // A change's rows in the inbox's sentences; rows that only renumbered say nothing.
    expect(mail.text).toContain(`[HIGH] Controlled functions: ${CF_SENTENCE}`);
    expect(mail.html).toContain(CF_SENTENCE);
    expect(mail.text).not.toMatch(/CF1|CF2|order/);
    // Severity in words; the most severe entity first within a list, and the most severe change first within an entity.
    const ars = mail.text.slice(mail.text.indexOf('== Watchlist: Our appointed representatives'));
    expect(ars.indexOf('Acme Bank plc')).toBeLessThan(ars.indexOf('Network Principal Ltd'));
    expect(ars.indexOf('[HIGH] Firm record')).toBeLessThan(ars.indexOf('[LOW] Address'));
    // An entity on no list has its own group; HTML is escaped.
    expect(mail.text).toContain('== Not on a watchlist now ==');
    expect(mail.html).toContain('&lt;Orphan &amp; Co&gt; &quot;Growth&quot;');
    expect(mail.html).toContain(`href="${PUBLIC}/firm/${seeded.changes.highStatus.ref}"`);
    // Nothing beyond what the change holds: no details, no key.
    expect(mail.raw).not.toMatch(/api[-_ ]?key/i);

    const rows = await db().selectFrom('notification_deliveries').selectAll().execute();
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual(Array(5).fill(['email', 'sent']));
  });

  it('sends nothing twice when a job runs twice (its lease ran out after the message was sent)', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 3600_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), deps.notify!, clock.now);
    const job = await claimJob(db(), dialect, { owner: 'dies', kinds: [NOTIFY_DIGEST_JOB], leaseMs: 1000, now: clock.now });
    const first = await jobHandlers(deps)[NOTIFY_DIGEST_JOB](job!, { signal: new AbortController().signal, owner: 'dies' });
    expect(first).toMatchObject({ status: 'done', result: { sent: 5 } });
    // The process died before recording the outcome: the lease runs out and the job runs again.
    clock.now += 5000;
    const again = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(again?.job.id).toBe(job!.id);
    expect(again?.outcome).toMatchObject({ status: 'done', result: { sent: 0 } });
    // The next day's digest has nothing left to send either.
    clock.now += 24 * 3600_000;
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 0 } });
    expect(smtp.messages).toHaveLength(1);
  });

  it('e-mails high-severity changes when their cycle closes, posts the signed webhook, and leaves the rest to the digest', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await closeCycle(deps, clock, seeded.cycleId);
    // Seeing the close again (another instance) enqueues nothing more.
    expect(await afterCycleClosed(deps, seeded.cycleId)).toBe(0);
    const jobs = await db().selectFrom('jobs').select(['kind', 'dedupe_key']).where('kind', '!=', WATCH_CHECK_JOB).orderBy('kind').execute();
    expect(jobs).toEqual([
      { kind: NOTIFY_HIGH_MAIL_JOB, dedupe_key: `${NOTIFY_HIGH_MAIL_JOB}:${seeded.cycleId}` },
      { kind: NOTIFY_WEBHOOK_JOB, dedupe_key: `${NOTIFY_WEBHOOK_JOB}:${seeded.cycleId}` },
    ]);

    expect((await runNext(deps, clock, NOTIFY_HIGH_MAIL_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 2 } });
    const high = await smtp.waitForMessage((m) => m.subject.includes('high-severity'), 5000);
    expect(high.subject).toBe('FSR Portal: 2 high-severity register changes — Acme Bank plc and Jane Doe');
    expect(high.text).toContain(`${PUBLIC}/changes/${seeded.changes.highStatus.id}`);
    expect(high.text).toContain(`${PUBLIC}/changes/${seeded.changes.highCf.id}`);
    expect(high.text).not.toContain(seeded.changes.lowAddress.id);

    expect((await runNext(deps, clock, NOTIFY_WEBHOOK_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 5, status: 200 } });
    expect(hook.requests).toHaveLength(1);
    const post = hook.requests[0];
    expect(post.valid).toBe(true);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers['x-fsr-event']).toBe('watch.cycle.closed');
    const body = JSON.parse(post.body) as WebhookBody;
    expect(body.cycle).toMatchObject({ id: seeded.cycleId, trigger: 'manual', scope: 'all', entityCount: 4 });
    expect(body.counts).toEqual({ total: 5, high: 2, medium: 1, low: 2 });
    expect(body.changes.map((c) => c.id).sort()).toEqual(
      Object.values(seeded.changes)
        .map((c) => c.id)
        .sort(),
    );
    expect(body.changes[0]).toMatchObject({ severity: 'high', url: expect.stringMatching(/^https:\/\/portal\.example\.test\/changes\//) });
    expect(
      body.changes
        .find((c) => c.id === seeded.changes.highStatus.id)
        ?.lists.map((l) => l.id)
        .sort(),
    ).toEqual([seeded.lists.counterparties, seeded.lists.ars].sort());
    expect(body.text).toMatch(/^FSR Portal watch: 5 register changes \(2 high, 1 medium, 2 low\)\n• HIGH · /);
    // The same sentences as the e-mail and the inbox, with each row's before and after in words.
    const cf = body.changes.find((c) => c.id === seeded.changes.highCf.id)!;
    expect(cf.summary).toBe(CF_SENTENCE);
    expect(cf.rows).toEqual([
      {
        change: 'ended',
        key: 'SMF3 Executive Director|200200|2021-01-04',
        text: CF_SENTENCE,
        before: { Function: 'SMF3 Executive Director', Firm: 'Acme Bank plc', FRN: '200200', 'Effective date': '4 Jan 2021' },
        after: { Function: 'SMF3 Executive Director', Firm: 'Acme Bank plc', FRN: '200200', 'Effective date': '4 Jan 2021', 'End date': '31 Jan 2026' },
      },
    ]);
    expect(body.text).toContain(CF_SENTENCE);

    // The digest that follows holds only what was not e-mailed at once.
    clock.now += 3600_000;
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 3 } });
    const digest = await smtp.waitForMessage((m) => m.subject.startsWith('FSR Portal digest'), 5000);
    expect(digest.subject).toBe('FSR Portal digest 25 Nov 2026: 3 register changes');
    expect(digest.text).not.toContain(seeded.changes.highStatus.id);
    expect(digest.text).toContain(seeded.changes.mediumAr.id);
  });

  it('retries the e-mail with backoff when the SMTP server refuses the login, then sends it once', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), deps.notify!, clock.now);
    smtp.refuseLogins(2);
    const failuresBefore = smtp.authFailures;

    const one = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(one?.outcome.status).toBe('retry');
    const after1 = await getJob(db(), one!.job.id);
    expect(after1).toMatchObject({ state: 'queued', attempts: 1 });
    expect(after1!.lastError).toMatch(/EAUTH/);
    expect(after1!.lastError).not.toContain(PASSWORD);
    expect(Date.parse(after1!.runAfter) - clock.now).toBe(5000);
    const pending = await db().selectFrom('notification_deliveries').selectAll().execute();
    expect(pending.every((r) => r.state === 'pending' && r.attempts === 1 && r.job_id === one!.job.id)).toBe(true);
    // Not due before its backoff.
    clock.now += 4999;
    expect(await runNext(deps, clock, NOTIFY_DIGEST_JOB)).toBeNull();
    clock.now += 1;
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome.status).toBe('retry');
    expect(Date.parse((await getJob(db(), one!.job.id))!.runAfter) - clock.now).toBe(10_000);
    clock.now += 10_000;
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 5 } });
    expect(await getJob(db(), one!.job.id)).toMatchObject({ state: 'done', attempts: 3 });
    expect(smtp.authFailures - failuresBefore).toBe(2);
    expect(smtp.messages).toHaveLength(1);
  });

  it('never sends the password in clear: a login to a server that is not local needs STARTTLS', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 60_000);
    // 127.0.0.2 is this machine too, but not an address the sender treats as local.
    const plain = await startTestSmtpServer({ users: { [USER]: PASSWORD }, host: '127.0.0.2' });
    try {
      const deps = depsFor(db(), dialect, clock, settings({ smtpUrl: plain.url }));
      await scheduleDigests(db(), deps.notify!, clock.now);
      const run = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
      expect(run?.outcome).toMatchObject({ status: 'retry', error: expect.stringMatching(/STARTTLS/i) });
      expect(plain.authFailures).toBe(0);
      expect(plain.messages).toHaveLength(0);
    } finally {
      await plain.close();
    }
  });

  it('gives the claimed changes back when e-mail is turned off while a message waits to be retried', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), deps.notify!, clock.now);
    smtp.refuseLogins(1);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome.status).toBe('retry');
    expect(await db().selectFrom('notification_deliveries').selectAll().execute()).toHaveLength(5);
    clock.now += 5000;
    const off = depsFor(db(), dialect, clock, { mail: null, webhook: null, publicUrl: PUBLIC });
    expect((await runNext(off, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 0, skipped: 'e-mail is not configured' } });
    expect(await db().selectFrom('notification_deliveries').selectAll().execute()).toEqual([]);
    expect(smtp.messages).toHaveLength(0);
  });

  it('gives a message up after its attempts and leaves its changes to the next digest', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 60_000);
    // Nothing listens on this port once the probe server is closed.
    const gone = await startTestSmtpServer();
    const deadUrl = gone.url;
    await gone.close();
    const deps = depsFor(db(), dialect, clock, settings({ smtpUrl: deadUrl, mailAttempts: 2 }));
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome.status).toBe('retry');
    clock.now += 5000;
    const last = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(last?.outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
    expect(await getJob(db(), last!.job.id)).toMatchObject({ state: 'failed', attempts: 2 });
    expect(await db().selectFrom('notification_deliveries').selectAll().execute()).toEqual([]);

    // Tomorrow, with the server back, the digest carries them.
    clock.now += 24 * 3600_000;
    const back = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), back.notify!, clock.now);
    const next = await runNext(back, clock, NOTIFY_DIGEST_JOB);
    expect(next?.outcome).toMatchObject({ status: 'done', result: { sent: 5 } });
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0].subject).toBe('FSR Portal digest 26 Nov 2026: 5 register changes (2 high)');
  });

  it('retries the webhook on errors and no answer, honours Retry-After, and posts the same delivery once it is taken', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await closeCycle(deps, clock, seeded.cycleId);
    const answers = [{ status: 500 }, { status: 429, headers: { 'retry-after': '120' } }, { status: 204 }];
    hook.answer = () => answers.shift() ?? { status: 200 };

    const one = await runNext(deps, clock, NOTIFY_WEBHOOK_JOB);
    expect(one?.outcome).toEqual({ status: 'retry', error: 'Webhook: HTTP 500', retryAfterMs: undefined });
    clock.now += 5000;
    const two = await runNext(deps, clock, NOTIFY_WEBHOOK_JOB);
    expect(two?.outcome).toEqual({ status: 'retry', error: 'Webhook: HTTP 429', retryAfterMs: 120_000 });
    expect(Date.parse((await getJob(db(), one!.job.id))!.runAfter) - clock.now).toBe(120_000);
    clock.now += 120_000;
    expect((await runNext(deps, clock, NOTIFY_WEBHOOK_JOB))?.outcome).toMatchObject({ status: 'done', result: { status: 204 } });

    expect(hook.requests).toHaveLength(3);
    expect(hook.requests.every((r) => r.valid)).toBe(true);
    expect(new Set(hook.requests.map((r) => r.headers['x-fsr-delivery']))).toEqual(new Set([one!.job.id]));
    expect(new Set(hook.requests.map((r) => r.body)).size).toBe(1);
    // Each attempt signed at its own time.
    expect(hook.requests.map((r) => /t=(\d+)/.exec(String(r.headers['x-fsr-signature']))![1])).toEqual([T0, T0 + 5000, T0 + 125_000].map((t) => String(Math.floor(t / 1000))));
    const delivered = await db().selectFrom('notification_deliveries').selectAll().where('channel', '=', 'webhook').execute();
    expect(delivered.map((r) => [r.state, r.attempts])).toEqual(Array(5).fill(['sent', 3]));
  });

  it('gives the webhook up after its attempts and records it', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings({ webhookAttempts: 3 }));
    await closeCycle(deps, clock, seeded.cycleId);
    hook.answer = () => ({ status: 503 });
    let last: Awaited<ReturnType<typeof runNext>> = null;
    for (let i = 0; i < 3; i += 1) {
      last = await runNext(deps, clock, NOTIFY_WEBHOOK_JOB);
      clock.now += 10 * 60_000;
    }
    expect(last?.outcome).toEqual({ status: 'failed', error: 'Webhook: HTTP 503 (gave up after 3 attempts)' });
    expect(await getJob(db(), last!.job.id)).toMatchObject({ state: 'failed', attempts: 3, lastError: 'Webhook: HTTP 503 (gave up after 3 attempts)' });
    expect(await runNext(deps, clock, NOTIFY_WEBHOOK_JOB)).toBeNull();
    expect(hook.requests).toHaveLength(3);
    const failed = await db().selectFrom('notification_deliveries').selectAll().where('channel', '=', 'webhook').execute();
    expect(failed.map((r) => [r.state, r.attempts, r.last_error])).toEqual(Array(5).fill(['failed', 3, 'Webhook: HTTP 503']));
  });

  it('sends the digest on demand beside the scheduled one, and shows the jobs without secrets', async () => {
    const clock = { now: T0 };
    await seed(db(), T0 - 60_000);
    const deps = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 5 } });
    // Later the same day a new change comes in; an administrator sends the digest at once.
    clock.now += 3600_000;
    const later = await seed(db(), clock.now - 1000);
    expect(await sendDigestNow(db(), deps.notify!, clock.now)).toEqual({ date: '2026-11-25' });
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 5 } });
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1].text).toContain(later.changes.highStatus.id);
    const jobs = await recentNotificationJobs(db());
    expect(jobs.filter((j) => j.kind === NOTIFY_DIGEST_JOB).map((j) => [j.state, j.sent])).toEqual(
      expect.arrayContaining([
        ['done', 5],
        ['done', 5],
        ['queued', null],
      ]),
    );
    const view = settingsView(deps.notify!);
    expect(JSON.stringify(view)).not.toContain(PASSWORD);
    expect(JSON.stringify(view)).not.toContain('/hooks/watch');
    expect(view.mail).toMatchObject({ server: `127.0.0.1:${smtp.port}`, login: true, digestAt: '07:30' });
  });

  it('adds the AR annual reviews overdue or due within 30 days to the digest, per principal, most overdue first, once a London date', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 3600_000);
    await seedReviews(db());
    const deps = depsFor(db(), dialect, clock, settings());
    await scheduleDigests(db(), deps.notify!, clock.now);
    const run = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(run?.outcome).toMatchObject({ status: 'done', result: { sent: 5, reminders: 4, overdue: 3, recipients: 2 } });

    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    // The subject counts both kinds.
    expect(mail.subject).toBe('FSR Portal digest 25 Nov 2026: 5 register changes (2 high), 3 AR reviews overdue, 1 due within 30 days');
    // The register changes are there as before.
    for (const change of Object.values(seeded.changes)) expect(mail.text).toContain(`${PUBLIC}/changes/${change.id}`);
    expect(mail.text).toContain('5 changes: 2 high, 1 medium, 2 low.');
    expect(mail.text).toContain('== AR annual reviews: 3 overdue, 1 due within 30 days ==');
    // Per principal, each with the absolute link to its workspace's list of reviews due.
    expect(mail.text).toContain(`Second Network plc (FRN ${SECOND}): 1 overdue\n${PUBLIC}/principals/${SECOND}#due-reviews`);
    expect(mail.text).toContain(`Kingsmere Mortgage Network Limited (FRN ${NETWORK}): 2 overdue, 1 due within 30 days\n${PUBLIC}/principals/${NETWORK}#due-reviews`);
    expect(mail.html).toContain(`href="${PUBLIC}/principals/${NETWORK}#due-reviews"`);
    expect(mail.html).toContain(`href="${PUBLIC}/principals/${SECOND}#due-reviews"`);
    // An AR overdue by 20 days; one due in 10 days; one prepared and not approved, naming the preparer.
    expect(mail.text).toContain('[OVERDUE] Overdue Twenty Days Ltd (FRN 100001): due 5 Nov 2026, 20 days overdue');
    expect(mail.text).toContain('[DUE SOON] Due In Ten Days Ltd (FRN 100002): due 5 Dec 2026, in 10 days');
    expect(mail.text).toContain(
      "[OVERDUE] Prepared Not Approved Ltd (FRN 100005): due 1 Oct 2025, 420 days overdue\n      Review prepared by ann@example.test on 20 Nov 2026, awaiting a second person's approval",
    );
    expect(mail.text).toContain('[OVERDUE] Long Overdue & Co (FRN 200001): due 1 Jun 2025, 542 days overdue');
    // Due in 60 days, reviewed and approved, and no longer an AR: not listed.
    expect(mail.text).not.toMatch(/100003|Due In Sixty Days/);
    expect(mail.text).not.toMatch(/100004|Reviewed And Approved/);
    expect(mail.text).not.toMatch(/100006|Ended Appointment/);
    // Most overdue first: across principals and within one; after the register changes.
    const order = ['Register changes', 'Long Overdue & Co', 'Prepared Not Approved Ltd', 'Overdue Twenty Days Ltd', 'Due In Ten Days Ltd'].map((t) => mail.text.indexOf(t));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The HTML part says the same in words, escaped.
    expect(mail.html).toContain('<strong>OVERDUE</strong> · Long Overdue &amp; Co (FRN 200001): due 1 Jun 2025, 542 days overdue');
    expect(mail.html).toContain('<strong>DUE SOON</strong> · Due In Ten Days Ltd (FRN 100002): due 5 Dec 2026, in 10 days');
    expect(mail.html).toContain('Review prepared by ann@example.test on 20 Nov 2026, awaiting a second person&#39;s approval');
    expect(mail.html).not.toContain('Due In Sixty Days');
    const rows = await db().selectFrom('notification_deliveries').select(['change_id', 'state']).where('change_id', 'like', 'ar-reviews:%').execute();
    expect(rows).toEqual([{ change_id: 'ar-reviews:2026-11-25', state: 'sent' }]);

    // A digest sent on demand later the same day: the reminders went out today, and there is no new change: nothing.
    clock.now += 3600_000;
    expect(await sendDigestNow(db(), deps.notify!, clock.now)).toEqual({ date: '2026-11-25' });
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 0 } });
    expect(smtp.messages).toHaveLength(1);

    // The next day's digest reminds again, a day later, with no register change.
    clock.now = T0 + 24 * 3600_000;
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 0, reminders: 4, overdue: 3 } });
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1].subject).toBe('FSR Portal digest 26 Nov 2026: no register changes, 3 AR reviews overdue, 1 due within 30 days');
    expect(smtp.messages[1].text).toContain('due 5 Nov 2026, 21 days overdue');
    expect(smtp.messages[1].text).toContain('due 5 Dec 2026, in 9 days');
    // The administrators' page counts what each digest sent.
    const jobs = (await recentNotificationJobs(db())).filter((j) => j.kind === NOTIFY_DIGEST_JOB && j.state === 'done');
    expect(jobs.map((j) => [j.subject, j.sent, j.reminders])).toEqual(
      expect.arrayContaining([
        ['2026-11-25', 5, 4],
        ['2026-11-25', 0, null],
        ['2026-11-26', 0, 4],
      ]),
    );
    expect(jobs).toHaveLength(3);
  });

  it('sends a digest of reminders alone on a day without register changes (retried like any), and nothing on a day with neither', async () => {
    const clock = { now: T0 };
    const deps = depsFor(db(), dialect, clock, settings());
    // Neither changes nor principals: as before, nothing is sent.
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toEqual({ status: 'done', result: { sent: 0 } });
    expect(smtp.messages).toHaveLength(0);

    // Principals with reviews due, and still no change: a digest of the reminders alone.
    await seedReviews(db());
    await sendDigestNow(db(), deps.notify!, clock.now);
    smtp.refuseLogins(1);
    const first = await runNext(deps, clock, NOTIFY_DIGEST_JOB);
    expect(first?.outcome.status).toBe('retry');
    // The day's reminders stay claimed by the job for its retry.
    expect(await db().selectFrom('notification_deliveries').select(['change_id', 'job_id', 'state']).execute()).toEqual([
      { change_id: 'ar-reviews:2026-11-25', job_id: first!.job.id, state: 'pending' },
    ]);
    clock.now += 5000;
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toMatchObject({ status: 'done', result: { sent: 0, reminders: 4, overdue: 3, recipients: 2 } });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    expect(mail.subject).toBe('FSR Portal digest 25 Nov 2026: no register changes, 3 AR reviews overdue, 1 due within 30 days');
    expect(mail.text).toMatch(/^AR annual reviews — digest for 25 Nov 2026\n/);
    expect(mail.text).toContain('No register changes since the last e-mail.');
    expect(mail.text).not.toContain('== Watchlist');
    expect(mail.text).toContain('[OVERDUE] Overdue Twenty Days Ltd (FRN 100001): due 5 Nov 2026, 20 days overdue');
    expect(mail.html).toContain('<p><strong>No register changes since the last e-mail.</strong></p>');
    expect(mail.html).toContain(`href="${PUBLIC}/principals/${NETWORK}#due-reviews"`);
    // Once the overdue reviews are approved, the next day has neither: nothing is sent.
    for (const [frn, arFrn] of [
      [NETWORK, '100001'],
      [NETWORK, '100002'],
      [SECOND, '200001'],
    ]) {
      const r = await prepareReview(db(), { principalFrn: frn, arFrn, arName: arFrn, evidence: '{}', evidenceSha256: 'e', assessment: 'satisfactory', notes: 'Reviewed.' }, ANN);
      await approveReview(db(), frn, r.id, BOB);
    }
    await approveReview(db(), NETWORK, (await db().selectFrom('principal_reviews').select('id').where('state', '=', 'prepared').executeTakeFirstOrThrow()).id, BOB);
    // Approved on the day (the store dates an approval by the real clock).
    await db().updateTable('principal_reviews').set({ approved_at: '2026-11-25T12:00:00.000Z' }).execute();
    clock.now = T0 + 24 * 3600_000;
    await scheduleDigests(db(), deps.notify!, clock.now);
    expect((await runNext(deps, clock, NOTIFY_DIGEST_JOB))?.outcome).toEqual({ status: 'done', result: { sent: 0 } });
    expect(smtp.messages).toHaveLength(1);
  });

  it("the engine keeps today's and tomorrow's digests enqueued from the moment it starts", async () => {
    const clock = { now: Date.parse('2026-07-01T05:00:00.000Z') }; // 06:00 in London (BST)
    const deps = depsFor(db(), dialect, clock, settings());
    const messages: string[] = [];
    const schedule = startDigestSchedule(deps, (m) => messages.push(m));
    try {
      await expect.poll(async () => (await db().selectFrom('jobs').select('id').where('kind', '=', NOTIFY_DIGEST_JOB).execute()).length).toBe(2);
    } finally {
      schedule.stop();
    }
    const jobs = await db().selectFrom('jobs').select(['dedupe_key', 'run_after']).where('kind', '=', NOTIFY_DIGEST_JOB).orderBy('run_after').execute();
    expect(jobs).toEqual([
      { dedupe_key: `${NOTIFY_DIGEST_JOB}:2026-07-01`, run_after: '2026-07-01T06:30:00.000Z' },
      { dedupe_key: `${NOTIFY_DIGEST_JOB}:2026-07-02`, run_after: '2026-07-02T06:30:00.000Z' },
    ]);
    expect(messages).toEqual([]);
    // Without e-mail there is no schedule.
    const off = startDigestSchedule(depsFor(db(), dialect, clock, { mail: null, webhook: null, publicUrl: PUBLIC }), (m) => messages.push(m));
    off.stop();
    expect(await db().selectFrom('jobs').select('id').execute()).toHaveLength(2);
  });

  it('enqueues nothing for a cycle without changes, nor for a channel that is not configured', async () => {
    const clock = { now: T0 };
    const seeded = await seed(db(), T0 - 60_000);
    await db().deleteFrom('watch_changes').where('severity', '=', 'high').execute();
    const deps = depsFor(db(), dialect, clock, settings({ webhook: false }));
    await closeCycle(deps, clock, seeded.cycleId);
    expect(await db().selectFrom('jobs').select('kind').where('kind', '!=', WATCH_CHECK_JOB).execute()).toEqual([]);
  });
});

describe('the digest subject', () => {
  const empty: ChangeReport = { changes: [], groups: [], counts: { high: 0, medium: 0, low: 0 }, inboxUrl: `${PUBLIC}/changes` };
  const reminder = (n: number, overdue: boolean) => ({
    arFrn: String(100000 + n),
    arName: `AR ${n}`,
    nextReviewDate: overdue ? '2026-11-01' : '2026-12-01',
    overdue,
    daysOverdue: overdue ? 24 : null,
    dueInDays: overdue ? null : 6,
    pending: null,
  });
  const digest = (overdue: number, dueSoon: number): ReminderDigest => ({
    principals: [
      {
        frn: '700100',
        name: 'Kingsmere',
        overdue,
        dueSoon,
        url: `${PUBLIC}/principals/700100#due-reviews`,
        reminders: [...Array.from({ length: overdue }, (_, i) => reminder(i, true)), ...Array.from({ length: dueSoon }, (_, i) => reminder(overdue + i, false))],
      },
    ],
    overdue,
    dueSoon,
    windowDays: 30,
  });

  it('counts the register changes and the AR reviews, each in words', () => {
    const subject = (r: ReminderDigest | null, report = empty) => digestMessage(report, '2026-11-25', 'a@example.test', ['b@example.test'], r).subject;
    expect(subject(digest(1, 0))).toBe('FSR Portal digest 25 Nov 2026: no register changes, 1 AR review overdue');
    expect(subject(digest(0, 2))).toBe('FSR Portal digest 25 Nov 2026: no register changes, 2 AR reviews due within 30 days');
    expect(subject(digest(3, 1))).toBe('FSR Portal digest 25 Nov 2026: no register changes, 3 AR reviews overdue, 1 due within 30 days');
  });

  it('lists at most MAX_REMINDER_LINES reviews and counts the rest, pointing to the workspace', () => {
    const mail = digestMessage(empty, '2026-11-25', 'a@example.test', ['b@example.test'], digest(MAX_REMINDER_LINES + 2, 0));
    expect(mail.text.match(/\[OVERDUE\]/g)).toHaveLength(MAX_REMINDER_LINES);
    expect(mail.text).toContain('… and 2 more reviews: see the workspace.');
    expect(mail.text).toContain(`At most ${MAX_REMINDER_LINES} reviews are listed here; 2 more are on the principals' workspaces.`);
  });
});

describe('webhook signature', () => {
  const body = JSON.stringify({ type: 'watch.cycle.closed', text: 'x' });
  const now = Date.parse('2026-11-25T08:00:00Z');
  const t = Math.floor(now / 1000);

  it('matches the worked example in docs/watchlists.md', () => {
    expect(signWebhook('example-secret-0123456789', '{"type":"watch.cycle.closed"}', 1764057600)).toBe(
      't=1764057600,v1=bc02608158b7d146eb882567b13a9198d550cb22c8cd9fbeb1e2ff454ba5a011',
    );
  });

  it('verifies the raw body with its timestamp, and nothing else', () => {
    const header = signWebhook(SECRET, body, t);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(SECRET, header, body, now)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, Buffer.from(body), now + 299_000)).toBe(true);
    expect(verifyWebhookSignature(SECRET, header, `${body} `, now)).toBe(false);
    expect(verifyWebhookSignature('another-secret-0123456789', header, body, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header, body, now + 301_000)).toBe(false);
    expect(verifyWebhookSignature(SECRET, header.replace(`t=${t}`, `t=${t + 1}`), body, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, 'v1=abc', body, now)).toBe(false);
    expect(verifyWebhookSignature(SECRET, undefined, body, now)).toBe(false);
  });
});
