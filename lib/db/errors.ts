/**
 * Whether a database error is a unique constraint refusing a row, on either engine: PostgreSQL's
 * SQLSTATE 23505 ("duplicate key value violates unique constraint") or better-sqlite3's
 * SQLITE_CONSTRAINT_UNIQUE ("UNIQUE constraint failed").
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null | undefined;
  if (e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return /UNIQUE constraint failed|duplicate key value/.test(message);
}
