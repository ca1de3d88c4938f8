import type { FirmSectionData, FirmSectionSlug } from '@/lib/sections/firm-sections';
import type * as M from '@/lib/register/model';
import type { Provenance, RegisterFailure, RegisterSource, ResultKind } from '@/lib/register/result';
import type { Standing } from '@/lib/standing/standing';

/**
 * A printable firm report as data: the normalised register records of every section, each with
 * its provenance, plus who generated it, when, and for which case. The live report and a saved
 * evidence snapshot render this same object with the same components, so a snapshot reopens as
 * exactly what was shown. Plain JSON (no functions, no Dates): it is hashed in canonical form and
 * stored as is. `format` versions the shape so later portals can still render old snapshots.
 */

export const FIRM_REPORT_FORMAT = 'fsr-firm-report/1';

export interface ReportFailure {
  kind: ResultKind;
  message: string;
}

/** One register list as the report holds it. */
export type ReportList<T> =
  | {
      status: 'ok';
      data: T;
      /** The oldest page's provenance (its retrievedAt is the list's oldest). */
      provenance: Provenance;
      /** When the newest page of the list was retrieved. */
      newestRetrievedAt: string;
      pagesFetched: number;
      pageCount?: number;
      /** The register's total_count, when it gave one. */
      totalCount?: number;
      /** True when the list stops before its end (page cap, or a later page failed: see interruption). */
      truncated: boolean;
      interruption?: ReportFailure;
      /** Why stale data was served, when it was. */
      notice?: string;
    }
  /** The register has none (it answers "not found" for an empty list). */
  | { status: 'none'; provenance: Provenance | null }
  | { status: 'failed'; failure: ReportFailure; provenance: Provenance | null };

/** A per-country or per-requirement list, keyed by the country or reference. */
export interface ReportDetail<T> {
  key: string;
  result: ReportList<T>;
}

export type ReportRecord<T> = { status: 'ok'; data: T; provenance: Provenance } | { status: 'failed'; failure: ReportFailure; provenance: Provenance | null };

export interface FirmReportData {
  format: typeof FIRM_REPORT_FORMAT;
  frn: string;
  firm: ReportRecord<M.Firm>;
  sections: { [K in FirmSectionSlug]: ReportList<FirmSectionData[K]> };
  /** Every passport country's permissions, in the order of the passports list. */
  passportPermissions: ReportDetail<M.PassportPermission[]>[];
  /** Investment types of every requirement that has any, in the order of the requirements list. */
  requirementInvestmentTypes: ReportDetail<M.RequirementInvestmentType[]>[];
  /** Set when there were more countries or requirements than FSR_REPORT_MAX_DETAILS allows. */
  detailsCut?: { passports?: { fetched: number; total: number }; requirements?: { fetched: number; total: number } };
  limits: { maxPages: number; maxDetails: number };
  source: RegisterSource;
  generatedAt: string;
  generatedBy: { email: string; name: string };
  caseReference?: string;
  /** Oldest and newest retrieval time of everything in the report. */
  retrieved: { oldest?: string; newest?: string };
  /** The firm's standing as read for this report (lib/standing); absent in reports saved before it was kept. */
  standing?: Standing;
  /**
   * Set when the report is a summary (for large firms): every section with its count and first
   * rows, the full lists in CSV files kept here byte for byte (lib/export/report-files.ts), so a
   * saved snapshot holds the files its printout names by SHA-256. Absent in a full report.
   */
  summary?: ReportSummary;
}

/** Which report: every row of every list, or a summary with the full lists as files. */
export type ReportView = 'full' | 'summary';

export interface ReportSummary {
  /** Rows shown of each list; the rest are in the list's file. */
  firstRows: number;
  files: ReportFile[];
}

/** One full list of a summary report as a CSV file. */
export interface ReportFile {
  /** A section's slug, or `passport-permissions` / `investment-types`. */
  key: string;
  title: string;
  filename: string;
  /** Data rows in the file. */
  rows: number;
  /** SHA-256 (hex) of the file's bytes (UTF-8, with its byte-order mark), as printed in the report. */
  sha256: string;
  /** The file itself. */
  csv: string;
}

export function reportFailure(failure: RegisterFailure): ReportFailure {
  return { kind: failure.kind, message: failure.message };
}

/** The firm's name for headings, or its FRN. */
export function reportFirmName(data: FirmReportData): string {
  return data.firm.status === 'ok' && data.firm.data.name ? data.firm.data.name : `Firm ${data.frn}`;
}

/** Whether anything in the report is incomplete or failed (for the stamp's summary and the audit entry). */
export function reportGaps(data: FirmReportData): { truncated: string[]; failed: string[]; detailsCut: boolean } {
  const truncated: string[] = [];
  const failed: string[] = [];
  if (data.firm.status === 'failed') failed.push('firm');
  for (const [slug, list] of Object.entries(data.sections) as [string, ReportList<unknown>][]) {
    if (list.status === 'failed') failed.push(slug);
    else if (list.status === 'ok' && list.truncated) truncated.push(slug);
  }
  for (const d of data.passportPermissions) {
    if (d.result.status === 'failed') failed.push(`passports/${d.key}`);
    else if (d.result.status === 'ok' && d.result.truncated) truncated.push(`passports/${d.key}`);
  }
  for (const d of data.requirementInvestmentTypes) {
    if (d.result.status === 'failed') failed.push(`requirements/${d.key}`);
    else if (d.result.status === 'ok' && d.result.truncated) truncated.push(`requirements/${d.key}`);
  }
  return { truncated, failed, detailsCut: Boolean(data.detailsCut?.passports || data.detailsCut?.requirements) };
}
