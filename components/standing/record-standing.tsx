import { Suspense } from 'react';
import { SectionErrorBoundary } from '@/components/ui/section-error-boundary';
import { readFirmPageStanding, readIndividualPageStanding } from '@/lib/page-data/standing-reads';
import type { Firm, Fund, Individual } from '@/lib/register/model';
import { fundStanding } from '@/lib/standing/fund-standing';
import { StandingDetails, StandingPending } from './standing-badge';

async function FirmStandingBody({ firm }: { firm: Firm }) {
  return <StandingDetails standing={await readFirmPageStanding(firm)} />;
}

async function IndividualStandingBody({ person }: { person: Individual }) {
  return <StandingDetails standing={await readIndividualPageStanding(person)} />;
}

/**
 * A record's standing in its header: streamed, because it reads the register beyond the record
 * (the header's name and status are already on the page while it comes).
 */
export function RecordStanding(props: { kind: 'firm'; record: Firm } | { kind: 'individual'; record: Individual } | { kind: 'fund'; record: Fund }) {
  if (props.kind === 'fund') return <StandingDetails standing={fundStanding(props.record)} />;
  return (
    <SectionErrorBoundary label="standing">
      <Suspense fallback={<StandingPending />}>{props.kind === 'firm' ? <FirmStandingBody firm={props.record} /> : <IndividualStandingBody person={props.record} />}</Suspense>
    </SectionErrorBoundary>
  );
}
