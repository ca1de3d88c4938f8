import { handleReconcileRequest } from '@/lib/reconcile/reconcile-handler';
import { machineDeps } from '@/lib/tokens/machine-deps';

// A small HTML card for one entity (OpenRefine's preview).
// No session: API tokens only (docs/machine-access.md).
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'preview', machineDeps());
}

export function POST(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'preview', machineDeps());
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'preview', machineDeps());
}
