// Rows the watch engine (lib/watch) writes, inserted directly so the people's side (watchlists,
// the inbox, History) can be tested against both engines without running a cycle.
import { randomUUID } from 'node:crypto';
import { canonicalJson, sha256Hex } from '@/lib/db/queries/snapshots';
import type { ChangeSeverity, ChangeState, Db, EntityKind } from '@/lib/db/schema';

export async function insertCycle(db: Db, at: string, watchlistId: string | null = null): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('watch_cycles')
    .values({
      id,
      trigger: 'manual',
      scope: watchlistId ? 'list' : 'all',
      watchlist_id: watchlistId,
      entity_kind: null,
      entity_ref: null,
      nightly_key: null,
      requested_by: 'test@example.com',
      created_at: at,
      finished_at: at,
      entity_count: 1,
      estimated_requests: 1,
    })
    .execute();
  return id;
}

export interface CheckSeed {
  cycleId: string;
  kind: EntityKind;
  ref: string;
  name?: string | null;
  at: string;
  data?: unknown;
  previousCheckId?: string | null;
  changeCount?: number;
  sectionsNotChecked?: number;
}

export async function insertCheck(db: Db, seed: CheckSeed): Promise<{ id: string; sha256: string }> {
  const id = randomUUID();
  const canonical = canonicalJson(seed.data ?? { record: { name: seed.name ?? null } });
  const sha256 = sha256Hex(canonical);
  await db
    .insertInto('watch_checks')
    .values({
      id,
      cycle_id: seed.cycleId,
      kind: seed.kind,
      ref: seed.ref,
      name: seed.name ?? null,
      checked_at: seed.at,
      canonical,
      sha256,
      sections_ok: 3,
      sections_not_checked: seed.sectionsNotChecked ?? 0,
      request_count: 4,
      previous_check_id: seed.previousCheckId ?? null,
      baseline: seed.previousCheckId ? 0 : 1,
      change_count: seed.changeCount ?? 0,
    })
    .execute();
  return { id, sha256 };
}

export interface ChangeSeed {
  checkId: string;
  previousCheckId: string;
  cycleId: string;
  kind: EntityKind;
  ref: string;
  entityName?: string | null;
  section: string;
  severity?: ChangeSeverity;
  summary: string;
  state?: ChangeState;
  at: string;
  rows?: unknown[];
}

export async function insertChange(db: Db, seed: ChangeSeed): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('watch_changes')
    .values({
      id,
      check_id: seed.checkId,
      previous_check_id: seed.previousCheckId,
      cycle_id: seed.cycleId,
      kind: seed.kind,
      ref: seed.ref,
      entity_name: seed.entityName ?? null,
      section: seed.section,
      severity: seed.severity ?? 'medium',
      summary: seed.summary,
      details: JSON.stringify({ rows: seed.rows ?? [] }),
      state: seed.state ?? 'new',
      assignee_email: null,
      note: null,
      detected_at: seed.at,
      updated_at: seed.at,
      updated_by: null,
    })
    .execute();
  return id;
}
