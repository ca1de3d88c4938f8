import 'server-only';
import { getDb } from '@/lib/db/client';
import { getRegisterClient } from '@/lib/register/client';
import { machineDeps } from '@/lib/tokens/machine-deps';
import type { MetricsDeps } from './metrics-endpoint';
import { installPortalCollectors } from './portal-collectors';
import { portalRegistry } from './registry';

/** What GET /metrics runs on in the portal: the machine gate's deps and the process's registry with its collectors. */
export function metricsDeps(): MetricsDeps {
  return {
    ...machineDeps(),
    registry() {
      const target = portalRegistry();
      installPortalCollectors(target, { health: () => getRegisterClient().health(), db: getDb });
      return target.registry;
    },
  };
}
