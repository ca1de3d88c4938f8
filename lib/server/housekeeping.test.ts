import { describe, expect, it } from 'vitest';
import { endSession, isSessionEnded } from '@/lib/db/queries/ended-sessions';
import { createReportDraft, getReportDraft } from '@/lib/db/queries/report-drafts';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { enqueueJobs } from '@/lib/jobs/job-queue';
import { JOB_RETENTION_DAYS, runHousekeeping, scheduleDaily } from './housekeeping';

/** The daily housekeeping across features (audit retention's own rules are tested in lib/audit/retention.test.ts). */

const pg = await postgresStatus();
const DAY = 86_400_000;

forEachDialect('housekeeping', pg, (db) => {
  const ann = { id: 'u-ann', email: 'ann@example.com' };

  it('housekeeping also removes report drafts older than a day and expired signed-out sessions, and only those', async () => {
    const fresh = await createReportDraft(db(), { frn: '200200', createdBy: ann, data: { a: 1 } });
    await endSession(db(), { sid: 'hk-expired', userId: 'u-ann', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    await endSession(db(), { sid: 'hk-open', userId: 'u-ann', expiresAt: new Date(Date.now() + 48 * 3_600_000).toISOString() });
    const result = await runHousekeeping(db(), 30, Date.now() + 25 * 3_600_000);
    expect(result.drafts).toBeGreaterThanOrEqual(1);
    expect(result.endedSessions).toBe(1);
    expect(await isSessionEnded(db(), 'hk-open')).toBe(true);
    expect(await getReportDraft(db(), fresh)).toBeNull();
    const kept = await createReportDraft(db(), { frn: '200200', createdBy: ann, data: { a: 2 } });
    expect((await runHousekeeping(db(), 30)).drafts).toBe(0);
    expect(await getReportDraft(db(), kept)).toMatchObject({ frn: '200200', data: { a: 2 }, createdByEmail: 'ann@example.com' });
  });

  it('housekeeping removes background jobs finished more than JOB_RETENTION_DAYS ago, never unfinished ones', async () => {
    const at = Date.parse('2026-11-24T02:00:00.000Z');
    await enqueueJobs(
      db(),
      ['old-done', 'old-failed', 'recent-done', 'old-queued'].map((key) => ({ kind: 'hk-test', payload: null, dedupeKey: key })),
      at - 40 * DAY,
    );
    const finishedAt = (days: number) => new Date(at - days * DAY).toISOString();
    await db()
      .updateTable('jobs')
      .set({ state: 'done', finished_at: finishedAt(JOB_RETENTION_DAYS + 1) })
      .where('dedupe_key', '=', 'old-done')
      .execute();
    await db()
      .updateTable('jobs')
      .set({ state: 'failed', finished_at: finishedAt(JOB_RETENTION_DAYS + 5) })
      .where('dedupe_key', '=', 'old-failed')
      .execute();
    await db()
      .updateTable('jobs')
      .set({ state: 'done', finished_at: finishedAt(JOB_RETENTION_DAYS - 1) })
      .where('dedupe_key', '=', 'recent-done')
      .execute();
    expect((await runHousekeeping(db(), 30, at)).jobs).toBe(2);
    const left = await db().selectFrom('jobs').select('dedupe_key').where('kind', '=', 'hk-test').orderBy('dedupe_key').execute();
    expect(left.map((r) => r.dedupe_key)).toEqual(['old-queued', 'recent-done']);
  });
});

describe('scheduleDaily', () => {
  it('runs at once, logs a failure instead of throwing, and stops', async () => {
    const messages: string[] = [];
    let runs = 0;
    const schedule = scheduleDaily(
      async () => {
        runs += 1;
        throw new Error('database unavailable');
      },
      (m) => messages.push(m),
      20,
    );
    await schedule.firstRun;
    await new Promise((r) => setTimeout(r, 70));
    schedule.stop();
    const seen = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(seen);
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(messages[0]).toMatch(/^Housekeeping failed .*database unavailable$/);
  });
});
