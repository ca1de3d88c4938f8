import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

/** Liveness: the process is up and serving. Public (load balancers call it); says nothing else. */
export function GET() {
  return NextResponse.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } });
}
