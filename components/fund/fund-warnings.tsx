import Link from 'next/link';
import { WarningCallout } from '@/components/ui/warning-callout';
import { formatDate } from '@/lib/format/date';
import type { Fund } from '@/lib/register/model';
import { checkSearchText } from '@/lib/register/validate';
import { searchPath } from '@/lib/routes/portal-paths';

/** Said before anything else: a fund that is no longer authorised, and what a sub-fund record does not say. */
export function FundWarnings({ fund, name }: { fund: Fund; name?: string }) {
  const status = fund.status ?? '';
  const ended = /terminat|de-?recogni|revoked|cancel|lapsed|no longer/i.test(status);
  const subFund = /sub-?fund/i.test(fund.schemeType ?? '');
  if (!ended && !subFund) return null;
  // The umbrella's name is usually the start of the sub-fund's; a fund search for its first words is the best the data allows.
  const words = name?.split(' ').slice(0, 2).join(' ');
  return (
    <div className="space-y-3">
      {ended ? (
        <WarningCallout tone="danger" title={`This fund is ${status.toLowerCase()}`}>
          {fund.effectiveDate ? `Status effective ${formatDate(fund.effectiveDate)}. ` : ''}It is no longer an authorised or recognised scheme.
        </WarningCallout>
      ) : null}
      {subFund ? (
        <WarningCallout title="This is a sub-fund of an umbrella scheme">
          The register’s record of a sub-fund does not name its umbrella fund, its operator or its depositary: those are recorded on the umbrella.{' '}
          {words && checkSearchText(words).ok ? (
            <Link href={searchPath(words, 'fund')} className="underline">
              Search funds for “{words}” to find the umbrella
            </Link>
          ) : null}
        </WarningCallout>
      ) : null}
    </div>
  );
}
