import { handleGatewayRequest } from '@/lib/gateway/register-gateway';
import { machineDeps } from '@/lib/tokens/machine-deps';

// The register's own API for programs (docs/machine-access.md). No session: the handler admits
// an API token (admitMachineRequest inside handleGatewayRequest) and nothing else.
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return handleGatewayRequest(request, machineDeps());
}

export function HEAD(request: Request): Promise<Response> {
  return handleGatewayRequest(request, machineDeps());
}
