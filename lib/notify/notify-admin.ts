import { randomUUID } from 'node:crypto';
import type { Db, JobState } from '@/lib/db/schema';
import { enqueueJobs } from '@/lib/jobs/job-queue';
import { londonDate } from '@/lib/format/london-time';
import { NOTIFY_DIGEST_JOB, NOTIFY_HIGH_MAIL_JOB, NOTIFY_JOB_PRIORITY, NOTIFY_WEBHOOK_JOB, type DigestPayload } from './notify-jobs';
import type { NotifySettings } from './notify-settings';
import { bindStore } from '@/lib/db/bind-store';

/**
 * What the administrators' notifications page shows and does: the settings in force without
 * their secrets (no SMTP password, no webhook path, which for Slack or Teams is itself the
 * secret), the recent notification jobs and what became of them, and "send the digest now".
 */

export interface SettingsView {
  mail: { server: string; tls: 'from the start (smtps)' | 'STARTTLS when offered'; login: boolean; from: string; to: string[]; digestAt: string } | null;
  webhook: { host: string; attempts: number } | null;
  publicUrl: string | null;
}

export function settingsView(settings: NotifySettings): SettingsView {
  let mail: SettingsView['mail'] = null;
  if (settings.mail) {
    const url = new URL(settings.mail.smtpUrl);
    const secure = url.protocol === 'smtps:';
    const { hour, minute } = settings.mail.digestAt;
    mail = {
      server: `${url.hostname}:${url.port || (secure ? 465 : 587)}`,
      tls: secure ? 'from the start (smtps)' : 'STARTTLS when offered',
      login: url.username !== '',
      from: settings.mail.from,
      to: settings.mail.to,
      digestAt: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    };
  }
  const webhook = settings.webhook ? { host: new URL(settings.webhook.url).host, attempts: settings.webhook.maxAttempts } : null;
  return { mail, webhook, publicUrl: settings.publicUrl };
}

export const NOTIFY_KINDS = [NOTIFY_DIGEST_JOB, NOTIFY_HIGH_MAIL_JOB, NOTIFY_WEBHOOK_JOB] as const;

export interface NotificationJobView {
  id: string;
  kind: (typeof NOTIFY_KINDS)[number];
  /** The digest's London date, or the cycle the message is about. */
  subject: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  /** Changes the job sent (when done). */
  sent: number | null;
  /** AR review reminders the job sent (a digest, when done), or null. */
  reminders: number | null;
  lastError: string | null;
  createdAt: string;
  runAfter: string;
  finishedAt: string | null;
}

/** The most recent notification jobs, newest first (digests not yet due included). */
export async function recentNotificationJobs(db: Db, limit = 20): Promise<NotificationJobView[]> {
  const rows = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', 'in', [...NOTIFY_KINDS])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const payload = JSON.parse(r.payload) as { date?: string; cycleId?: string } | null;
    const result = r.result ? (JSON.parse(r.result) as { sent?: number; reminders?: number } | null) : null;
    return {
      id: r.id,
      kind: r.kind as NotificationJobView['kind'],
      subject: payload?.date ?? payload?.cycleId ?? '',
      state: r.state,
      attempts: Number(r.attempts),
      maxAttempts: Number(r.max_attempts),
      sent: typeof result?.sent === 'number' ? result.sent : null,
      reminders: typeof result?.reminders === 'number' ? result.reminders : null,
      lastError: r.last_error,
      createdAt: r.created_at,
      runAfter: r.run_after,
      finishedAt: r.finished_at,
    };
  });
}

/**
 * Enqueues a digest to run now, beside the day's scheduled one: it sends whatever has not been
 * e-mailed yet (nothing twice), the day's AR review reminders included when no digest has sent
 * them yet today. Null when e-mail is not configured.
 */
export async function sendDigestNow(db: Db, settings: NotifySettings, now: number = Date.now()): Promise<{ date: string } | null> {
  if (!settings.mail || !settings.publicUrl) return null;
  const date = londonDate(now);
  await enqueueJobs(
    db,
    [
      {
        kind: NOTIFY_DIGEST_JOB,
        payload: { date } satisfies DigestPayload,
        dedupeKey: `${NOTIFY_DIGEST_JOB}:now:${randomUUID()}`,
        priority: NOTIFY_JOB_PRIORITY,
        maxAttempts: settings.mail.maxAttempts,
      },
    ],
    now,
  );
  return { date };
}

/** The admin page's reads and its one action, bound to the process's database. */
export const notifyAdmin = bindStore({ recentNotificationJobs, sendDigestNow });
