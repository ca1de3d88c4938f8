import { handleMetricsRequest } from '@/lib/metrics/metrics-endpoint';
import { metricsDeps } from '@/lib/metrics/metrics-deps';

// Prometheus scrapes here (docs/deployment.md): an API token with the metrics scope, or a loopback
// scraper when METRICS_ALLOW_LOOPBACK=true. The proxy passes the path on without a session.
export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  return handleMetricsRequest(request, metricsDeps());
}
