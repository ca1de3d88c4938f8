import type { Db } from '../schema';
import { canonicalJson, sha256Hex } from './snapshots';

/**
 * The audit log's hash chain. Each entry stores its position in the chain (`chain_seq`, 1, 2, 3, …
 * with no gaps), the hash of the entry before it (`prev_hash`) and its own hash: SHA-256 of the
 * canonical JSON (the evidence snapshots' scheme: sorted keys, no whitespace) of its stored
 * fields, its position and the previous hash. One chain per database; the single row of
 * `audit_chain` holds its head (the newest position and hash) and, once retention has pruned the
 * oldest entries, the anchor (the position and hash of the last pruned entry), so what remains
 * still verifies from its first entry and a deletion anywhere is still noticed.
 *
 * The hashed fields are the stored column values (detail as its stored JSON text), so
 * verification never depends on how JSON is parsed and re-serialised. Never change this
 * function: migration 0005 and every stored hash depend on it.
 */

/** The previous hash of the very first entry of a database. */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

export interface ChainedFields {
  seq: number;
  at: string;
  user_id: string | null;
  user_email: string | null;
  action: string;
  reference: string | null;
  detail: string | null;
  outcome: string;
  prev: string;
}

export function auditEntryHash(fields: ChainedFields): string {
  return sha256Hex(
    canonicalJson({
      v: 1,
      seq: fields.seq,
      at: fields.at,
      userId: fields.user_id,
      userEmail: fields.user_email,
      action: fields.action,
      reference: fields.reference,
      detail: fields.detail,
      outcome: fields.outcome,
      prev: fields.prev,
    }),
  );
}

export interface AuditChainState {
  /** Position of the newest entry (0 when nothing was ever written). */
  headSeq: number;
  headHash: string;
  /** Position of the last entry removed by retention (0 when none was). */
  anchorSeq: number;
  anchorHash: string;
  /** Cut-off of the pruning that set the anchor. */
  prunedBefore: string | null;
}

export async function readAuditChainState(db: Db): Promise<AuditChainState | null> {
  const row = await db.selectFrom('audit_chain').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  return {
    headSeq: Number(row.head_seq),
    headHash: row.head_hash,
    anchorSeq: Number(row.anchor_seq),
    anchorHash: row.anchor_hash,
    prunedBefore: row.pruned_before,
  };
}

/**
 * Takes the chain's write lock for the rest of the transaction `trx` and returns the head. On
 * PostgreSQL the no-op UPDATE locks the head row until commit (a second appender waits, then sees
 * the committed head); on SQLite any write takes the database's write lock, and taking it with
 * the transaction's first chain statement avoids upgrading a read snapshot that may be stale.
 */
export async function lockAuditChain(trx: Db): Promise<AuditChainState> {
  const row = await trx
    .updateTable('audit_chain')
    .set((eb) => ({ head_seq: eb.ref('head_seq') }))
    .where('id', '=', 1)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new Error('The audit chain head (table audit_chain) is missing: the database was not migrated by this version of the portal.');
  return {
    headSeq: Number(row.head_seq),
    headHash: row.head_hash,
    anchorSeq: Number(row.anchor_seq),
    anchorHash: row.anchor_hash,
    prunedBefore: row.pruned_before,
  };
}

export type AuditChainProblem = 'changed' | 'missing' | 'reordered' | 'unchained';

export interface AuditChainBreak {
  problem: AuditChainProblem;
  /** The stored entry where the break shows (null when the break is after the last stored entry). */
  entryId: number | null;
  /** Its position in the chain. */
  seq: number | null;
  message: string;
}

export interface AuditChainReport {
  intact: boolean;
  /** Entries verified (all of them when intact; those before the break otherwise). */
  entries: number;
  /** First and last position of the stored chain (0 when empty). */
  firstSeq: number;
  lastSeq: number;
  headHash: string;
  anchorSeq: number;
  break?: AuditChainBreak;
}

type ChainRow = {
  id: number;
  at: string;
  user_id: string | null;
  user_email: string | null;
  action: string;
  reference: string | null;
  detail: string | null;
  outcome: string;
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
};

function range(from: number, to: number): string {
  return from === to ? `position ${from}` : `positions ${from}-${to}`;
}

function count(n: number): string {
  return n === 1 ? '1 entry' : `${n.toLocaleString('en-GB')} entries`;
}

/**
 * Walks the whole chain in order of position and reports the first broken link:
 * - `changed`: an entry's stored fields no longer give its hash, or an entry's link does not match
 *   the hash of the entry before it (that one was changed and its hash recomputed);
 * - `missing`: positions are skipped (entries deleted), at the start, in the middle or at the end;
 * - `reordered`: entries are stored (by id) in another order than they were written;
 * - `unchained`: an entry without a hash (written around the chain).
 */
export async function verifyAuditChain(db: Db, options: { batchSize?: number } = {}): Promise<AuditChainReport> {
  const batchSize = options.batchSize ?? 2000;
  const state = await readAuditChainState(db);
  if (!state) {
    return {
      intact: false,
      entries: 0,
      firstSeq: 0,
      lastSeq: 0,
      headHash: '',
      anchorSeq: 0,
      break: { problem: 'missing', entryId: null, seq: null, message: 'The chain head (table audit_chain) is missing.' },
    };
  }
  let entries = 0;
  let firstSeq = 0;
  let expectedSeq = state.anchorSeq + 1;
  let expectedPrev = state.anchorHash;
  let previous: { id: number; seq: number } | null = null;
  const report = (brk: AuditChainBreak): AuditChainReport => ({
    intact: false,
    entries,
    firstSeq,
    lastSeq: previous?.seq ?? 0,
    headHash: state.headHash,
    anchorSeq: state.anchorSeq,
    break: brk,
  });
  const before = () =>
    previous
      ? `after entry ${previous.id} (position ${previous.seq})`
      : state.anchorSeq > 0
        ? `after the retention anchor (position ${state.anchorSeq})`
        : 'at the start of the log';

  let after: number | null = null;
  for (;;) {
    let q = db.selectFrom('audit_log').selectAll().where('chain_seq', 'is not', null);
    if (after !== null) q = q.where('chain_seq', '>', after);
    const rows = (await q.orderBy('chain_seq').limit(batchSize).execute()) as ChainRow[];
    for (const raw of rows) {
      const r = { ...raw, id: Number(raw.id), chain_seq: Number(raw.chain_seq) };
      const seq = r.chain_seq;
      if (r.hash === null || r.prev_hash === null) {
        return report({ problem: 'unchained', entryId: r.id, seq, message: `Entry ${r.id} (position ${seq}) has no hash or no link.` });
      }
      if (auditEntryHash({ ...r, seq, prev: r.prev_hash }) !== r.hash) {
        return report({
          problem: 'changed',
          entryId: r.id,
          seq,
          message: `Entry ${r.id} (position ${seq}) was changed: its stored fields no longer match its hash.`,
        });
      }
      if (seq < expectedSeq) {
        return report({
          problem: 'reordered',
          entryId: r.id,
          seq,
          message: `Entry ${r.id} has position ${seq}, which the chain had already passed (${before()}): it was moved or re-inserted.`,
        });
      }
      if (seq > expectedSeq) {
        return report({
          problem: 'missing',
          entryId: r.id,
          seq,
          message: `${count(seq - expectedSeq)} (${range(expectedSeq, seq - 1)}) missing ${before()} and before entry ${r.id} (position ${seq}): deleted.`,
        });
      }
      if (r.prev_hash !== expectedPrev) {
        return report({
          problem: 'changed',
          entryId: previous?.id ?? r.id,
          seq: previous?.seq ?? seq,
          message: previous
            ? `Entry ${previous.id} (position ${previous.seq}) was changed and its hash recomputed: entry ${r.id} (position ${seq}) no longer links to it.`
            : `Entry ${r.id} (position ${seq}) does not link to ${state.anchorSeq > 0 ? 'the retention anchor' : 'the start of the chain'}: the chain's start or anchor was changed.`,
        });
      }
      if (previous && r.id < previous.id) {
        return report({
          problem: 'reordered',
          entryId: r.id,
          seq,
          message: `Entry ${r.id} (position ${seq}) is stored before entry ${previous.id} (position ${previous.seq}), which was written before it.`,
        });
      }
      if (entries === 0) firstSeq = seq;
      entries += 1;
      previous = { id: r.id, seq };
      expectedSeq = seq + 1;
      expectedPrev = r.hash;
      after = seq;
    }
    if (rows.length < batchSize) break;
  }

  if (expectedSeq - 1 < state.headSeq) {
    return report({
      problem: 'missing',
      entryId: null,
      seq: expectedSeq,
      message: `The newest ${count(state.headSeq - expectedSeq + 1)} (${range(expectedSeq, state.headSeq)}) missing ${before()}: deleted.`,
    });
  }
  if (expectedSeq - 1 > state.headSeq || expectedPrev !== state.headHash) {
    return report({
      problem: 'changed',
      entryId: previous?.id ?? null,
      seq: previous?.seq ?? null,
      message: `The chain head (position ${state.headSeq}) does not match the newest entry${previous ? ` ${previous.id} (position ${previous.seq})` : ''}: the head or the newest entry was changed.`,
    });
  }
  const unchained = await db
    .selectFrom('audit_log')
    .select('id')
    .where((eb) => eb.or([eb('chain_seq', 'is', null), eb('hash', 'is', null)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (unchained) {
    return report({ problem: 'unchained', entryId: Number(unchained.id), seq: null, message: `Entry ${unchained.id} has no position in the chain: it was written around it.` });
  }
  return { intact: true, entries, firstSeq, lastSeq: previous?.seq ?? 0, headHash: state.headHash, anchorSeq: state.anchorSeq };
}

/** One line for people: "intact: N entries …" or the first broken link. */
export function describeAuditChain(report: AuditChainReport): string {
  if (report.intact) {
    const span = report.entries > 0 ? ` (positions ${report.firstSeq}-${report.lastSeq})` : '';
    const anchor = report.anchorSeq > 0 ? `; positions up to ${report.anchorSeq} were removed by retention` : '';
    return `intact: ${count(report.entries)}${span}${anchor}; head hash ${report.headHash}`;
  }
  const b = report.break;
  return `broken: ${b?.problem ?? 'unknown'}${b?.entryId != null ? ` at entry ${b.entryId}` : ''}: ${b?.message ?? ''} (${count(report.entries)} verified before the break)`;
}
