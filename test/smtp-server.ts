// A real SMTP server on loopback (the smtp-server package) that keeps every message it accepts,
// parsed (mailparser), for tests that send mail through the portal's own code and read what
// arrived. No vitest import here: Playwright specs use it too.
//
// For an e2e portal, start it before the portal and give the portal
//   WATCH_SMTP_URL=smtp://<user>:<password>@127.0.0.1:<port>   (or smtp://127.0.0.1:<port> without users)
//   WATCH_MAIL_FROM=portal@example.test  WATCH_MAIL_TO=compliance@example.test
//   PORTAL_PUBLIC_URL=http://127.0.0.1:<portal port>
// then wait for the message with `waitForMessage`.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The SMTP envelope: who the portal sent it as and to (MAIL FROM, RCPT TO). */
  envelope: { from: string; to: string[] };
  /** The user the client logged in as, if it did. */
  user: string | null;
  subject: string;
  from: string;
  to: string[];
  text: string;
  html: string;
  messageId: string | null;
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  /** The WATCH_SMTP_URL that reaches this server (with the first user's credentials, if any). */
  url: string;
  messages: ReceivedMail[];
  /** SMTP sessions that failed to log in. */
  authFailures: number;
  /** Resolves with the first message (already received or yet to come) that `match` accepts. */
  waitForMessage(match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** Makes the next `n` logins fail with 535 whatever the password (a server that refuses for a while). */
  refuseLogins(n: number): void;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Accounts the server accepts; without, it takes mail without a login. */
  users?: Record<string, string>;
  /** Default 0 (a free port). */
  port?: number;
  /** The loopback address to listen on; default 127.0.0.1. */
  host?: string;
}

function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a: { value?: Array<{ address?: string }> }) => (a.value ?? []).map((v) => v.address ?? '')).filter(Boolean);
}

export async function startTestSmtpServer(options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const users = options.users ?? {};
  const needsAuth = Object.keys(users).length > 0;
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = 0;
  let authFailures = 0;

  const server = new SMTPServer({
    secure: false,
    disabledCommands: needsAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !needsAuth,
    allowInsecureAuth: true,
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (refuse > 0 || users[auth.username ?? ''] === undefined || users[auth.username ?? ''] !== auth.password) {
        if (refuse > 0) refuse -= 1;
        authFailures += 1;
        const error = Object.assign(new Error('Invalid username or password'), { responseCode: 535 });
        callback(error);
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((parsed) => {
            messages.push({
              envelope: {
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              user: typeof session.user === 'string' ? session.user : null,
              subject: parsed.subject ?? '',
              from: addresses(parsed.from)[0] ?? '',
              to: addresses(parsed.to),
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? null,
              raw: raw.toString('utf8'),
            });
            for (const wake of [...waiters]) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  server.on('error', () => undefined);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const [firstUser] = Object.entries(users);
  const host = options.host ?? '127.0.0.1';
  const url = firstUser ? `smtp://${encodeURIComponent(firstUser[0])}:${encodeURIComponent(firstUser[1])}@${host}:${port}` : `smtp://${host}:${port}`;

  return {
    port,
    url,
    messages,
    get authFailures() {
      return authFailures;
    },
    waitForMessage(match = () => true, timeoutMs = 30_000) {
      return new Promise<ReceivedMail>((resolve, reject) => {
        const look = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void look();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(
            new Error(
              `No matching message reached the test SMTP server within ${timeoutMs} ms (${messages.length} received: ${messages.map((m) => JSON.stringify(m.subject)).join(', ')})`,
            ),
          );
        }, timeoutMs);
        if (!look()) waiters.add(wake);
      });
    },
    refuseLogins(n: number) {
      refuse = n;
    },
    close() {
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
