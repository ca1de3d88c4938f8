import { readSectionFirstPage } from '@/lib/firm/section-counts';
import { firmPath } from '@/lib/routes/portal-paths';
import type { FirmAddress, FirmName } from '@/lib/register/model';
import { TextLink } from '@/components/ui/text-link';

/** Trading names shown in the header; the rest are on the names page. */
const NAMES_SHOWN = 5;

function postal(address: FirmAddress): string {
  return [...address.lines, address.town, address.county, address.postcode, address.country].filter((l): l is string => Boolean(l)).join(', ');
}

function notNow(what: string) {
  return <span className="text-slate-600">{what} not available just now</span>;
}

/** A current name is a trading name unless the register calls it something else ("Registered"). */
function isTradingName(name: FirmName): boolean {
  return Boolean(name.name) && (!name.status || /trading/i.test(name.status));
}

/**
 * Beside the firm's status in the overview's header: its principal place of business and its
 * current trading names, what an analyst wants first. Read at the overview counts' priority, the
 * same reads as the Address and Names counts (lib/firm/section-counts.ts), so they cost nothing
 * more; when the register is busy they say so and the page goes on without them.
 */
export async function FirmAtAGlance({ frn }: { frn: string }) {
  const [addresses, names] = await Promise.all([readSectionFirstPage(frn, 'address'), readSectionFirstPage(frn, 'names')]);
  let address: React.ReactNode;
  if (addresses.kind === 'ok' || addresses.kind === 'not-found') {
    const list = addresses.kind === 'ok' ? addresses.data : [];
    const principal = list.find((a) => a.kind === 'principal-place-of-business');
    address = principal && postal(principal) ? <address className="not-italic">{postal(principal)}</address> : <span className="text-slate-700">Not recorded</span>;
  } else {
    address = notNow('Address');
  }
  let trading: React.ReactNode;
  if (names.kind === 'ok' || names.kind === 'not-found') {
    const current = names.kind === 'ok' ? names.data.current.filter(isTradingName) : [];
    trading =
      current.length === 0 ? (
        <span className="text-slate-700">None recorded</span>
      ) : (
        <>
          {current
            .slice(0, NAMES_SHOWN)
            .map((n) => n.name)
            .join('; ')}
          {current.length > NAMES_SHOWN ? (
            <>
              {' '}
              <TextLink href={firmPath(frn, 'names')}>and {current.length - NAMES_SHOWN} more</TextLink>
            </>
          ) : null}
        </>
      );
  } else {
    trading = notNow('Trading names');
  }
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]" data-testid="firm-at-a-glance">
      <dt className="font-medium text-slate-600">Principal address</dt>
      <dd data-testid="firm-principal-address">{address}</dd>
      <dt className="font-medium text-slate-600">Trading names</dt>
      <dd data-testid="firm-trading-names">{trading}</dd>
    </dl>
  );
}
