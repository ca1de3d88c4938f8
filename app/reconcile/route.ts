import { handleReconcileRequest } from '@/lib/reconcile/reconcile-handler';
import { machineDeps } from '@/lib/tokens/machine-deps';

// The reconciliation service (W3C Reconciliation API 0.2, OpenRefine): the manifest, query
// batches and data extension. No session: API tokens only (docs/machine-access.md).
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'root', machineDeps());
}

export function POST(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'root', machineDeps());
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'root', machineDeps());
}
