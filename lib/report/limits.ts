/**
 * How much of the register one report or CSV export may read. The register allows 50 requests
 * per 10 s for the whole organisation, so a single check must not be able to spend minutes of it:
 * the largest real firms have a few thousand appointed representatives (100 pages of 20 rows is
 * 2,000), and a report or file that hits a cap says so in words.
 *
 * Plain module (no server-only): the start-up check and the tests read it too.
 */
import { type Env, settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

export interface ReportLimits {
  /** FSR_REPORT_MAX_PAGES: pages walked per list in a printable report. */
  reportMaxPages: number;
  /** FSR_REPORT_MAX_DETAILS: per-country passport permissions and per-requirement investment types fetched per report. */
  reportMaxDetails: number;
  /** FSR_EXPORT_MAX_PAGES: pages walked per CSV export. */
  exportMaxPages: number;
}

export const DEFAULT_REPORT_LIMITS: Readonly<ReportLimits> = Object.freeze({ reportMaxPages: 100, reportMaxDetails: 100, exportMaxPages: 100 });

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = settingValue(env, name);
  if (!raw) return fallback;
  const n = wholeNumberIn(raw, min, max);
  if (n === undefined) throw new Error(`${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** Reads the limits; a bad value throws an error naming the variable (checked at start-up). */
export function readReportLimits(env: Env = process.env): ReportLimits {
  return {
    reportMaxPages: whole(env, 'FSR_REPORT_MAX_PAGES', DEFAULT_REPORT_LIMITS.reportMaxPages, 1, 1000),
    reportMaxDetails: whole(env, 'FSR_REPORT_MAX_DETAILS', DEFAULT_REPORT_LIMITS.reportMaxDetails, 0, 1000),
    exportMaxPages: whole(env, 'FSR_EXPORT_MAX_PAGES', DEFAULT_REPORT_LIMITS.exportMaxPages, 1, 1000),
  };
}
