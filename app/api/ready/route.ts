import { NextResponse } from 'next/server';
import { checkReadiness } from '@/lib/health/readiness';

export const dynamic = 'force-dynamic';

/**
 * Readiness, for load balancers and orchestrators: database, Redis and the register's verdict on
 * the API key, each ok/degraded/down with a short message. 503 when this instance should get no
 * traffic (shutting down, database down, key refused); 200 otherwise, also when degraded (Redis
 * out of reach, register busy or failing), because the instance still serves safely. Public, so it
 * says nothing more than that: counters are at /api/health/register for signed-in users.
 */
export async function GET() {
  const { readiness } = await checkReadiness();
  return NextResponse.json(readiness, {
    status: readiness.status === 'not-ready' ? 503 : 200,
    headers: { 'cache-control': 'no-store' },
  });
}
