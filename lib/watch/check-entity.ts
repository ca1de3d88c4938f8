import { randomUUID } from 'node:crypto';
import { isoNow } from '@/lib/db/clock';
import { canonicalJson, sha256Hex } from '@/lib/db/queries/snapshots';
import type { ChangeSeverity, Db, EntityKind } from '@/lib/db/schema';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { diffSection, type RowDiff } from './section-diff';
import { type SectionRead, watchSection, WATCH_SECTIONS } from './watch-sections';
import { linksFromArList, recordLinks } from '@/lib/representatives/ar-links';
import { isUniqueViolation } from '@/lib/db/errors';
import type { Standing } from '@/lib/standing/standing';
import { checkStanding, standingChange } from './check-standing';

/**
 * One check of one entity: read every watched section at background priority (past the cache, so
 * the check sees tonight's register and leaves its answers in the shared cache for the morning),
 * store what was read as canonical JSON with its SHA-256 (the evidence snapshots' scheme: the
 * stored text hashes to the stored hash, so a check is reproducible by id and hash), and compare
 * it with the entity's previous check section by section. The first check of an entity is a
 * silent baseline. A section that could not be read is "not checked": it is neither unchanged nor
 * a change, and the next check compares with the last reading that did succeed.
 *
 * The check and its changes are written in one transaction, keyed by (cycle, entity): a check
 * repeated after a crash (its job's lease ran out) records nothing twice.
 */

export const CHECK_SCHEME = 'fsr-portal/watch-check/1';

export interface CheckSnapshot {
  scheme: typeof CHECK_SCHEME;
  kind: EntityKind;
  ref: string;
  sections: Record<string, SectionRead>;
}

export interface CheckRequest {
  cycleId: string;
  kind: EntityKind;
  ref: string;
  /** Section slugs to read (unknown slugs are ignored; the record is always read). */
  sections: readonly string[];
  /** The name the watchlist knows the entity by, for entities whose record has none (funds). */
  name?: string | null;
}

export interface StoredChange {
  id: string;
  section: string;
  severity: ChangeSeverity;
  summary: string;
  rows: RowDiff[];
  /** The check whose reading of the section this one was compared with. */
  previousCheckId: string;
}

export interface CheckOutcome {
  checkId: string;
  /** False when this cycle had already recorded the entity (a repeated job). */
  recorded: boolean;
  baseline: boolean;
  sha256: string;
  sectionsOk: number;
  sectionsNotChecked: number;
  requests: number;
  changes: StoredChange[];
}

export interface CheckDeps {
  db: Db;
  client: RegisterClient;
  now?: () => number;
  /** When aborted (the process is stopping), nothing is recorded: the job runs again later. */
  signal?: AbortSignal;
}

/** Thrown when a check was stopped before it was recorded. */
export class CheckStopped extends Error {
  constructor() {
    super('The check was stopped before it was recorded (the process is shutting down); it runs again.');
    this.name = 'CheckStopped';
  }
}

/** Reads the sections of one entity (in parallel: the pacer orders the requests). */
export async function readEntity(client: RegisterClient, kind: EntityKind, ref: string, slugs: readonly string[]): Promise<CheckSnapshot> {
  const wanted = new Set([...slugs, 'record']);
  const sections = WATCH_SECTIONS[kind].filter((s) => wanted.has(s.slug));
  const reads = await Promise.all(
    sections.map(async (s): Promise<[string, SectionRead]> => {
      try {
        return [s.slug, await s.read(client, ref, { refresh: true })];
      } catch (error) {
        return [s.slug, { status: 'not-checked', reason: error instanceof Error ? error.message : String(error), pages: 0 }];
      }
    }),
  );
  return { scheme: CHECK_SCHEME, kind, ref, sections: Object.fromEntries(reads) };
}

function entityName(snapshot: CheckSnapshot, fallback?: string | null): string | null {
  const record = snapshot.sections.record;
  const row = record?.status === 'ok' ? record.rows[0] : undefined;
  const name = row?.name ?? row?.fullName;
  return typeof name === 'string' && name ? name : (fallback ?? null);
}

/** The last reading of each section that succeeded, across an entity's earlier checks (newest first). */
async function lastGoodReadings(
  db: Db,
  kind: EntityKind,
  ref: string,
  cycleId: string,
  slugs: string[],
): Promise<{ previousId: string | null; readings: Map<string, { read: SectionRead & { status: 'ok' }; checkId: string }> }> {
  const readings = new Map<string, { read: SectionRead & { status: 'ok' }; checkId: string }>();
  let previousId: string | null = null;
  const pending = new Set(slugs);
  let before: string | undefined;
  // Most checks read every section: the newest check usually settles it in one query.
  while (pending.size > 0) {
    let q = db
      .selectFrom('watch_checks')
      .select(['id', 'canonical', 'checked_at'])
      .where('kind', '=', kind)
      .where('ref', '=', ref)
      .where('cycle_id', '!=', cycleId)
      .orderBy('checked_at', 'desc')
      .limit(5);
    if (before) q = q.where('checked_at', '<', before);
    const rows = await q.execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      previousId ??= row.id;
      const snapshot = JSON.parse(row.canonical) as CheckSnapshot;
      for (const slug of [...pending]) {
        const read = snapshot.sections[slug];
        if (read?.status === 'ok') {
          readings.set(slug, { read, checkId: row.id });
          pending.delete(slug);
        }
      }
      before = row.checked_at;
    }
  }
  return { previousId, readings };
}

async function existingOutcome(db: Db, cycleId: string, kind: EntityKind, ref: string): Promise<CheckOutcome | null> {
  const check = await db.selectFrom('watch_checks').selectAll().where('cycle_id', '=', cycleId).where('kind', '=', kind).where('ref', '=', ref).executeTakeFirst();
  if (!check) return null;
  const changes = await db.selectFrom('watch_changes').select(['id', 'section', 'severity', 'summary', 'details', 'previous_check_id']).where('check_id', '=', check.id).execute();
  return {
    checkId: check.id,
    recorded: false,
    baseline: Number(check.baseline) === 1,
    sha256: check.sha256,
    sectionsOk: Number(check.sections_ok),
    sectionsNotChecked: Number(check.sections_not_checked),
    requests: Number(check.request_count),
    changes: changes.map((c) => ({
      id: c.id,
      section: c.section,
      severity: c.severity,
      summary: c.summary,
      rows: (JSON.parse(c.details) as { rows: RowDiff[] }).rows,
      previousCheckId: c.previous_check_id,
    })),
  };
}

/** Checks one entity within a cycle and records the check and its changes. */
export async function checkEntity(deps: CheckDeps, request: CheckRequest): Promise<CheckOutcome> {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const already = await existingOutcome(db, request.cycleId, request.kind, request.ref);
  if (already) return already;

  const snapshot = await readEntity(deps.client, request.kind, request.ref, request.sections);
  // Reads cut short by a shutdown are not what the register says: record nothing.
  if (deps.signal?.aborted) throw new CheckStopped();
  const canonical = canonicalJson(snapshot);
  const sha256 = sha256Hex(canonical);
  const slugs = Object.keys(snapshot.sections);
  const ok = slugs.filter((s) => snapshot.sections[s].status === 'ok');
  const requests = slugs.reduce((n, s) => n + snapshot.sections[s].pages, 0);
  const { previousId, readings } = await lastGoodReadings(db, request.kind, request.ref, request.cycleId, ok);
  const baseline = previousId === null;
  const checkId = randomUUID();
  const name = entityName(snapshot, request.name);
  const at = isoNow(now());

  const changes: StoredChange[] = [];
  // The standing this check read, kept with it; a change of standing is a change of its own.
  const standing = checkStanding(request.kind, snapshot.sections);
  if (!baseline && previousId) {
    const previous = await db.selectFrom('watch_checks').select('standing').where('id', '=', previousId).executeTakeFirst();
    const moved = standingChange(previous?.standing ? (JSON.parse(previous.standing) as Standing) : null, standing);
    if (moved) changes.push({ id: randomUUID(), section: 'standing', severity: moved.severity, summary: moved.summary, rows: [moved.row], previousCheckId: previousId });
  }
  if (!baseline) {
    for (const slug of ok) {
      const previous = readings.get(slug);
      const current = snapshot.sections[slug];
      // A section read for the first time (newly watched, or never read successfully) is its own baseline.
      if (!previous || current.status !== 'ok') continue;
      const diff = diffSection(watchSection(request.kind, slug)!, previous.read.rows, current.rows);
      if (diff.rows.length > 0)
        changes.push({ id: randomUUID(), section: slug, severity: diff.severity, summary: diff.summary, rows: diff.rows, previousCheckId: previous.checkId });
    }
  }

  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('watch_checks')
        .values({
          id: checkId,
          cycle_id: request.cycleId,
          kind: request.kind,
          ref: request.ref,
          name,
          checked_at: at,
          canonical,
          sha256,
          sections_ok: ok.length,
          sections_not_checked: slugs.length - ok.length,
          request_count: requests,
          previous_check_id: previousId,
          baseline: baseline ? 1 : 0,
          change_count: changes.length,
          standing: standing ? JSON.stringify(standing) : null,
        })
        .execute();
      // A firm's AR list, read anyway: its principal↔AR links are kept (lib/principals/ar-links.ts), no register call more.
      const arList = snapshot.sections['appointed-representatives'];
      if (request.kind === 'firm' && arList?.status === 'ok' && arList.rows.length > 0) {
        const rows = arList.rows as Array<{ frn?: string; name?: string; list?: string }>;
        await recordLinks(
          trx,
          { frn: request.ref, name },
          linksFromArList({ current: rows.filter((r) => r.list !== 'Previous'), previous: rows.filter((r) => r.list === 'Previous') }),
          'watch',
          at,
        );
      }
      if (changes.length > 0) {
        await trx
          .insertInto('watch_changes')
          .values(
            changes.map((c) => ({
              id: c.id,
              check_id: checkId,
              previous_check_id: c.previousCheckId,
              cycle_id: request.cycleId,
              kind: request.kind,
              ref: request.ref,
              entity_name: name,
              section: c.section,
              severity: c.severity,
              summary: c.summary,
              details: JSON.stringify({ rows: c.rows }),
              state: 'new' as const,
              detected_at: at,
              updated_at: at,
            })),
          )
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const outcome = await existingOutcome(db, request.cycleId, request.kind, request.ref);
      if (outcome) return outcome;
    }
    throw error;
  }
  return { checkId, recorded: true, baseline, sha256, sectionsOk: ok.length, sectionsNotChecked: slugs.length - ok.length, requests, changes };
}
