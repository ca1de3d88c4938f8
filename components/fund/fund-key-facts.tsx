import { ExtraFields } from '@/components/register/extra-fields';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import { SummaryList } from '@/components/ui/summary-list';
import { formatDate } from '@/lib/format/date';
import type { Fund } from '@/lib/register/model';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

function FirmLink({ name, frn }: { name?: string; frn?: string }) {
  if (!name && !frn) return <>None recorded</>;
  if (!frn) return <>{name}</>;
  return (
    <span>
      <TextLink href={firmPath(frn)}>{name ?? `FRN ${frn}`}</TextLink>
      <span className="ml-2 font-mono text-xs text-slate-600">FRN {frn}</span>
    </span>
  );
}

/** Every field of the fund's record; operator and depositary link to their firm pages. */
export function FundKeyFacts({ fund }: { fund: Fund }) {
  return (
    <div className="space-y-3">
      <SummaryList
        items={[
          { label: 'Status', value: fund.status ? <StatusTag tone={toneForStatus(fund.status)}>{fund.status}</StatusTag> : '—' },
          { label: 'Product type', value: fund.productType ?? '—' },
          { label: 'Scheme type', value: fund.schemeType ?? '—' },
          { label: 'Effective date', value: formatDate(fund.effectiveDate) },
          { label: 'ICVC registration number', value: fund.icvcRegistrationNumber ?? 'None recorded' },
          { label: 'Money market fund NAV type', value: fund.mmfNavType ?? 'None recorded' },
          { label: 'Money market fund term type', value: fund.mmfTermType ?? 'None recorded' },
          { label: 'Operator', value: <FirmLink name={fund.operatorName} frn={fund.operatorFrn} /> },
          { label: 'Depositary', value: <FirmLink name={fund.depositaryName} frn={fund.depositaryFrn} /> },
        ]}
      />
      <ExtraFields extra={fund.extra} />
    </div>
  );
}
