import type { ReactNode } from 'react';
import { ExtraFields } from '@/components/register/extra-fields';
import { RegisterDate } from '@/components/register/register-date';
import { SummaryList } from '@/components/ui/summary-list';
import { formatDateTime } from '@/lib/format/date';
import type { Firm } from '@/lib/register/model';
import { TextAnchor } from '@/components/ui/text-link';

function notRecorded(): ReactNode {
  return <span className="text-slate-600">Not recorded</span>;
}

/** A status with the date it took effect: "Registered, since 18 Jul 2014". */
function statusWithDate(status: string | undefined, date: string | undefined, dateWord = 'since'): ReactNode {
  if (!status && !date) return notRecorded();
  return (
    <>
      {status ?? 'Not recorded'}
      {date ? (
        <>
          , {dateWord} <RegisterDate value={date} />
        </>
      ) : null}
    </>
  );
}

/** Every fact the firm record holds, as a description list; absent facts say so rather than disappear. */
export function FirmKeyFacts({ firm }: { firm: Firm }) {
  const items = [
    { label: 'Firm reference number (FRN)', value: firm.frn },
    { label: 'Status', value: statusWithDate(firm.status, firm.statusEffectiveDate) },
    { label: 'Sub-status', value: statusWithDate(firm.subStatus, firm.subStatusEffectiveFrom, 'from') },
    { label: 'Business type', value: firm.businessType ?? notRecorded() },
    {
      label: 'Companies House number',
      value: firm.companiesHouseNumber ? (
        <TextAnchor
          href={`https://find-and-update.company-information.service.gov.uk/company/${encodeURIComponent(firm.companiesHouseNumber)}`}
          className="font-mono"
          rel="noopener noreferrer"
        >
          {firm.companiesHouseNumber}
          <span className="sr-only"> (opens the Companies House record)</span>
        </TextAnchor>
      ) : (
        notRecorded()
      ),
    },
    { label: 'Mutual society number', value: firm.mutualSocietyNumber ?? notRecorded() },
    { label: 'Client money', value: firm.clientMoneyPermission ?? notRecorded() },
    { label: 'PSD / EMD status', value: statusWithDate(firm.psdEmdStatus, firm.psdEmdEffectiveDate) },
    { label: 'PSD agent status', value: statusWithDate(firm.psdAgentStatus, firm.psdAgentEffectiveDate) },
    { label: 'E-money agent status', value: statusWithDate(firm.eMoneyAgentStatus, firm.eMoneyAgentEffectiveDate) },
    { label: 'Money Laundering Regulations (MLRs) status', value: statusWithDate(firm.mlrsStatus, firm.mlrsStatusEffectiveDate) },
    {
      label: 'Register’s clock when it answered',
      value: firm.systemTimestamp ? <time dateTime={firm.systemTimestamp}>{formatDateTime(firm.systemTimestamp)}</time> : notRecorded(),
    },
  ];
  return (
    <div className="space-y-3">
      <SummaryList items={items} />
      <ExtraFields extra={firm.extra} />
    </div>
  );
}
