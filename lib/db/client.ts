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

/** A store function: the database first, then its own arguments. */
type StoreFunction = (db: Db, ...args: never[]) => unknown;

/** A store's functions without their first argument: each asks for the process's database itself. */
export type BoundStore<F extends Record<string, StoreFunction>> = {
  [K in keyof F]: F[K] extends (db: Db, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * A feature's store functions bound to the process's database, for pages, route handlers and
 * components (which never call getDb() themselves; eslint.config.mjs keeps it so). The functions
 * keep taking `db` first for the rest of lib/ and for tests, which pass a database of their own.
 */
export function bindStore<F extends Record<string, StoreFunction>>(fns: F): BoundStore<F> {
  return Object.fromEntries(Object.entries(fns).map(([name, fn]) => [name, async (...args: never[]) => fn(await getDb(), ...args)])) as BoundStore<F>;
}
