import { NextResponse } from 'next/server';
import { authorizeRequest } from '@/lib/auth/session';
import { checkReadiness } from '@/lib/health/readiness';
import { loadScaleOutConfig } from '@/lib/register/scale-out-config';

export const dynamic = 'force-dynamic';

/**
 * The register client's counters for signed-in staff: calls sent, cache hits and misses, requests
 * shared in flight (here and across instances), queue depth and waits per priority, 429s, budget
 * in use, the block, and the shared stores' mode. Per instance: behind a load balancer each call
 * may land on another one (`instance` says which).
 */
export async function GET() {
  const auth = await authorizeRequest('viewer');
  if (!auth.ok) return auth.response;
  const { readiness, register } = await checkReadiness();
  return NextResponse.json({ instance: loadScaleOutConfig(process.env).instanceId, readiness, register }, { headers: { 'cache-control': 'no-store' } });
}
