import { randomUUID } from 'node:crypto';
import { isoNow } from '../clock';
import type { Db } from '../schema';
import { canonicalJson } from './snapshots';

/**
 * Reports as assembled, held until "Save as evidence" turns one into a snapshot. The page stores
 * the draft once the report is complete and renders the save button with its id; saving copies
 * the draft's bytes into an immutable snapshot. So what is saved is what was shown, even if the
 * register has answered differently since. Drafts are private to the user who generated them and
 * expire after DRAFT_LIFETIME_HOURS.
 */

export const DRAFT_LIFETIME_HOURS = 24;

export interface ReportDraftInput {
  frn: string;
  subjectName?: string | null;
  createdBy: { id: string | null; email: string };
  caseReference?: string | null;
  data: unknown;
}

export interface ReportDraft {
  id: string;
  frn: string;
  subjectName: string | null;
  createdById: string | null;
  createdByEmail: string;
  createdAt: string;
  caseReference: string | null;
  data: unknown;
}

export async function createReportDraft(db: Db, input: ReportDraftInput): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('report_drafts')
    .values({
      id,
      frn: input.frn,
      subject_name: input.subjectName ?? null,
      created_by_id: input.createdBy.id,
      created_by_email: input.createdBy.email.toLowerCase(),
      created_at: isoNow(),
      case_reference: input.caseReference?.trim() || null,
      data: canonicalJson(input.data),
    })
    .execute();
  return id;
}

/** The draft, if it exists and has not expired. */
export async function getReportDraft(db: Db, id: string, now: number = Date.now()): Promise<ReportDraft | null> {
  const row = await db
    .selectFrom('report_drafts')
    .selectAll()
    .where('id', '=', id)
    .where('created_at', '>=', isoNow(now - DRAFT_LIFETIME_HOURS * 3_600_000))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    frn: row.frn,
    subjectName: row.subject_name,
    createdById: row.created_by_id,
    createdByEmail: row.created_by_email,
    createdAt: row.created_at,
    caseReference: row.case_reference,
    data: JSON.parse(row.data) as unknown,
  };
}

/** Deletes the draft; true if it was there (false: already saved or deleted, by this instance or another). */
export async function deleteReportDraft(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('report_drafts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes expired drafts; returns how many. */
export async function pruneReportDrafts(db: Db, now: number = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('report_drafts')
    .where('created_at', '<', isoNow(now - DRAFT_LIFETIME_HOURS * 3_600_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
