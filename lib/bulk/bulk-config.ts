/**
 * Bulk check settings (plain module: the start-up check and the tests read it too).
 *
 * - BULK_RETENTION_DAYS (default 30, 1 to 3650): how long a bulk job's results are kept; expired
 *   jobs are deleted with their rows and queue jobs by `pruneExpiredBulkJobs`.
 * - BULK_MAX_ROWS (default 5000, 1 to 100000): data rows one check may hold.
 * - BULK_MAX_UPLOAD_BYTES (default 5 MiB, 1 KiB to 50 MiB): the largest CSV or XLSX file (and the
 *   largest pasted text) accepted. What an XLSX file unpacks to is bounded apart, while it is
 *   read (lib/spreadsheet: bytes per part and in all, rows, cells, string lengths), in a worker
 *   thread with its own heap cap.
 */

import { type Env, settingValue, wholeNumberIn } from '@/lib/runtime/settings-values';

export interface BulkSettings {
  retentionDays: number;
  maxRows: number;
  maxUploadBytes: number;
}

export const DEFAULT_BULK_SETTINGS: Readonly<BulkSettings> = Object.freeze({ retentionDays: 30, maxRows: 5000, maxUploadBytes: 5 * 1024 * 1024 });

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = settingValue(env, name);
  if (raw === undefined) return fallback;
  const n = wholeNumberIn(raw, min, max);
  if (n === undefined) throw new Error(`${name} must be a whole number from ${min} to ${max}.`);
  return n;
}

/** Reads the settings; a bad value throws an error naming the variable (checked at start-up). */
export function readBulkSettings(env: Env = process.env): BulkSettings {
  return {
    retentionDays: whole(env, 'BULK_RETENTION_DAYS', DEFAULT_BULK_SETTINGS.retentionDays, 1, 3650),
    maxRows: whole(env, 'BULK_MAX_ROWS', DEFAULT_BULK_SETTINGS.maxRows, 1, 100_000),
    maxUploadBytes: whole(env, 'BULK_MAX_UPLOAD_BYTES', DEFAULT_BULK_SETTINGS.maxUploadBytes, 1024, 50 * 1024 * 1024),
  };
}
