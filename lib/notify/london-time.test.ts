import { describe, expect, it } from 'vitest';
import { addDays, londonDate, londonTimeOn } from '@/lib/format/london-time';
import { readNotifySettings } from './notify-settings';

describe('London wall-clock time for the digest', () => {
  it('places a time of day in GMT and in British Summer Time', () => {
    expect(new Date(londonTimeOn('2026-11-25', 7, 30)).toISOString()).toBe('2026-11-25T07:30:00.000Z');
    expect(new Date(londonTimeOn('2026-07-01', 7, 30)).toISOString()).toBe('2026-07-01T06:30:00.000Z');
    // The days the clocks change (29 Mar and 25 Oct 2026), after the change.
    expect(new Date(londonTimeOn('2026-03-29', 7, 0)).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(new Date(londonTimeOn('2026-10-25', 7, 0)).toISOString()).toBe('2026-10-25T07:00:00.000Z');
  });

  it('gives the London date, which is a day ahead of UTC just after midnight in summer', () => {
    expect(londonDate(Date.parse('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(londonDate(Date.parse('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('notification settings', () => {
  it('reads a full configuration, the links from NEXTAUTH_URL when PORTAL_PUBLIC_URL is not set', () => {
    const { settings, problems } = readNotifySettings({
      WATCH_SMTP_URL: 'smtp://user:pw@mail.example.com:2525',
      WATCH_MAIL_FROM: 'FSR Portal <portal@example.com>',
      WATCH_MAIL_TO: ' a@example.com ,b@example.com ',
      WATCH_DIGEST_AT: '06:45',
      WATCH_WEBHOOK_URL: 'https://hooks.example.com/x',
      WATCH_WEBHOOK_SECRET: '0123456789abcdef',
      WATCH_WEBHOOK_ATTEMPTS: '4',
      NEXTAUTH_URL: 'https://portal.example.com/',
    });
    expect(problems).toEqual([]);
    expect(settings).toEqual({
      publicUrl: 'https://portal.example.com',
      mail: {
        smtpUrl: 'smtp://user:pw@mail.example.com:2525',
        from: 'FSR Portal <portal@example.com>',
        to: ['a@example.com', 'b@example.com'],
        digestAt: { hour: 6, minute: 45 },
        maxAttempts: 8,
      },
      webhook: { url: 'https://hooks.example.com/x', secret: '0123456789abcdef', maxAttempts: 4, timeoutMs: 10_000 },
    });
  });

  it('is off when nothing is set', () => {
    expect(readNotifySettings({})).toEqual({ settings: { mail: null, webhook: null, publicUrl: null }, problems: [] });
  });
});
