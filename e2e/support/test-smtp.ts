// The test SMTP server for the shared e2e portal: playwright.config.ts gives the portal
// WATCH_SMTP_URL=smtp://127.0.0.1:<E2E_SMTP_PORT, default E2E_PORT + 2025> (no login),
// WATCH_MAIL_FROM=portal@e2e.test, WATCH_MAIL_TO=compliance@e2e.test, mlro@e2e.test and
// PORTAL_PUBLIC_URL=<the portal's base URL>. A spec that wants to read the watch e-mail starts
// this server in beforeAll (one spec at a time holds the port), makes the portal send (for
// example "Send the digest now" on /admin/notifications, or a cycle that finds a high-severity
// change), and waits with `waitForMessage`.
import { sharedPortal } from './shared-portal';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '@/test/smtp-server';

export type { ReceivedMail, TestSmtpServer };

export function startSharedPortalSmtp(): Promise<TestSmtpServer> {
  return startTestSmtpServer({ port: sharedPortal.smtpPort });
}
