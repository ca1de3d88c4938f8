import { expect, it } from 'vitest';
import { listAudit } from '@/lib/db/queries/audit';
import { forEachDialect, postgresStatus } from '@/test/db-harness';
import type { BookRow } from './book-reader';
import {
  addPrincipal,
  allReadings,
  bookRows,
  createCheck,
  latestBook,
  listBooks,
  listFindings,
  listPrincipals,
  principalsOf,
  recordReading,
  approveReview,
  prepareReview,
  saveAttestation,
  getAttestation,
  listReviews,
  saveBook,
  updateFinding,
  type ReadingRecord,
} from './principal-store';
import { reconcile, type RegisterArRow } from './reconcile';

const pg = await postgresStatus();
const ann = { id: 'u1', email: 'Ann@example.com' };

const reg = (arFrn: string, over: Partial<RegisterArRow> = {}): RegisterArRow => ({
  arFrn,
  name: `Firm ${arFrn} Limited`,
  bucket: 'current',
  subType: 'Full',
  effective: '2020-01-15',
  termination: null,
  tiedAgent: false,
  eeaTiedAgent: false,
  ...over,
});
const own = (row: number, arFrn: string, over: Partial<BookRow> = {}): BookRow => ({
  row,
  arFrn,
  name: `Firm ${arFrn} Ltd`,
  type: 'Full',
  appointed: '2020-01-15',
  terminated: null,
  tiedAgent: false,
  eeaTiedAgent: null,
  extra: { 'Adviser code': `C-${row}` },
  ...over,
});

function reading(rows: RegisterArRow[], book: { id: string; rows: BookRow[] }): ReadingRecord {
  return {
    registerState: 'principal',
    principalName: 'Kingsmere',
    rows,
    pages: 1,
    requests: 2,
    sha256: 'x',
    canonical: JSON.stringify(rows),
    book,
    findings: reconcile(rows, book.rows),
    message: null,
  };
}

forEachDialect('principal store', pg, (db) => {
  it('adds a principal once, keeps every book version with its rows and own columns, audited', async () => {
    await addPrincipal(db(), { frn: '700100', name: 'Kingsmere' }, ann);
    await expect(addPrincipal(db(), { frn: '700100', name: null }, ann)).rejects.toThrow('already a principal');
    await expect(saveBook(db(), '123456', { fileName: 'x.csv', sha256: 'a', rows: [], refusedCount: 0, columns: [] }, ann)).rejects.toThrow('not a principal in the portal');
    const v1 = await saveBook(
      db(),
      '700100',
      { fileName: 'book.csv', sha256: 'a'.repeat(64), rows: [own(2, '100001'), own(3, '100002')], refusedCount: 1, columns: [{ header: 'AR FRN', role: 'arFrn' }] },
      ann,
    );
    const v2 = await saveBook(db(), '700100', { fileName: 'book2.csv', sha256: 'b'.repeat(64), rows: [own(2, '100001')], refusedCount: 0, columns: [] }, ann);
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect((await listBooks(db(), '700100')).map((b) => [b.version, b.uploadedBy, b.rowCount, b.refusedCount])).toEqual([
      [2, 'ann@example.com', 1, 0],
      [1, 'ann@example.com', 2, 1],
    ]);
    expect((await latestBook(db(), '700100'))?.id).toBe(v2.id);
    expect(await bookRows(db(), v1.id)).toEqual([own(2, '100001'), own(3, '100002')]);
    const audit = await listAudit(db(), {});
    expect(audit.filter((a) => a.action.startsWith('principal.')).map((a) => a.action)).toEqual(['principal.book.upload', 'principal.book.upload', 'principal.add']);
  });

  it('opens findings, keeps them while shown, and closes them saying whether the register or the book resolved them', async () => {
    const v2 = (await latestBook(db(), '700100'))!;
    const book2 = { id: v2.id, rows: await bookRows(db(), v2.id) };
    // Reading 1: 100001 agrees; 100003 is not in the book; 100004 is a current AR the book lacks too.
    const c1 = (await createCheck(db(), { frn: '700100', trigger: 'manual', requestedBy: 'ann@example.com' })).checkId;
    const r1 = await recordReading(db(), c1, reading([reg('100001'), reg('100003'), reg('100004')], book2));
    expect(r1).toEqual({ opened: 2, kept: 0, closedByRegister: 0, closedByBook: 0 });
    expect((await listFindings(db(), '700100')).map((f) => [f.kind, f.arFrn, f.state])).toEqual([
      ['not-in-book', '100003', 'new'],
      ['not-in-book', '100004', 'new'],
    ]);
    // Recording the same check again records nothing twice.
    expect(await recordReading(db(), c1, reading([], book2))).toEqual({ opened: 0, kept: 0, closedByRegister: 0, closedByBook: 0 });
    // Reading 2: the book now holds 100003 (the book resolved it); the register ended 100004 (the register resolved it).
    const v3 = await saveBook(db(), '700100', { fileName: 'book3.csv', sha256: 'c'.repeat(64), rows: [own(2, '100001'), own(3, '100003')], refusedCount: 0, columns: [] }, ann);
    const c2 = (await createCheck(db(), { frn: '700100', trigger: 'nightly', requestedBy: 'system', nightlyKey: '2026-02-05:700100' })).checkId;
    expect((await createCheck(db(), { frn: '700100', trigger: 'nightly', requestedBy: 'system', nightlyKey: '2026-02-05:700100' })).created).toBe(false);
    const r2 = await recordReading(
      db(),
      c2,
      reading([reg('100001'), reg('100003'), reg('100004', { bucket: 'previous', termination: '2026-02-01' })], { id: v3.id, rows: await bookRows(db(), v3.id) }),
    );
    expect(r2).toEqual({ opened: 0, kept: 0, closedByRegister: 1, closedByBook: 1 });
    const all = await listFindings(db(), '700100', { include: 'all' });
    expect(all.map((f) => [f.arFrn, f.closedBy])).toEqual([
      ['100003', 'book'],
      ['100004', 'register'],
    ]);
    expect(await listFindings(db(), '700100')).toEqual([]);
    expect((await allReadings(db(), '700100')).map((r) => r.rows.length)).toEqual([3, 3]);
    expect((await listPrincipals(db()))[0]).toMatchObject({ frn: '700100', bookVersion: 3, openFindings: 0, registerState: 'principal' });
    expect((await principalsOf(db(), '100003')).map((p) => p.principalFrn)).toEqual(['700100']);
  });

  it('sets a finding’s state, assignee and note, audited; refuses bad input', async () => {
    const [f] = await listFindings(db(), '700100', { include: 'all' });
    const updated = await updateFinding(db(), f.id, { state: 'escalated', assigneeEmail: 'Bob@Example.com', note: ' check the agreement ' }, ann);
    expect(updated).toMatchObject({ state: 'escalated', assigneeEmail: 'bob@example.com', note: 'check the agreement', updatedBy: 'ann@example.com' });
    await expect(updateFinding(db(), f.id, { state: 'gone' as never }, ann)).rejects.toThrow('Choose a state');
    await expect(updateFinding(db(), 'nope', { state: 'new' }, ann)).rejects.toThrow('does not exist');
    const audit = await listAudit(db(), {});
    expect(audit[0]).toMatchObject({ action: 'principal.finding.update', reference: '700100' });
  });

  it('keeps reviews to two people (refused in code, audited as denied, and by the engine) and attestations hashed', async () => {
    const bob = { id: 'u2', email: 'bob@example.com' };
    const review = await prepareReview(
      db(),
      {
        principalFrn: '700100',
        arFrn: '100001',
        arName: 'Firm 100001 Limited',
        assessment: 'concerns',
        notes: ' solvency to watch ',
        evidence: '{}',
        evidenceSha256: 'e'.repeat(64),
      },
      ann,
    );
    expect(review).toMatchObject({ state: 'prepared', preparedBy: 'ann@example.com', notes: 'solvency to watch' });
    await expect(approveReview(db(), '700100', review.id, { id: 'u1', email: 'ANN@example.com' })).rejects.toThrow('may not approve it');
    expect((await listAudit(db(), {}))[0]).toMatchObject({ action: 'principal.review.approve', outcome: 'denied' });
    await expect(db().updateTable('principal_reviews').set({ state: 'approved', approved_by: 'ann@example.com' }).where('id', '=', review.id).execute()).rejects.toThrow();
    expect(await approveReview(db(), '700100', review.id, bob)).toMatchObject({ state: 'approved', approvedBy: 'bob@example.com' });
    expect((await listReviews(db(), '700100')).map((r) => r.state)).toEqual(['approved']);
    await expect(
      prepareReview(db(), { principalFrn: '700100', arFrn: '100001', arName: 'x', assessment: 'concerns', notes: '  ', evidence: '{}', evidenceSha256: 'e' }, ann),
    ).rejects.toThrow('Write the review');
    const data = JSON.stringify({ ars: [1, 2] });
    const { createHash } = await import('node:crypto');
    const saved = await saveAttestation(
      db(),
      { principalFrn: '700100', checkId: 'c', arCount: 2, openFindings: 0, data, sha256: createHash('sha256').update(data).digest('hex') },
      ann,
    );
    expect(await getAttestation(db(), '700100', saved.id)).toMatchObject({ intact: true, data: { ars: [1, 2] } });
  });
});
