import { handleReconcileRequest } from '@/lib/reconcile/reconcile-handler';
import { machineDeps } from '@/lib/tokens/machine-deps';

// From an entity id to the portal's page for it (a person signs in there).
// No session: API tokens only (docs/machine-access.md).
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'view', machineDeps());
}

export function POST(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'view', machineDeps());
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'view', machineDeps());
}
