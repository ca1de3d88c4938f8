import { handleReconcileRequest } from '@/lib/reconcile/reconcile-handler';
import { machineDeps } from '@/lib/tokens/machine-deps';

// Data extension: the properties a type can be extended with.
// No session: API tokens only (docs/machine-access.md).
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'properties', machineDeps());
}

export function POST(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'properties', machineDeps());
}

export function OPTIONS(request: Request): Promise<Response> {
  return handleReconcileRequest(request, 'properties', machineDeps());
}
