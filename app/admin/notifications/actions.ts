'use server';

import { revalidatePath } from 'next/cache';
import { done, refused } from '@/lib/actions/action-state';
import { defineAction } from '@/lib/actions/define-action';
import { wakeEngine } from '@/lib/jobs/engine';
import { notifyAdmin } from '@/lib/notify/notify-admin';
import { readNotifySettings } from '@/lib/notify/notify-settings';

const PAGE = '/admin/notifications';

/** Queues a digest of every change not yet e-mailed, to go now (administrators; audited as `watch.digest.send-now`). */
export const sendDigestNowAction = defineAction({
  role: 'admin',
  path: PAGE,
  input: () => undefined,
  failure: 'The digest could not be queued. Try again; if it keeps failing, check the server log.',
  logAs: '[admin/notifications] send digest failed',
  async run(_input, { audit }) {
    const queued = await notifyAdmin.sendDigestNow(readNotifySettings(process.env).settings);
    if (!queued) return refused('E-mail is not configured: set WATCH_SMTP_URL, WATCH_MAIL_FROM and WATCH_MAIL_TO (see the README), then restart the portal.');
    await audit({ action: 'watch.digest.send-now', detail: { date: queued.date } });
    wakeEngine();
    revalidatePath(PAGE);
    return done('The digest is queued: it goes out within moments with every change not yet e-mailed. The table below shows when it has been sent.');
  },
});
