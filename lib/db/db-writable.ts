/**
 * Whether the portal's database takes writes, as this process last saw it. Every page view and
 * action writes (the audit log, sessions, jobs), so a database that cannot write (a read-only file
 * or mount, a full disk, a PostgreSQL that went read-only or away) must turn into a plain "503,
 * try again shortly" everywhere, not a 500 with nothing in it, and the portal must come back by
 * itself once writes work again.
 *
 * How it is known: every query's failure passes through isStorageFailure (a Kysely log hook in
 * lib/db/connect.ts), which marks the database unwritable; /api/ready proves a write each time it
 * is asked (lib/health/write-probe.ts); and while the mark stands, the proxy (proxy.ts) answers 503
 * without running the page, first trying the write probe again at most every RECHECK_MS, so the
 * first request after the database recovers is served. Only a successful probe (a whole
 * transaction, committed) clears the mark: a statement that succeeds inside a transaction whose
 * commit then fails proves nothing.
 *
 * State lives on globalThis: the proxy, the route handlers and the server's start-up code are
 * bundled apart by Next but run in one process. No imports: the proxy loads this module, and
 * nothing of the database driver may come with it.
 */

/** How often the proxy (or the background timer) may try a write while the database is marked unwritable. */
export const RECHECK_MS = 2_000;

interface WritableState {
  /** When writes started failing (ms), or undefined while they work. */
  unwritableSince?: number;
  /** A short, safe description of the last failure (error code only: messages may hold paths). */
  reason?: string;
  /** When the write probe last ran. */
  lastProbeAt: number;
  /** A probe in progress, shared by concurrent requests. */
  probing?: Promise<boolean>;
  /** The write probe, registered by the server at start (it needs the database, which the proxy must not import). */
  probe?: () => Promise<void>;
  /** Storage failures seen so far: a probe that failed with one (its commit, say) fails for storage whatever it throws last. */
  failures: number;
}

const KEY = Symbol.for('fsr-portal.db-writable');
type Holder = typeof globalThis & { [KEY]?: WritableState };

function state(): WritableState {
  const holder = globalThis as Holder;
  return (holder[KEY] ??= { lastProbeAt: 0, failures: 0 });
}

// SQLite (better-sqlite3's SqliteError.code): the file or its folder cannot be written, the disk
// is full, an I/O error, the file cannot be opened.
const SQLITE_STORAGE = /^SQLITE_(READONLY|FULL|IOERR|CANTOPEN|PERM|NOTADB)/;
// PostgreSQL SQLSTATEs: read-only transaction (a standby, default_transaction_read_only),
// insufficient resources (disk full, out of memory, too many connections), I/O error, the server
// shutting down or starting, and connection exceptions.
const PG_STORAGE = /^(25006|53\d\d\d|58030|57P0[1-4]|08\d\d\d)$/;
// Node's socket errors and pg's own words when the server goes away.
const NETWORK = /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH|EAI_AGAIN)$/;
const PG_GONE = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether an error from the database means "it cannot store anything now" (not a bug or a constraint). */
export function isStorageFailure(error: unknown): boolean {
  const code = codeOf(error);
  if (code && (SQLITE_STORAGE.test(code) || PG_STORAGE.test(code) || NETWORK.test(code))) return true;
  const message = error instanceof Error ? error.message : '';
  return PG_GONE.test(message);
}

/** Marks the database unwritable when `error` says so; returns whether it did. */
export function noteDatabaseError(error: unknown): boolean {
  if (!isStorageFailure(error)) return false;
  const s = state();
  s.failures += 1;
  if (s.unwritableSince === undefined) {
    s.unwritableSince = Date.now();
    console.error(`[db] the database cannot store anything (${codeOf(error) ?? 'connection lost'}): pages answer 503 until a write succeeds again`);
  }
  s.reason = codeOf(error) ?? 'connection lost';
  return true;
}

/** A write succeeded: the database takes writes (again). */
export function noteDatabaseWrite(): void {
  const s = state();
  if (s.unwritableSince === undefined) return;
  console.warn(`[db] the database takes writes again after ${Math.round((Date.now() - s.unwritableSince) / 1000)} s`);
  s.unwritableSince = undefined;
  s.reason = undefined;
}

/**
 * Runs `work` (a write) and says whether it failed for storage: by what it threw, or by a storage
 * failure seen while it ran (a transaction's commit fails, then its rollback throws something else).
 */
export async function failedForStorage(work: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; error: unknown; storage: boolean }> {
  const before = state().failures;
  try {
    await work();
    return { ok: true };
  } catch (error) {
    const storage = noteDatabaseError(error) || state().failures !== before;
    return { ok: false, error, storage };
  }
}

/** Since when (ms) and why the database has been unwritable, or null while it writes. */
export function databaseUnwritable(): { since: number; reason: string } | null {
  const s = state();
  return s.unwritableSince === undefined ? null : { since: s.unwritableSince, reason: s.reason ?? 'unknown' };
}

/** The server registers its write probe here (lib/server/instrumentation-node.ts). */
export function registerWriteProbe(probe: () => Promise<void>): void {
  state().probe = probe;
}

/**
 * While the database is marked unwritable, tries the write probe again if the last try is at
 * least RECHECK_MS old (one at a time). Returns whether the database is still unwritable.
 */
export async function stillUnwritable(now: number = Date.now()): Promise<boolean> {
  const s = state();
  if (s.unwritableSince === undefined) return false;
  if (!s.probe || now - s.lastProbeAt < RECHECK_MS) return true;
  s.probing ??= (async () => {
    s.lastProbeAt = Date.now();
    const before = s.failures;
    try {
      await s.probe!();
      noteDatabaseWrite();
    } catch (error) {
      // What a transaction throws last may be its rollback's complaint, after the storage failure of
      // its commit was seen (and counted) on the way. Anything else failing the probe (a bug) must
      // not hold every page at 503: only storage failures keep the mark.
      if (!noteDatabaseError(error) && s.failures === before) noteDatabaseWrite();
    }
    return s.unwritableSince !== undefined;
  })().finally(() => {
    s.probing = undefined;
  });
  return s.probing;
}

export const UNAVAILABLE_MESSAGE =
  'The portal cannot save to its database just now (it is read-only, full or unreachable), so it cannot record what you do and has stopped serving pages. Nothing you had saved is lost. It comes back by itself as soon as the database takes writes again: try again in a minute, and if it persists tell a portal administrator.';
