import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { formatDate, formatDateTime } from '@/lib/format/date';
import { londonDate } from '@/lib/format/london-time';
import type { ChangeSeverity } from '@/lib/db/schema';
import type { PrincipalReminders, ReviewReminder } from '@/lib/principals/review-reminders';
import type { ChangeReport, ListGroup } from './deliveries';

/**
 * The watch e-mails: the daily digest of changes not yet e-mailed (with, once a London date, the
 * principals' AR annual reviews overdue or due within 30 days), and the message sent when a
 * cycle that found high-severity changes closes. Each is plain text with a simple HTML part, says
 * each change's severity in words (never by colour alone), and links every change, entity and
 * list to the portal. They hold only what the change records hold (entity, section, and each row
 * the register changed in the sentences the inbox shows, lib/watch/change-words.ts).
 */

export interface MailMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** At most this many change lines in one message; the rest are counted and left to the inbox. */
export const MAX_LINES = 300;
/** At most this many sentences of one change in a message; its page has every one. */
export const SENTENCES_PER_CHANGE = 10;
/** At most this many AR review reminders in one digest; the rest are counted and left to the workspaces. */
export const MAX_REMINDER_LINES = 300;

const KIND_LABEL = { firm: 'Firm', individual: 'Individual', fund: 'Fund' } as const;
const REF_LABEL = { firm: 'FRN', individual: 'IRN', fund: 'PRN' } as const;
const SEVERITY_LABEL: Record<ChangeSeverity, string> = { high: 'HIGH', medium: 'MEDIUM', low: 'LOW' };

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function countsLine(report: ChangeReport): string {
  const { high, medium, low } = report.counts;
  return `${plural(report.changes.length, 'change')}: ${high} high, ${medium} medium, ${low} low.`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function entityTitle(e: { kind: keyof typeof KIND_LABEL; ref: string; name: string | null }): string {
  return `${KIND_LABEL[e.kind]} ${REF_LABEL[e.kind]} ${e.ref}${e.name ? ` — ${e.name}` : ''}`;
}

function listTitle(group: ListGroup): string {
  return group.list ? `Watchlist: ${group.list.name}` : 'Not on a watchlist now';
}

interface Rendered {
  text: string;
  html: string;
}

function renderGroups(report: ChangeReport): Rendered {
  const text: string[] = [];
  const html: string[] = [];
  let lines = 0;
  let omitted = 0;
  for (const group of report.groups) {
    if (lines >= MAX_LINES) {
      omitted += group.entities.reduce((n, e) => n + e.changes.length, 0);
      continue;
    }
    text.push('', `== ${listTitle(group)} ==${group.list ? `\n${group.list.url}` : ''}`);
    html.push(
      `<h2 style="font-size:18px;margin:24px 0 8px">${group.list ? `<a href="${escapeHtml(group.list.url)}">${escapeHtml(listTitle(group))}</a>` : escapeHtml(listTitle(group))}</h2>`,
    );
    for (const entity of group.entities) {
      if (lines >= MAX_LINES) {
        omitted += entity.changes.length;
        continue;
      }
      text.push('', `${entityTitle(entity)}`, `${entity.url}`);
      html.push(
        `<h3 style="font-size:16px;margin:16px 0 4px"><a href="${escapeHtml(entity.url)}">${escapeHtml(entityTitle(entity))}</a></h3>`,
        '<ul style="margin:0 0 8px;padding-left:20px">',
      );
      for (const change of entity.changes) {
        if (lines >= MAX_LINES) {
          omitted += 1;
          continue;
        }
        lines += 1;
        const shown = change.sentences.slice(0, SENTENCES_PER_CHANGE);
        const more = change.sentences.length - shown.length;
        const moreText = more > 0 ? `and ${more.toLocaleString('en-GB')} more: open the change` : '';
        // One sentence follows the section on its line; several are listed under it, as on the change's page.
        if (shown.length === 1) text.push(`  [${SEVERITY_LABEL[change.severity]}] ${change.sectionTitle}: ${shown[0]}`);
        else text.push(`  [${SEVERITY_LABEL[change.severity]}] ${change.sectionTitle}:`, ...shown.map((s) => `      - ${s}`), ...(moreText ? [`      - ${moreText}`] : []));
        text.push(`      Detected ${formatDateTime(change.detectedAt)} · state: ${change.state}`, `      ${change.url}`);
        const said =
          shown.length === 1
            ? escapeHtml(shown[0])
            : `<ul style="margin:2px 0;padding-left:20px">${[...shown, ...(moreText ? [moreText] : [])].map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`;
        html.push(
          `<li style="margin:4px 0"><strong>${SEVERITY_LABEL[change.severity]}</strong> · ${escapeHtml(change.sectionTitle)}: ${said}${shown.length === 1 ? '<br>' : ''}` +
            `<small>Detected ${escapeHtml(formatDateTime(change.detectedAt))} · state: ${escapeHtml(change.state)} · <a href="${escapeHtml(change.url)}">Open the change</a></small></li>`,
        );
      }
      html.push('</ul>');
    }
  }
  if (omitted > 0) {
    text.push('', `… and ${plural(omitted, 'more entry', 'more entries')}: see the inbox.`);
    html.push(`<p>… and ${plural(omitted, 'more entry', 'more entries')}: see <a href="${escapeHtml(report.inboxUrl)}">the inbox</a>.</p>`);
  }
  return { text: text.join('\n'), html: html.join('\n') };
}

/**
 * The AR annual reviews the digest reminds of (lib/principals/review-reminders.ts), each
 * principal with the absolute link to its workspace's list of reviews due.
 */
export interface ReminderDigest {
  principals: Array<PrincipalReminders & { url: string }>;
  overdue: number;
  dueSoon: number;
  windowDays: number;
}

/** How a reminder's date reads: "due 5 Nov 2026, 20 days overdue", "due 5 Dec 2026, in 10 days". */
function reminderWhen(r: ReviewReminder): string {
  if (r.nextReviewDate === null) return 'no appointment date on the register: overdue';
  const due = `due ${formatDate(r.nextReviewDate)}`;
  if (r.overdue) return `${due}, ${plural(r.daysOverdue ?? 0, 'day')} overdue`;
  return r.dueInDays === 0 ? `${due}, today` : `${due}, in ${plural(r.dueInDays ?? 0, 'day')}`;
}

function reminderCounts(overdue: number, dueSoon: number, windowDays: number): string {
  const parts: string[] = [];
  if (overdue > 0) parts.push(`${overdue} overdue`);
  if (dueSoon > 0) parts.push(`${dueSoon} due within ${windowDays} days`);
  return parts.join(', ');
}

function principalTitle(p: PrincipalReminders): string {
  return `${p.name ?? 'Principal'} (FRN ${p.frn})`;
}

function renderReminders(digest: ReminderDigest): Rendered {
  const heading = `AR annual reviews: ${reminderCounts(digest.overdue, digest.dueSoon, digest.windowDays)}`;
  const text: string[] = ['', `== ${heading} ==`];
  const html: string[] = [`<h2 style="font-size:18px;margin:24px 0 8px">${escapeHtml(heading)}</h2>`];
  let lines = 0;
  let omitted = 0;
  for (const p of digest.principals) {
    if (lines >= MAX_REMINDER_LINES) {
      omitted += p.reminders.length;
      continue;
    }
    const counts = reminderCounts(p.overdue, p.dueSoon, digest.windowDays);
    text.push('', `${principalTitle(p)}: ${counts}`, p.url);
    html.push(
      `<h3 style="font-size:16px;margin:16px 0 4px"><a href="${escapeHtml(p.url)}">${escapeHtml(principalTitle(p))}</a>: ${escapeHtml(counts)}</h3>`,
      '<ul style="margin:0 0 8px;padding-left:20px">',
    );
    let left = 0;
    for (const r of p.reminders) {
      if (lines >= MAX_REMINDER_LINES) {
        left += 1;
        continue;
      }
      lines += 1;
      const label = r.overdue ? 'OVERDUE' : 'DUE SOON';
      const who = `${r.arName || 'AR'} (FRN ${r.arFrn})`;
      const pending = r.pending
        ? `Review prepared by ${r.pending.preparedBy} on ${formatDate(londonDate(Date.parse(r.pending.preparedAt)))}, awaiting a second person's approval`
        : null;
      text.push(`  [${label}] ${who}: ${reminderWhen(r)}`, ...(pending ? [`      ${pending}`] : []));
      html.push(
        `<li style="margin:4px 0"><strong>${label}</strong> · ${escapeHtml(who)}: ${escapeHtml(reminderWhen(r))}${pending ? `<br><small>${escapeHtml(pending)}</small>` : ''}</li>`,
      );
    }
    if (left > 0) {
      omitted += left;
      text.push(`  … and ${plural(left, 'more review')}: see the workspace.`);
      html.push(`<li style="margin:4px 0">… and ${plural(left, 'more review')}: see <a href="${escapeHtml(p.url)}">the workspace</a>.</li>`);
    }
    html.push('</ul>');
  }
  if (omitted > 0) {
    const rest = `At most ${MAX_REMINDER_LINES} reviews are listed here; ${plural(omitted, 'more is', 'more are')} on the principals' workspaces.`;
    text.push('', rest);
    html.push(`<p>${escapeHtml(rest)}</p>`);
  }
  return { text: text.join('\n'), html: html.join('\n') };
}

function wrap(title: string, intro: string, report: ChangeReport, reminders: ReminderDigest | null = null): Rendered {
  // A digest with no changes but with reminders says so rather than listing nothing.
  const changes = report.changes.length > 0 || !reminders ? renderGroups(report) : null;
  const counts = changes ? countsLine(report) : 'No register changes since the last e-mail.';
  const extra = reminders ? renderReminders(reminders) : null;
  const footer = 'You receive this because your address is set as a recipient of the FSR Portal watch notifications (WATCH_MAIL_TO).';
  const text = [title, '', intro, counts, ...(changes ? [changes.text] : []), ...(extra ? [extra.text] : []), '', `Open the inbox: ${report.inboxUrl}`, '', '-- ', footer, ''].join(
    '\n',
  );
  const html = [
    '<!doctype html>',
    `<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#1a1a1a">',
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(counts)}</strong></p>`,
    ...(changes ? [changes.html] : []),
    ...(extra ? [extra.html] : []),
    `<p><a href="${escapeHtml(report.inboxUrl)}">Open the inbox</a></p>`,
    `<hr><p style="font-size:12px;color:#4a4a4a">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { text, html };
}

/** The subject's words for the reminders: "3 AR reviews overdue, 1 due within 30 days". */
function reminderSubject(r: ReminderDigest): string {
  if (r.overdue > 0) return `${plural(r.overdue, 'AR review')} overdue${r.dueSoon > 0 ? `, ${r.dueSoon} due within ${r.windowDays} days` : ''}`;
  return `${plural(r.dueSoon, 'AR review')} due within ${r.windowDays} days`;
}

/**
 * The daily digest for a London date (yyyy-mm-dd): the register changes not yet e-mailed and,
 * once a day, the AR annual reviews overdue or due soon (`reminders`, null when there are none or
 * they went out already that day). Without reminders it is the digest of changes alone, as before.
 */
export function digestMessage(report: ChangeReport, date: string, from: string, to: string[], reminders: ReminderDigest | null = null): MailMessage {
  const high = report.counts.high;
  const changes = report.changes.length > 0 ? `${plural(report.changes.length, 'register change')}${high ? ` (${high} high)` : ''}` : 'no register changes';
  const subject = `FSR Portal digest ${formatDate(date)}: ${changes}${reminders ? `, ${reminderSubject(reminders)}` : ''}`;
  const { text, html } = wrap(
    report.changes.length > 0 || !reminders ? `Register changes — digest for ${formatDate(date)}` : `AR annual reviews — digest for ${formatDate(date)}`,
    reminders && report.changes.length === 0
      ? `The appointed representatives' annual reviews overdue or due within ${reminders.windowDays} days, most overdue first, per principal.`
      : reminders
        ? `The watch checks' changes to watched firms, individuals and funds since the last e-mail, most severe first, then the appointed representatives' annual reviews overdue or due within ${reminders.windowDays} days, most overdue first.`
        : 'The watch checks found these changes to watched firms, individuals and funds since the last e-mail, most severe first.',
    report,
    reminders,
  );
  return { from, to, subject, text, html };
}

/** The message sent when a cycle that found high-severity changes closes. */
export function highSeverityMessage(report: ChangeReport, from: string, to: string[]): MailMessage {
  const names = [...new Set(report.changes.map((c) => c.entityName ?? `${REF_LABEL[c.kind]} ${c.ref}`))].sort((a, b) => a.localeCompare(b));
  const who = names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${plural(names.length - 2, 'other')}`;
  const subject = `FSR Portal: ${plural(report.changes.length, 'high-severity register change')} — ${who}`;
  const { text, html } = wrap(
    'High-severity register changes',
    'A watch check that has just finished found these high-severity changes. They are not repeated in the daily digest.',
    report,
  );
  return { from, to, subject, text, html };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1']);

/** Sends one message; resolves with the SMTP server's message id. */
export type MailSender = (message: MailMessage) => Promise<{ messageId: string }>;

/**
 * A sender over SMTP (nodemailer) for a WATCH_SMTP_URL: smtp:// upgrades with STARTTLS when the
 * server offers it (port 587 unless the URL names one), smtps:// is TLS from the start (465); the
 * URL's user and password (percent-encoded) log in, and only over TLS unless the server is on
 * loopback. Certificates are checked against the system's
 * and NODE_EXTRA_CA_CERTS. A connection is opened per message (a few messages a day), and a
 * server that does not answer fails the attempt within the timeouts, for the queue to retry.
 */
export function smtpSender(smtpUrl: string): MailSender {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const login = url.username !== '';
  const options: SMTPTransport.Options = {
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: login ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    // A password never crosses the network in clear: with a login, smtp:// must upgrade with
    // STARTTLS (or the attempt fails), except to a relay on this machine.
    requireTLS: login && !secure && !LOOPBACK.has(host.toLowerCase()),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  };
  return async (message) => {
    const transport = nodemailer.createTransport(options);
    try {
      const info = await transport.sendMail({ from: message.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      return { messageId: String(info.messageId ?? '') };
    } catch (error) {
      throw new Error(smtpErrorMessage(error, smtpUrl));
    } finally {
      transport.close();
    }
  };
}

/** An SMTP failure in a few words, without the URL's password. */
export function smtpErrorMessage(error: unknown, smtpUrl: string): string {
  const e = error as { message?: string; code?: string; responseCode?: number };
  let message = `SMTP: ${e.code ? `${e.code} ` : ''}${e.message ?? String(error)}`;
  try {
    const url = new URL(smtpUrl);
    for (const secret of [url.password, decodeURIComponent(url.password), smtpUrl]) {
      if (secret && secret.length >= 3) message = message.split(secret).join('…');
    }
  } catch {
    // An unreadable URL was refused by the settings check; nothing to scrub here.
  }
  return message;
}
