import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, logLevelProblem } from './logger';
import { runWithRequestContext } from './request-context';

function capture(env: Record<string, string> = {}) {
  let text = '';
  const log = createLogger(env, new Writable({ write: (chunk, _e, cb) => ((text += chunk), cb()) }) as never);
  return {
    log,
    lines: () =>
      text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    text: () => text,
  };
}

describe('the portal log', () => {
  it('writes JSON lines with the level by name, an ISO time and the request it was written during', () => {
    const { log, lines } = capture();
    runWithRequestContext({ requestId: 'req-1', method: 'GET', route: '/firm/[frn]' }, () => log.warn('register slow'));
    log.info('outside');
    expect(lines()[0]).toMatchObject({ level: 'warn', msg: 'register slow', requestId: 'req-1', route: '/firm/[frn]' });
    expect(lines()[0].time).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines()[1]).not.toHaveProperty('requestId');
  });

  it('never writes the register key, a secret setting, a token secret, a password or an e-mail field', () => {
    const key = 'register-key-0123456789';
    const { log, text } = capture({ FSR_API_KEY: key, DATABASE_URL: 'postgres://portal:db%40pass@db.example.org/portal', LOG_LEVEL: 'debug' });
    const tokenSecret = 'A'.repeat(43);
    log.error({ err: new Error(`upstream refused ${key}`) }, `request with ${key} failed`);
    log.info({ password: 'hunter2-hunter2', email: 'jane@example.org', headers: { cookie: 'next-auth.session-token=x', 'x-auth-key': tokenSecret } }, 'sign-in');
    log.warn(`token tok_0123456789abcdef0123.${tokenSecret} refused; Authorization: Bearer tok_0123456789abcdef0123.${tokenSecret}`);
    log.debug('db password db@pass leaked into a message');
    for (const secret of [key, 'hunter2-hunter2', 'jane@example.org', tokenSecret, 'db@pass', 'session-token=x']) expect(text()).not.toContain(secret);
    expect(text()).toContain('upstream refused [redacted]');
    expect(text()).toContain('tok_0123456789abcdef0123.[redacted]');
  });

  it('LOG_LEVEL must be a level pino knows', () => {
    expect(logLevelProblem({ LOG_LEVEL: 'warn' })).toBeUndefined();
    expect(logLevelProblem({ LOG_LEVEL: 'loud' })).toBe('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  });
});
