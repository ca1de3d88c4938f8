import { formatDate } from '@/lib/format/date';
import type { Fund } from '@/lib/register/model';
import { combine, type Standing, type StandingReason } from './standing';
import { readFundStatus } from './status-words';

/**
 * A fund's standing from its record's status. The register holds no disciplinary history,
 * requirements or notices for a fund (those are on its operator, a firm with its own standing).
 */

/** Rule: a terminated, de-recognised or revoked scheme may not be marketed as one. */
export function fundStatusRule(fund: Pick<Fund, 'status' | 'effectiveDate'>): StandingReason[] {
  const status = fund.status;
  const reading = readFundStatus(status);
  if (reading.kind === 'ended') {
    return [
      {
        code: 'fund-ended',
        level: 'stop',
        label: status!,
        text: `The register's status for the fund is "${status}"${fund.effectiveDate ? ` (effective ${formatDate(fund.effectiveDate)})` : ''}: it is no longer an authorised or recognised scheme.`,
      },
    ];
  }
  if (reading.kind === 'missing') return [{ code: 'fund-status-missing', level: 'caution', label: 'No status given', text: 'The register gives no status for the fund.' }];
  if (reading.kind === 'unknown')
    return [
      {
        code: 'fund-status-unknown',
        level: 'caution',
        label: status!,
        text: `The register's status for the fund is "${status}", a wording the portal does not recognise: read the record before relying on it.`,
      },
    ];
  return [];
}

export function fundStanding(fund: Fund): Standing {
  return combine(fundStatusRule(fund), fund.status ?? 'Authorised', ["the fund's record"]);
}
