'use server';

import { revalidatePath } from 'next/cache';
import { recordAudit } from '@/lib/audit/record';
import { requireRole } from '@/lib/auth/session';
import { getDb } from '@/lib/db/client';
import { wakeEngine } from '@/lib/jobs/engine';
import { sendDigestNow } from '@/lib/notify/notify-admin';
import { readNotifySettings } from '@/lib/notify/notify-settings';
import { log } from '@/lib/runtime/logger';

const PAGE = '/admin/notifications';

export interface SendDigestState {
  status: 'idle' | 'success' | 'error';
  message: string;
}

/** Queues a digest of every change not yet e-mailed, to go now. A server action is a public POST: it checks the role itself. */
export async function sendDigestNowAction(): Promise<SendDigestState> {
  const admin = await requireRole('admin', PAGE);
  try {
    const queued = await sendDigestNow(await getDb(), readNotifySettings(process.env).settings);
    if (!queued) return { status: 'error', message: 'E-mail is not configured: set WATCH_SMTP_URL, WATCH_MAIL_FROM and WATCH_MAIL_TO (see the README), then restart the portal.' };
    await recordAudit({ action: 'watch.digest.send-now', user: admin, detail: { date: queued.date } });
    wakeEngine();
    revalidatePath(PAGE);
    return { status: 'success', message: 'The digest is queued: it goes out within moments with every change not yet e-mailed. The table below shows when it has been sent.' };
  } catch (err) {
    log.error({ err }, '[admin/notifications] send digest failed');
    return { status: 'error', message: 'The digest could not be queued. Try again; if it keeps failing, check the server log.' };
  }
}
