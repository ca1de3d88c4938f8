import { FIRM_SECTION_SLUGS, FIRM_SECTIONS, type FirmSectionSlug } from '@/lib/sections/firm-sections';

/**
 * How far the assembly of a report has got, part by part (the firm record, each section, the
 * passport countries, the requirements' investment types), for the progress indicator the page
 * streams while it waits. Plain logic, no React.
 */

export type ReportPartKey = 'firm' | FirmSectionSlug | 'passport-permissions' | 'investment-types';

export type PartState = 'waiting' | 'fetching' | 'done' | 'none' | 'cut' | 'failed';

export interface PartProgress {
  key: ReportPartKey;
  label: string;
  /** Register pages read so far (each is one call, from the portal's cache or the register). */
  pages: number;
  /** Pages (or, for the per-country and per-requirement parts, lists) expected, once known. */
  expected?: number;
  /** Rows gathered so far. */
  items: number;
  state: PartState;
}

export interface ProgressTotals {
  pages: number;
  items: number;
  partsDone: number;
  parts: number;
}

const LABELS: Record<ReportPartKey, string> = {
  firm: 'Firm record',
  ...(Object.fromEntries(FIRM_SECTION_SLUGS.map((s) => [s, FIRM_SECTIONS[s].title])) as Record<FirmSectionSlug, string>),
  'passport-permissions': 'Passport permissions by country',
  'investment-types': 'Investment types by requirement',
};

export const REPORT_PARTS: ReportPartKey[] = ['firm', ...FIRM_SECTION_SLUGS, 'passport-permissions', 'investment-types'];

export class ReportProgress {
  private readonly parts = new Map<ReportPartKey, PartProgress>(REPORT_PARTS.map((key) => [key, { key, label: LABELS[key], pages: 0, items: 0, state: 'waiting' }]));

  constructor(private readonly onChange: (totals: ProgressTotals) => void = () => {}) {}

  private update(key: ReportPartKey, change: Partial<PartProgress>): void {
    const part = this.parts.get(key)!;
    this.parts.set(key, { ...part, ...change });
    this.onChange(this.totals());
  }

  /** One more register page read for `key`. */
  page(key: ReportPartKey): void {
    const part = this.parts.get(key)!;
    this.update(key, { pages: part.pages + 1, state: part.state === 'waiting' ? 'fetching' : part.state });
  }

  /** What a list walk reported: rows so far and, once known, how many pages there are. */
  walked(key: ReportPartKey, progress: { pageCount?: number; items: number }): void {
    const part = this.parts.get(key)!;
    this.update(key, { items: progress.items, expected: progress.pageCount ?? part.expected });
  }

  /** For the per-country and per-requirement parts: how many lists there are to fetch. */
  expect(key: ReportPartKey, lists: number): void {
    this.update(key, { expected: lists, state: lists === 0 ? 'none' : 'fetching' });
  }

  /** Adds rows to a part that gathers several lists. */
  addItems(key: ReportPartKey, items: number): void {
    const part = this.parts.get(key)!;
    this.update(key, { items: part.items + items });
  }

  finish(key: ReportPartKey, state: Exclude<PartState, 'waiting' | 'fetching'>): void {
    this.update(key, { state });
  }

  snapshot(): PartProgress[] {
    return REPORT_PARTS.map((key) => this.parts.get(key)!);
  }

  totals(): ProgressTotals {
    let pages = 0;
    let items = 0;
    let partsDone = 0;
    for (const p of this.parts.values()) {
      pages += p.pages;
      items += p.items;
      if (p.state !== 'waiting' && p.state !== 'fetching') partsDone += 1;
    }
    return { pages, items, partsDone, parts: this.parts.size };
  }
}
