import { UNAVAILABLE_MESSAGE } from '@/lib/db/db-writable';

/**
 * What the proxy answers while the database cannot write (lib/health/db-writable.ts): HTTP 503
 * with Retry-After, JSON with a message for programs and route handlers (`/api/…`, the register API
 * gateway, the reconciliation service), and a plain page for people. The page needs nothing the
 * portal cannot serve now: no database, no script, no stylesheet.
 */

export const RETRY_AFTER_SECONDS = 30;

/** Paths that keep answering whatever the database does: liveness, and readiness, which proves a write itself. */
export function answersWithoutDatabase(pathname: string): boolean {
  return pathname === '/api/health' || pathname === '/api/ready' || pathname.startsWith('/api/health/') || pathname === '/favicon.ico';
}

function wantsJson(pathname: string, accept: string | null): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/register-api/') || pathname === '/reconcile' || pathname.startsWith('/reconcile/')) return true;
  return (accept ?? '').includes('application/json') && !(accept ?? '').includes('text/html');
}

const PAGE = `<!DOCTYPE html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable – FSR Portal</title>
</head>
<body>
<main>
<h1>FSR Portal is temporarily unavailable</h1>
<p>${UNAVAILABLE_MESSAGE}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;

export function databaseUnavailableResponse(pathname: string, accept: string | null): Response {
  const headers = { 'cache-control': 'no-store', 'retry-after': String(RETRY_AFTER_SECONDS) };
  if (wantsJson(pathname, accept)) {
    return Response.json({ error: 'database-unavailable', message: UNAVAILABLE_MESSAGE }, { status: 503, headers });
  }
  return new Response(PAGE, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}
