import { createHash, randomUUID } from 'node:crypto';
import { isoNow } from '../clock';
import type { Db } from '../schema';

/**
 * Deterministic JSON: object keys sorted (by UTF-16 code units), no whitespace, `undefined`
 * members dropped as JSON.stringify does. The same data always gives the same bytes, so its
 * SHA-256 identifies what a user saw. Values JSON cannot represent exactly are refused rather
 * than silently changed.
 */
export function canonicalJson(value: unknown): string {
  return serialize(value, '$');
}

function serialize(value: unknown, path: string): string {
  if (value === null) return 'null';
  if (typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return serialize((value as { toJSON(): unknown }).toJSON(), path);
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`canonicalJson: ${path} is ${value}, which JSON cannot represent.`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((v, i) => (v === undefined ? 'null' : serialize(v, `${path}[${i}]`))).join(',')}]`;
      }
      const keys = Object.keys(value as object)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort();
      return `{${keys.map((k) => `${JSON.stringify(k)}:${serialize((value as Record<string, unknown>)[k], `${path}.${k}`)}`).join(',')}}`;
    }
    default:
      throw new TypeError(`canonicalJson: ${path} is a ${typeof value}, which JSON cannot represent.`);
  }
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface SnapshotInput {
  frn: string;
  subjectName?: string | null;
  createdBy: { id: string | null; email: string };
  caseReference?: string | null;
  data: unknown;
}

export interface SnapshotSummary {
  id: string;
  frn: string;
  subjectName: string | null;
  createdById: string | null;
  createdByEmail: string;
  createdAt: string;
  caseReference: string | null;
  sha256: string;
}

export interface Snapshot extends SnapshotSummary {
  /** The canonical JSON exactly as stored (hash it to verify). */
  canonical: string;
  data: unknown;
  /** True when the stored bytes still hash to the stored SHA-256. */
  intact: boolean;
}

export async function createSnapshot(db: Db, input: SnapshotInput): Promise<SnapshotSummary> {
  const canonical = canonicalJson(input.data);
  const row = {
    id: randomUUID(),
    frn: input.frn.trim(),
    subject_name: input.subjectName ?? null,
    created_by_id: input.createdBy.id,
    created_by_email: input.createdBy.email.toLowerCase(),
    created_at: isoNow(),
    case_reference: input.caseReference?.trim() || null,
    sha256: sha256Hex(canonical),
    data: canonical,
  };
  if (!row.frn) throw new Error('A snapshot needs the FRN it is evidence for.');
  await db.insertInto('snapshots').values(row).execute();
  return {
    id: row.id,
    frn: row.frn,
    subjectName: row.subject_name,
    createdById: row.created_by_id,
    createdByEmail: row.created_by_email,
    createdAt: row.created_at,
    caseReference: row.case_reference,
    sha256: row.sha256,
  };
}

const SUMMARY_COLUMNS = ['id', 'frn', 'subject_name', 'created_by_id', 'created_by_email', 'created_at', 'case_reference', 'sha256'] as const;

type SummaryRow = {
  id: string;
  frn: string;
  subject_name: string | null;
  created_by_id: string | null;
  created_by_email: string;
  created_at: string;
  case_reference: string | null;
  sha256: string;
};

function toSummary(r: SummaryRow): SnapshotSummary {
  return {
    id: r.id,
    frn: r.frn,
    subjectName: r.subject_name,
    createdById: r.created_by_id,
    createdByEmail: r.created_by_email,
    createdAt: r.created_at,
    caseReference: r.case_reference,
    sha256: r.sha256,
  };
}

export async function getSnapshot(db: Db, id: string): Promise<Snapshot | null> {
  const row = await db.selectFrom('snapshots').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return {
    ...toSummary(row),
    canonical: row.data,
    data: JSON.parse(row.data) as unknown,
    intact: sha256Hex(row.data) === row.sha256,
  };
}

/** Newest first, without the data. */
export async function listSnapshots(db: Db, filter: { frn?: string; createdByEmail?: string; limit?: number } = {}): Promise<SnapshotSummary[]> {
  let q = db.selectFrom('snapshots').select(SUMMARY_COLUMNS);
  if (filter.frn) q = q.where('frn', '=', filter.frn.trim());
  if (filter.createdByEmail) q = q.where('created_by_email', '=', filter.createdByEmail.trim().toLowerCase());
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(Math.min(Math.max(filter.limit ?? 100, 1), 1000))
    .execute();
  return rows.map(toSummary);
}
