import { isoNow } from '@/lib/db/clock';
import type { Db } from '@/lib/db/schema';
import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define-job';
import type { EngineDeps } from '@/lib/jobs/engine-deps';
import { enqueueJobs, type Job, type NewJob } from '@/lib/jobs/job-queue';
import type { JobOutcome } from '@/lib/jobs/worker';
import { cycleChangeCounts, getCycle } from '@/lib/watch/watch-store';
import { changeIdsOf, changeReport, claimChanges, claimReviewReminders, markFailed, markSent, recordAttempt, releaseClaims, type ChangeReport } from './deliveries';
import { addDays, londonDate, londonTimeOn } from '@/lib/format/london-time';
import { digestMessage, highSeverityMessage, smtpSender, type MailMessage, type ReminderDigest } from './mail';
import { readNotifySettings, type NotifySettings } from './notify-settings';
import { postWebhook, webhookBody } from './webhook';

/**
 * Notification jobs on the portal's one queue (lib/jobs): the daily e-mail digest, the e-mail at
 * once for a cycle's high-severity changes, and the webhook per closed cycle. Each is keyed so it
 * is enqueued once (the digest by its London date, the others by cycle), claims its changes
 * before sending (lib/notify/deliveries.ts) so nothing is sent twice, and answers retry when the
 * SMTP server or the webhook receiver fails: the queue tries again with backoff. On its last
 * attempt a mail job gives its changes back to the next digest; a webhook records them failed.
 */

export const NOTIFY_DIGEST_JOB = 'notify-digest';
export const NOTIFY_HIGH_MAIL_JOB = 'notify-high-mail';
export const NOTIFY_WEBHOOK_JOB = 'notify-webhook';
/** Notifications run before watch checks (10) and bulk rows: they are few and someone waits. */
export const NOTIFY_JOB_PRIORITY = 5;

export interface DigestPayload {
  /** The London date (yyyy-mm-dd) the digest is for. */
  date: string;
}

export interface CyclePayload {
  cycleId: string;
}

/** What notification jobs are given: the engine's, and where notifications go (default read from the environment). */
export interface NotifyDeps extends EngineDeps {
  notify?: NotifySettings;
}

export function notifySettingsOf(deps: NotifyDeps): NotifySettings {
  return deps.notify ?? readNotifySettings(process.env).settings;
}

function lastAttempt(job: Job): boolean {
  return job.attempts >= job.maxAttempts;
}

async function sendMail(
  deps: NotifyDeps,
  job: Job,
  filter: Parameters<typeof claimChanges>[3],
  compose: (report: ChangeReport, settings: NonNullable<NotifySettings['mail']>, reminders: ReminderDigest | null) => MailMessage,
  remindersOn: string | null = null,
): Promise<JobOutcome> {
  const settings = notifySettingsOf(deps);
  if (!settings.mail || !settings.publicUrl) {
    // E-mail was turned off after this job was queued: what it had claimed goes back.
    await releaseClaims(deps.db, 'email', job.id);
    return { status: 'done', result: { sent: 0, skipped: 'e-mail is not configured' } };
  }
  const now = deps.now?.() ?? Date.now();
  const ids = changeIdsOf(await claimChanges(deps.db, 'email', job.id, filter, now));
  // The digest carries the day's AR review reminders, once a London date (whichever digest claims them).
  const reminders = remindersOn ? await claimReviewReminders(deps.db, 'email', job.id, remindersOn, settings.publicUrl, now) : null;
  if (ids.length === 0 && !reminders) return { status: 'done', result: { sent: 0 } };
  const report = await changeReport(deps.db, ids, settings.publicUrl);
  const message = compose(report, settings.mail, reminders);
  let messageId: string;
  try {
    ({ messageId } = await smtpSender(settings.mail.smtpUrl)(message));
  } catch (error) {
    const reason = (error as Error).message;
    if (lastAttempt(job)) {
      await releaseClaims(deps.db, 'email', job.id);
      return { status: 'failed', error: `${reason} (gave up after ${job.attempts} attempts; the changes wait for the next digest)` };
    }
    await recordAttempt(deps.db, 'email', job.id, job.attempts, reason);
    return { status: 'retry', error: reason };
  }
  await markSent(deps.db, 'email', job.id, job.attempts, deps.now?.() ?? Date.now());
  const reminded = reminders ? { reminders: reminders.overdue + reminders.dueSoon, overdue: reminders.overdue } : {};
  return { status: 'done', result: { sent: ids.length, ...reminded, recipients: message.to.length, messageId } };
}

const cyclePayload: z.ZodType<CyclePayload> = z.object({ cycleId: z.string() });

/**
 * The day's digest: every change not yet e-mailed (lib/notify/deliveries.ts claims them) and, once
 * a London date, the AR annual reviews overdue or due within 30 days on that date
 * (lib/principals/review-reminders.ts). A day with neither sends nothing.
 */
export const digestJob = defineJob<DigestPayload, NotifyDeps>({
  kind: NOTIFY_DIGEST_JOB,
  title: 'digest',
  payload: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date yyyy-mm-dd') }),
  priority: NOTIFY_JOB_PRIORITY,
  async run(p, job, { deps }) {
    const now = deps.now?.() ?? Date.now();
    return sendMail(deps, job, { detectedBy: isoNow(now) }, (report, mail, reminders) => digestMessage(report, p.date, mail.from, mail.to, reminders), p.date);
  },
});

/** The e-mail at once for a closed cycle's high-severity changes. */
export const highMailJob = defineJob<CyclePayload, NotifyDeps>({
  kind: NOTIFY_HIGH_MAIL_JOB,
  title: 'high-severity e-mail',
  payload: cyclePayload,
  priority: NOTIFY_JOB_PRIORITY,
  async run(p, job, { deps }) {
    return sendMail(deps, job, { cycleId: p.cycleId, severity: 'high' }, (report, mail) => highSeverityMessage(report, mail.from, mail.to));
  },
});

/** The signed webhook for a closed cycle's changes. */
export const webhookJob = defineJob<CyclePayload, NotifyDeps>({
  kind: NOTIFY_WEBHOOK_JOB,
  title: 'webhook',
  payload: cyclePayload,
  priority: NOTIFY_JOB_PRIORITY,
  async run(p, job, { deps }) {
    const settings = notifySettingsOf(deps);
    if (!settings.webhook || !settings.publicUrl) {
      await markFailed(deps.db, 'webhook', job.id, job.attempts, 'The webhook was turned off before this delivery was made.', deps.now?.() ?? Date.now());
      return { status: 'done', result: { sent: 0, skipped: 'the webhook is not configured' } };
    }
    const cycle = await getCycle(deps.db, p.cycleId);
    if (!cycle) return { status: 'failed', error: 'The cycle is no longer recorded.' };
    const ids = await claimChanges(deps.db, 'webhook', job.id, { cycleId: p.cycleId }, deps.now?.() ?? Date.now());
    if (ids.length === 0) return { status: 'done', result: { sent: 0 } };
    const report = await changeReport(deps.db, ids, settings.publicUrl);
    const body = webhookBody(job.id, cycle, report);
    const hook = settings.webhook;
    const result = await postWebhook(hook.url, hook.secret, job.id, body, hook.timeoutMs, deps.now?.() ?? Date.now());
    if (result.ok) {
      await markSent(deps.db, 'webhook', job.id, job.attempts, deps.now?.() ?? Date.now());
      return { status: 'done', result: { sent: ids.length, status: result.status } };
    }
    if (lastAttempt(job)) {
      await markFailed(deps.db, 'webhook', job.id, job.attempts, result.error, deps.now?.() ?? Date.now());
      return { status: 'failed', error: `${result.error} (gave up after ${job.attempts} attempts)` };
    }
    await recordAttempt(deps.db, 'webhook', job.id, job.attempts, result.error);
    return { status: 'retry', error: result.error, retryAfterMs: result.retryAfterMs };
  },
});

/**
 * When a cycle closes: the e-mail for its high-severity changes and the webhook for its changes,
 * each enqueued once per cycle (however many instances see the close), and only when configured
 * and the cycle found something to say. Returns how many jobs were added.
 */
export async function enqueueCycleNotifications(db: Db, cycleId: string, settings: NotifySettings, now: number = Date.now()): Promise<number> {
  if (!settings.publicUrl || (!settings.mail && !settings.webhook)) return 0;
  const counts = await cycleChangeCounts(db, cycleId);
  const jobs: NewJob[] = [];
  if (settings.mail && counts.high > 0) {
    jobs.push({
      kind: NOTIFY_HIGH_MAIL_JOB,
      payload: { cycleId } satisfies CyclePayload,
      dedupeKey: `${NOTIFY_HIGH_MAIL_JOB}:${cycleId}`,
      priority: NOTIFY_JOB_PRIORITY,
      maxAttempts: settings.mail.maxAttempts,
    });
  }
  if (settings.webhook && counts.total > 0) {
    jobs.push({
      kind: NOTIFY_WEBHOOK_JOB,
      payload: { cycleId } satisfies CyclePayload,
      dedupeKey: `${NOTIFY_WEBHOOK_JOB}:${cycleId}`,
      priority: NOTIFY_JOB_PRIORITY,
      maxAttempts: settings.webhook.maxAttempts,
    });
  }
  return jobs.length > 0 ? enqueueJobs(db, jobs, now) : 0;
}

/**
 * Enqueues the digests of today and tomorrow (London dates), each to run at WATCH_DIGEST_AT on its
 * date and keyed by it, so however many instances do this, one digest a day is sent. A digest
 * whose time has passed (the portal was down then) runs at once. Returns how many were added.
 */
export async function scheduleDigests(db: Db, settings: NotifySettings, now: number = Date.now()): Promise<number> {
  if (!settings.mail || !settings.publicUrl) return 0;
  const { hour, minute } = settings.mail.digestAt;
  const today = londonDate(now);
  const maxAttempts = settings.mail.maxAttempts;
  const jobs: NewJob[] = [today, addDays(today, 1)].map((date) => ({
    kind: NOTIFY_DIGEST_JOB,
    payload: { date } satisfies DigestPayload,
    dedupeKey: `${NOTIFY_DIGEST_JOB}:${date}`,
    priority: NOTIFY_JOB_PRIORITY,
    runAfter: isoNow(londonTimeOn(date, hour, minute)),
    maxAttempts,
  }));
  return enqueueJobs(db, jobs, now);
}

/** After any job's attempt is recorded: when it closed a cycle, that cycle's notifications. */
export async function afterCycleClosed(deps: NotifyDeps, cycleId: string): Promise<number> {
  return enqueueCycleNotifications(deps.db, cycleId, notifySettingsOf(deps), deps.now?.() ?? Date.now());
}

export interface DigestSchedule {
  stop(): void;
}

/** Keeps the next digests enqueued: now, then every hour (a timer that never holds the process open). */
export function startDigestSchedule(deps: NotifyDeps, log: (message: string) => void, everyMs = 60 * 60_000): DigestSchedule {
  const settings = notifySettingsOf(deps);
  if (!settings.mail) return { stop() {} };
  const tick = () => {
    scheduleDigests(deps.db, settings, deps.now?.() ?? Date.now()).catch((error: unknown) =>
      log(`Watch digest schedule: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
