import 'server-only';
import { type DbHandle, openMigratedDb } from './connect';
import type { Db } from './schema';

// One connection (pool) per server process. Kept on globalThis because Next may evaluate this
// module more than once (per route bundle, and on every edit in development).
const STATE = Symbol.for('fsr-portal.db');
type State = { handle?: Promise<DbHandle> };
const globalState = globalThis as typeof globalThis & { [STATE]?: State };
const state: State = (globalState[STATE] ??= {});

/** The portal database, migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (!state.handle) {
    state.handle = openMigratedDb();
    // A failed open (PostgreSQL down at start-up) is retried by the next caller, not cached.
    state.handle.catch(() => {
      state.handle = undefined;
    });
  }
  return state.handle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Closes the connection (graceful shutdown); the next getDb() opens a new one. */
export async function closeDb(): Promise<void> {
  const pending = state.handle;
  state.handle = undefined;
  if (pending) await (await pending).close();
}
