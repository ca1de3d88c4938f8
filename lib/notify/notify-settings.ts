/**
 * How the portal tells people about watch changes outside the portal, read from the environment:
 *
 * - e-mail over SMTP: WATCH_SMTP_URL (smtp://user:password@host:587 or smtps://…:465),
 *   WATCH_MAIL_FROM, WATCH_MAIL_TO (comma-separated) and WATCH_DIGEST_AT (HH:MM, Europe/London;
 *   default 07:00): a daily digest, and a message at once for high-severity changes;
 * - a webhook: WATCH_WEBHOOK_URL and WATCH_WEBHOOK_SECRET (both or neither), with
 *   WATCH_WEBHOOK_ATTEMPTS (default 10) before a delivery is given up;
 * - the links in both: the portal's public address (PORTAL_URL, lib/runtime/public-url.ts).
 *
 * Problems name the variable and never repeat its value (the SMTP URL and the webhook URL may
 * hold a password or a token; lib/server/check-settings.ts lists them as secrets).
 */

import { readPublicUrl } from '@/lib/runtime/public-url';
import { settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

export interface MailSettings {
  smtpUrl: string;
  from: string;
  to: string[];
  /** The daily digest's London time of day. */
  digestAt: { hour: number; minute: number };
  /** Sending attempts before a message is given up (its changes wait for the next digest). */
  maxAttempts: number;
}

export interface WebhookSettings {
  url: string;
  secret: string;
  maxAttempts: number;
  /** How long one POST may take (ms). */
  timeoutMs: number;
}

export interface NotifySettings {
  mail: MailSettings | null;
  webhook: WebhookSettings | null;
  /** The portal's address as people reach it, without a trailing slash (for links). */
  publicUrl: string | null;
}

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
/** An address alone, or a display name with the address in angle brackets. */
const FROM = /^(?:[^<>"]{1,100}\s)?<?([^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+)>?$/;
const DEFAULT_DIGEST_AT = { hour: 7, minute: 0 };

function httpUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

export function readNotifySettings(env: Record<string, string | undefined>): { settings: NotifySettings; problems: string[] } {
  const problems: string[] = [];
  const value = (name: string) => settingValue(env, name);

  // The links' address is the portal's one public address (lib/runtime/public-url.ts, which
  // reports its own problems); mail and webhooks need it named, not derived from HOSTNAME and PORT.
  const address = readPublicUrl(env);
  const publicUrl: string | null = address.source === 'HOSTNAME and PORT' || address.problems.length > 0 ? null : address.origin;
  const publicRaw = address.source !== 'HOSTNAME and PORT';

  const attempts = (name: string, fallback: number): number => {
    const raw = value(name);
    if (!raw) return fallback;
    const n = wholeNumberIn(raw, 1, 30);
    if (n === undefined) {
      problems.push(`${name} must be a whole number from 1 to 30`);
      return fallback;
    }
    return n;
  };

  let mail: MailSettings | null = null;
  const smtpUrl = value('WATCH_SMTP_URL');
  const mailVariables = ['WATCH_MAIL_FROM', 'WATCH_MAIL_TO', 'WATCH_DIGEST_AT', 'WATCH_MAIL_ATTEMPTS'].filter((n) => value(n));
  if (smtpUrl) {
    let ok = true;
    let url: URL | null = null;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
      problems.push('WATCH_SMTP_URL must be an smtp:// or smtps:// URL naming a host (e.g. smtp://user:password@mail.example.com:587)');
      ok = false;
    } else if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535)) {
      problems.push('WATCH_SMTP_URL must name a port from 1 to 65535');
      ok = false;
    }
    const from = value('WATCH_MAIL_FROM');
    if (!from) {
      problems.push('WATCH_MAIL_FROM must be set when WATCH_SMTP_URL is (the sender, e.g. "FSR Portal <portal@example.com>")');
      ok = false;
    } else if (!FROM.test(from)) {
      problems.push('WATCH_MAIL_FROM must be an e-mail address, optionally with a name (e.g. "FSR Portal <portal@example.com>")');
      ok = false;
    }
    const toRaw = value('WATCH_MAIL_TO');
    const to = (toRaw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (to.length === 0) {
      problems.push('WATCH_MAIL_TO must be set when WATCH_SMTP_URL is (comma-separated e-mail addresses)');
      ok = false;
    } else if (to.some((a) => !EMAIL.test(a))) {
      problems.push('WATCH_MAIL_TO must be comma-separated e-mail addresses (e.g. compliance@example.com, mlro@example.com)');
      ok = false;
    }
    let digestAt = DEFAULT_DIGEST_AT;
    const at = value('WATCH_DIGEST_AT');
    if (at) {
      const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(at);
      if (!m) {
        problems.push('WATCH_DIGEST_AT must be a time of day HH:MM, 24-hour, Europe/London (e.g. 07:30)');
        ok = false;
      } else digestAt = { hour: Number(m[1]), minute: Number(m[2]) };
    }
    const maxAttempts = attempts('WATCH_MAIL_ATTEMPTS', 8);
    if (!publicUrl && !publicRaw) {
      problems.push('PORTAL_URL (or NEXTAUTH_URL) must be set when WATCH_SMTP_URL is, for the links to the changes');
      ok = false;
    }
    if (ok) mail = { smtpUrl, from: from!, to, digestAt, maxAttempts };
  } else if (mailVariables.length > 0) {
    problems.push(`${mailVariables.join(', ')} ${mailVariables.length === 1 ? 'is' : 'are'} set but WATCH_SMTP_URL is not: set it too, or remove them`);
  }

  let webhook: WebhookSettings | null = null;
  const hookUrl = value('WATCH_WEBHOOK_URL');
  const secret = value('WATCH_WEBHOOK_SECRET');
  if (hookUrl || secret) {
    let ok = true;
    if (!hookUrl) {
      problems.push('WATCH_WEBHOOK_URL must be set when WATCH_WEBHOOK_SECRET is');
      ok = false;
    } else {
      const url = httpUrl(hookUrl);
      if (!url || !url.hostname) {
        problems.push('WATCH_WEBHOOK_URL must be an https:// (or http://) URL (e.g. https://hooks.example.com/services/…)');
        ok = false;
      }
    }
    if (!secret) {
      problems.push('WATCH_WEBHOOK_SECRET must be set when WATCH_WEBHOOK_URL is (at least 16 characters; the receiver checks the signature with it)');
      ok = false;
    } else if (secret.length < 16) {
      problems.push('WATCH_WEBHOOK_SECRET must be at least 16 characters long');
      ok = false;
    }
    const maxAttempts = attempts('WATCH_WEBHOOK_ATTEMPTS', 10);
    if (!publicUrl && !publicRaw) {
      problems.push('PORTAL_URL (or NEXTAUTH_URL) must be set when WATCH_WEBHOOK_URL is, for the links to the changes');
      ok = false;
    }
    if (ok) webhook = { url: hookUrl!, secret: secret!, maxAttempts, timeoutMs: 10_000 };
  } else if (value('WATCH_WEBHOOK_ATTEMPTS')) {
    problems.push('WATCH_WEBHOOK_ATTEMPTS is set but WATCH_WEBHOOK_URL is not: set it too, or remove it');
  }

  return { settings: { mail, webhook, publicUrl }, problems };
}
