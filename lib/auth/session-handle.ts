import { createHash } from 'node:crypto';

/**
 * What pages and forms know a session by: a hash of its id. The id itself stays inside the
 * encrypted cookie and the database, so nothing a page shows (or a script reads from
 * /api/auth/session) names a session in a form the server would accept as one.
 */
export function sessionHandle(sid: string): string {
  return createHash('sha256').update(`session:${sid}`).digest('base64url').slice(0, 22);
}
