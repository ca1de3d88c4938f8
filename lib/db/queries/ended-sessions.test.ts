import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { endSession, isSessionEnded, pruneEndedSessions } from './ended-sessions';

const pg = await postgresStatus();

forEachDialect('ended sessions', pg, (db) => {
  it('records a signed-out session once, and forgets it after it would have expired anyway', async () => {
    const now = Date.parse('2026-11-24T12:00:00.000Z');
    await endSession(db(), { sid: 'sid-a', userId: 'u1', expiresAt: '2026-11-24T20:00:00.000Z', now });
    await endSession(db(), { sid: 'sid-a', userId: 'u1', expiresAt: '2026-11-24T20:00:00.000Z', now });
    await endSession(db(), { sid: 'sid-b', userId: 'u1', expiresAt: '2026-11-24T13:00:00.000Z', now });
    expect(await isSessionEnded(db(), 'sid-a')).toBe(true);
    expect(await isSessionEnded(db(), 'sid-b')).toBe(true);
    expect(await isSessionEnded(db(), 'sid-c')).toBe(false);
    expect(await pruneEndedSessions(db(), Date.parse('2026-11-24T14:00:00.000Z'))).toBe(1);
    expect(await isSessionEnded(db(), 'sid-b')).toBe(false);
    expect(await isSessionEnded(db(), 'sid-a')).toBe(true);
  });
});
