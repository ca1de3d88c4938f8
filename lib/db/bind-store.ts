import type { Db } from './schema';

/** A store function: the database first, then its own arguments. */
type StoreFunction = (db: Db, ...args: never[]) => unknown;

/** A store's functions without their first argument: each asks for the process's database itself. */
export type BoundStore<F extends Record<string, StoreFunction>> = {
  [K in keyof F]: F[K] extends (db: Db, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * A feature's store functions bound to the process's database, for pages, route handlers,
 * components and server actions (which never call getDb() themselves; eslint.config.mjs keeps it
 * so). The functions keep taking `db` first for the rest of lib/ and for tests, which pass a
 * database of their own.
 *
 * The connection module (`client.ts`, server-only) is loaded when a bound function is first
 * called, not when a store is imported: `npm run worker` and the scripts import the stores in
 * plain Node, with a database handle of their own, and never call these.
 */
export function bindStore<F extends Record<string, StoreFunction>>(fns: F): BoundStore<F> {
  const bound = Object.entries(fns).map(([name, fn]) => [
    name,
    async (...args: never[]) => {
      const { getDb } = await import('./client');
      return fn(await getDb(), ...args);
    },
  ]);
  return Object.fromEntries(bound) as BoundStore<F>;
}
