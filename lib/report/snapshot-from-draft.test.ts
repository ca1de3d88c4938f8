import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { createReportDraft, getReportDraft } from '@/lib/db/queries/report-drafts';
import { listSnapshots } from '@/lib/db/queries/snapshots';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { snapshotFromDraft } from './snapshot-from-draft';

const pg = await postgresStatus();
const ann = { id: 'user-ann', email: 'ann@example.com' };

forEachDialect('saving a report draft as evidence', pg, (db) => {
  it('stores the snapshot with its audit entry and takes the draft, in one transaction', async () => {
    const id = await createReportDraft(db(), { frn: '700200', createdBy: ann, data: { sections: [1, 2] }, caseReference: 'CASE-1' });
    const draft = (await getReportDraft(db(), id))!;
    const saved = await snapshotFromDraft(db(), draft, ann);
    expect(saved).toMatchObject({ frn: '700200', caseReference: 'CASE-1', createdByEmail: 'ann@example.com' });
    expect(await getReportDraft(db(), id)).toBeNull();
    const [entry] = await listAudit(db(), { action: 'snapshot.create', reference: '700200' });
    expect(entry).toMatchObject({ outcome: 'success', userEmail: 'ann@example.com', detail: { id: saved!.id, sha256: saved!.sha256 } });
  });

  it('saves a draft once when several saves race (double click, two instances)', async () => {
    const id = await createReportDraft(db(), { frn: '700201', createdBy: ann, data: { x: 1 } });
    const draft = (await getReportDraft(db(), id))!;
    const results = await Promise.all(Array.from({ length: 5 }, () => snapshotFromDraft(db(), draft, ann)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect((await listSnapshots(db(), { frn: '700201' })).length).toBe(1);
    expect(await listAudit(db(), { action: 'snapshot.create', reference: '700201' })).toHaveLength(1);
  });
});
