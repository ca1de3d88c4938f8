import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { createReportDraft, getReportDraft } from '@/lib/db/queries/report-drafts';
import { canonicalJson, getSnapshot, listSnapshots } from '@/lib/db/queries/snapshots';
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

forEachDialect('the case reference typed is the one saved', pg, (db) => {
  it('replaces the draft’s case reference in the snapshot’s column and its data (the stamp), the register data unchanged', async () => {
    const data = { format: 'fsr-firm-report/1', frn: '700202', caseReference: 'OLD-1', sections: { permissions: [1, 2] } };
    const id = await createReportDraft(db(), { frn: '700202', createdBy: ann, data, caseReference: 'OLD-1' });
    const saved = (await snapshotFromDraft(db(), (await getReportDraft(db(), id))!, ann, { value: 'TYPED-2' }))!;
    expect(saved.caseReference).toBe('TYPED-2');
    const stored = (await getSnapshot(db(), saved.id))!;
    expect(stored.intact).toBe(true);
    expect(stored.data).toEqual({ ...data, caseReference: 'TYPED-2' });
    const [entry] = await listAudit(db(), { action: 'snapshot.create', reference: '700202' });
    expect(entry.detail).toMatchObject({ caseReference: 'TYPED-2', caseReferenceGenerated: 'OLD-1' });
  });

  it('a reference typed where the report had none is saved; clearing it saves none', async () => {
    const id1 = await createReportDraft(db(), { frn: '700203', createdBy: ann, data: { frn: '700203' } });
    const typed = (await snapshotFromDraft(db(), (await getReportDraft(db(), id1))!, ann, { value: 'KYC-9' }))!;
    expect(typed.caseReference).toBe('KYC-9');
    expect((await getSnapshot(db(), typed.id))!.data).toEqual({ frn: '700203', caseReference: 'KYC-9' });
    const id2 = await createReportDraft(db(), { frn: '700204', createdBy: ann, data: { frn: '700204', caseReference: 'GONE' }, caseReference: 'GONE' });
    const cleared = (await snapshotFromDraft(db(), (await getReportDraft(db(), id2))!, ann, { value: undefined }))!;
    expect(cleared.caseReference).toBeNull();
    expect((await getSnapshot(db(), cleared.id))!.data).toEqual({ frn: '700204' });
  });

  it('the same reference leaves the draft’s bytes as they were', async () => {
    const data = { frn: '700205', caseReference: 'SAME-1', z: 1, a: 2 };
    const id = await createReportDraft(db(), { frn: '700205', createdBy: ann, data, caseReference: 'SAME-1' });
    const draft = (await getReportDraft(db(), id))!;
    const saved = (await snapshotFromDraft(db(), draft, ann, { value: 'SAME-1' }))!;
    expect((await getSnapshot(db(), saved.id))!.canonical).toBe(canonicalJson(draft.data));
  });
});
