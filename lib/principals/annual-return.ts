import type { CsvColumn } from '@/lib/csv/csv';
import type { RegisterArRow } from './reconcile';

/**
 * The annual return's population (SUP 12): every AR the principal held at any time in a period,
 * including those terminated in it, with their in-period start and end dates, computed from the
 * stored readings of the register's AR list (never from a fresh read, so the same readings always
 * give the same file). Appointments are identified by AR and appointment date; a later reading's
 * view of an appointment replaces an earlier one's, and an appointment a later reading no longer
 * lists at all is kept as the last reading that listed it showed it.
 */

export interface ReturnRow {
  arFrn: string;
  arName: string;
  type: string | null;
  tiedAgent: boolean | null;
  appointed: string | null;
  terminated: string | null;
  startInPeriod: string;
  endInPeriod: string | null;
  heldAtPeriodEnd: boolean;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function checkPeriod(from: string | null, to: string | null): { ok: true; from: string; to: string } | { ok: false; message: string } {
  const valid = (d: string | null) => d !== null && ISO_DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;
  if (!valid(from) || !valid(to)) return { ok: false, message: 'Give the period as from=YYYY-MM-DD&to=YYYY-MM-DD (real dates).' };
  if (to! < from!) return { ok: false, message: `The period ends (${to}) before it starts (${from}).` };
  return { ok: true, from: from!, to: to! };
}

export function returnPopulation(readings: ReadonlyArray<{ rows: readonly RegisterArRow[] }>, from: string, to: string): ReturnRow[] {
  const links = new Map<string, RegisterArRow>();
  for (const reading of readings) for (const r of reading.rows) links.set(`${r.arFrn}|${r.effective ?? ''}`, r);
  const out: ReturnRow[] = [];
  for (const r of links.values()) {
    const end = r.bucket === 'previous' ? r.termination : null;
    if (r.effective !== null && r.effective > to) continue;
    if (end !== null && end < from) continue;
    out.push({
      arFrn: r.arFrn,
      arName: r.name,
      type: r.subType,
      tiedAgent: r.tiedAgent,
      appointed: r.effective,
      terminated: end,
      startInPeriod: r.effective !== null && r.effective > from ? r.effective : from,
      endInPeriod: end !== null && end <= to ? end : null,
      heldAtPeriodEnd: end === null || end > to,
    });
  }
  return out.sort((a, b) => a.arFrn.localeCompare(b.arFrn) || (a.appointed ?? '').localeCompare(b.appointed ?? ''));
}

export const RETURN_COLUMNS: CsvColumn<ReturnRow>[] = [
  { header: 'AR FRN', value: (r) => r.arFrn },
  { header: 'AR name', value: (r) => r.arName },
  { header: 'Type', value: (r) => r.type },
  { header: 'Tied agent', value: (r) => r.tiedAgent },
  { header: 'Appointed', value: (r) => r.appointed },
  { header: 'Terminated', value: (r) => r.terminated },
  { header: 'Start in period', value: (r) => r.startInPeriod },
  { header: 'End in period', value: (r) => r.endInPeriod },
  { header: 'Held at period end', value: (r) => r.heldAtPeriodEnd },
];
