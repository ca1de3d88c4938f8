import type { Metadata } from 'next';
import { requireRole } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format/date';
import { notifyAdmin, settingsView, type NotificationJobView } from '@/lib/notify/notify-admin';
import { readNotifySettings } from '@/lib/notify/notify-settings';
import { DataTable } from '@/components/tables/data-table';
import { SendDigestForm } from './send-digest-form';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Watch notifications' };

const KIND_LABELS: Record<NotificationJobView['kind'], string> = {
  'notify-digest': 'Daily digest (e-mail)',
  'notify-high-mail': 'High severity (e-mail)',
  'notify-webhook': 'Webhook',
};

function outcome(job: NotificationJobView): string {
  if (job.state === 'done') {
    const sent = job.sent ?? 0;
    const reminders = job.reminders ?? 0;
    if (sent === 0 && reminders === 0) return 'Done: nothing to send';
    const changes = `${sent} change${sent === 1 ? '' : 's'}`;
    const reviews = `${reminders} AR review reminder${reminders === 1 ? '' : 's'}`;
    return `Sent: ${reminders === 0 ? changes : sent === 0 ? reviews : `${changes} and ${reviews}`}`;
  }
  if (job.state === 'failed') return `Gave up after ${job.attempts} attempt${job.attempts === 1 ? '' : 's'}`;
  if (job.state === 'running') return 'Sending';
  if (job.state === 'cancelled') return 'Cancelled';
  return job.attempts > 0 ? `Waiting to retry (attempt ${job.attempts} of ${job.maxAttempts} failed)` : 'Waiting';
}

export default async function AdminNotificationsPage() {
  await requireRole('admin');
  const view = settingsView(readNotifySettings(process.env).settings);
  const jobs = await notifyAdmin.recentNotificationJobs(30);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Watch notifications"
        description={
          <>
            When a watch check finds changes, the portal e-mails a daily digest of them, e-mails high-severity changes as soon as the check that found them finishes, and posts them
            to a webhook. The daily digest also reminds of the principals&apos; AR annual reviews that are overdue or due within 30 days. These are set by the server&apos;s
            environment (see the README); secrets are not shown.
          </>
        }
      />

      <section aria-labelledby="mail-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="mail-heading" className="text-lg font-semibold">
          E-mail
        </h2>
        {view.mail ? (
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">Status</dt>
            <dd data-testid="mail-status">On</dd>
            <dt className="font-medium">SMTP server</dt>
            <dd>
              {view.mail.server}; TLS {view.mail.tls}; {view.mail.login ? 'logs in' : 'no login'}
            </dd>
            <dt className="font-medium">From</dt>
            <dd>{view.mail.from}</dd>
            <dt className="font-medium">To</dt>
            <dd>{view.mail.to.join(', ')}</dd>
            <dt className="font-medium">Daily digest</dt>
            <dd>{view.mail.digestAt} London time</dd>
            <dt className="font-medium">Links to</dt>
            <dd>{view.publicUrl}</dd>
          </dl>
        ) : (
          <p className="text-sm" data-testid="mail-status">
            Off: set WATCH_SMTP_URL, WATCH_MAIL_FROM and WATCH_MAIL_TO to send e-mail.
          </p>
        )}
        <SendDigestForm enabled={view.mail !== null} />
      </section>

      <section aria-labelledby="webhook-heading" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="webhook-heading" className="text-lg font-semibold">
          Webhook
        </h2>
        {view.webhook ? (
          <p className="text-sm" data-testid="webhook-status">
            On: a signed JSON POST to {view.webhook.host} for each finished check cycle that found changes, tried up to {view.webhook.attempts} times.
          </p>
        ) : (
          <p className="text-sm" data-testid="webhook-status">
            Off: set WATCH_WEBHOOK_URL and WATCH_WEBHOOK_SECRET to post changes to Slack, Teams or another receiver.
          </p>
        )}
      </section>

      <DataTable
        id="notifications-table"
        caption={`Recent notifications (${jobs.length})`}
        filterable={false}
        emptyText="No notifications yet."
        rows={jobs}
        rowKey={(job) => String(job.id)}
        rowProps={() => ({ 'data-testid': 'notification-row' })}
        columns={[
          { header: 'What', rowHeader: true, cell: (job) => KIND_LABELS[job.kind] },
          { header: 'For', cell: (job) => (job.kind === 'notify-digest' ? job.subject : <span className="text-xs">cycle {job.subject}</span>) },
          {
            header: 'Queued',
            cell: (job) => (
              <>
                <time dateTime={job.createdAt}>{formatDateTime(job.createdAt)}</time>
                {job.state === 'queued' && Date.parse(job.runAfter) > Date.parse(job.createdAt) ? (
                  <span className="block text-xs">
                    due <time dateTime={job.runAfter}>{formatDateTime(job.runAfter)}</time>
                  </span>
                ) : null}
              </>
            ),
          },
          { header: 'Outcome', cell: (job) => <span data-testid="notification-outcome">{outcome(job)}</span> },
          { header: 'Last error', cell: (job) => job.lastError ?? '—', className: 'text-xs' },
        ]}
      />
    </div>
  );
}
