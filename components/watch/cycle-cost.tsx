import { formatDuration, requestsText, type CycleCostEstimate } from '@/lib/watchlists/cycle-cost';

/** What a cycle over the list costs: register requests, and how long at the background share of the budget. */
export function CycleCost({ cost }: { cost: CycleCostEstimate }) {
  if (cost.entities === 0) return <p className="text-sm text-slate-700">Nothing to check yet: the list is empty.</p>;
  const perMinute = Math.round(cost.rate * 60);
  return (
    <p className="text-sm text-slate-700" data-testid="cycle-cost">
      A check of this list reads {cost.entities.toLocaleString('en-GB')} {cost.entities === 1 ? 'record' : 'records'}:{' '}
      <strong>{requestsText(cost.requests, cost.unknownRecords, cost.entities)}</strong>, which take {cost.unknownRecords > 0 ? 'at least' : 'about'}{' '}
      <strong>{formatDuration(cost.seconds)}</strong> at the background share of the budget ({perMinute.toLocaleString('en-GB')} requests a minute; people&apos;s pages always go
      first). It runs every night after the register&apos;s evening update, and when you choose Check now.
    </p>
  );
}
