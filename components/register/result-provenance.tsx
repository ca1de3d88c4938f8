import { ProvenanceLine } from '@/components/register/provenance-line';
import { StaleNotice } from '@/components/register/stale-notice';
import type { Provenance } from '@/lib/register/result';

/** Where a section's data came from and how old it is, with the reason when the register failed and a saved copy is shown. */
export function ResultProvenance({ provenance, notice, children }: { provenance: Provenance; notice?: string; children?: React.ReactNode }) {
  return (
    <div className="space-y-2">
      <StaleNotice notice={notice} />
      <ProvenanceLine provenance={provenance}>{children}</ProvenanceLine>
    </div>
  );
}
