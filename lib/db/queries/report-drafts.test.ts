import { expect, it } from 'vitest';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import { createReportDraft, deleteReportDraft, DRAFT_LIFETIME_HOURS, getReportDraft } from './report-drafts';
import { canonicalJson, createSnapshot, getSnapshot, sha256Hex } from './snapshots';

const pg = await postgresStatus();

forEachDialect('report drafts', pg, (db) => {
  const ann = { id: 'u-ann', email: 'Ann@Example.com' };
  const data = { format: 'fsr-firm-report/1', frn: '200200', z: [3, 1, 2], a: { nested: 'Zoë’s Café', none: undefined }, caseReference: 'CASE-1' };

  it('keeps the report as canonical JSON, and a snapshot saved from it hashes exactly the shown data', async () => {
    const id = await createReportDraft(db(), { frn: '200200', subjectName: 'Albion Crown Bank plc', createdBy: ann, caseReference: ' CASE-1 ', data });
    const draft = await getReportDraft(db(), id);
    expect(draft).toMatchObject({ frn: '200200', subjectName: 'Albion Crown Bank plc', createdById: 'u-ann', createdByEmail: 'ann@example.com', caseReference: 'CASE-1' });
    const snapshot = await createSnapshot(db(), { frn: draft!.frn, createdBy: ann, caseReference: draft!.caseReference, data: draft!.data });
    expect(snapshot.sha256).toBe(sha256Hex(canonicalJson(data)));
    const stored = await getSnapshot(db(), snapshot.id);
    expect(stored?.canonical).toBe(canonicalJson(data));
    expect(stored?.intact).toBe(true);
  });

  it('expires after its lifetime and can be deleted (a draft is not evidence)', async () => {
    const id = await createReportDraft(db(), { frn: '700100', createdBy: ann, data: { a: 1 } });
    expect(await getReportDraft(db(), id, Date.now() + (DRAFT_LIFETIME_HOURS - 1) * 3_600_000)).not.toBeNull();
    expect(await getReportDraft(db(), id, Date.now() + (DRAFT_LIFETIME_HOURS + 1) * 3_600_000)).toBeNull();
    await deleteReportDraft(db(), id);
    expect(await getReportDraft(db(), id)).toBeNull();
  });
});
