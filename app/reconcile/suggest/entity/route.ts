import { handleReconcileRequest } from '@/lib/reconcile/reconcile-handler';
import { machineDeps } from '@/lib/tokens/machine-deps';

// Entity suggest (auto-complete) for the reconciliation service.
// No session: API tokens only (docs/machine-access.md).
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'suggest-entity', machineDeps());
}

export function POST(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'suggest-entity', machineDeps());
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'suggest-entity', machineDeps());
}
