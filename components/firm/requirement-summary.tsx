import { ExtraFields } from '@/components/register/extra-fields';
import { FlagText } from '@/components/register/flag-text';
import { RegisterDate } from '@/components/register/register-date';
import { SummaryList } from '@/components/ui/summary-list';
import type { Requirement } from '@/lib/register/model';

/** Everything the register says about one requirement. */
export function RequirementSummary({ requirement }: { requirement: Requirement }) {
  return (
    <div className="space-y-2">
      <SummaryList
        items={[
          { label: 'Reference', value: <span className="font-mono">{requirement.reference ?? 'Not recorded'}</span> },
          { label: 'Requirement', value: requirement.title ?? 'Not recorded' },
          { label: 'Text', value: requirement.text ?? 'Not recorded' },
          { label: 'Effective date', value: <RegisterDate value={requirement.effectiveDate} /> },
          { label: 'Financial promotions requirement', value: <FlagText value={requirement.financialPromotions} /> },
        ]}
      />
      <ExtraFields extra={requirement.extra} />
    </div>
  );
}
