import { ExtraFields } from '@/components/register/extra-fields';
import { SummaryList } from '@/components/ui/summary-list';
import { StatusTag, toneForStatus } from '@/components/ui/status-tag';
import type { Individual } from '@/lib/register/model';
import { checkSearchText } from '@/lib/register/validate';
import { searchPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

/** The individual's record in full. Workplaces name a firm without its FRN, so they link to a firm search. */
export function IndividualDetails({ individual }: { individual: Individual }) {
  return (
    <div className="space-y-3">
      <SummaryList
        items={[
          { label: 'Full name', value: individual.fullName ?? '—' },
          { label: 'Commonly used name', value: individual.commonlyUsedName ?? 'None recorded' },
          { label: 'Individual reference number (IRN)', value: <span className="font-mono">{individual.irn}</span> },
          {
            label: 'Status',
            value: individual.status ? (
              <span className="flex flex-wrap gap-1">
                {individual.status.split(';').map((s) => (
                  <StatusTag key={s} tone={toneForStatus(s.trim())}>
                    {s.trim()}
                  </StatusTag>
                ))}
              </span>
            ) : (
              '—'
            ),
          },
          {
            label: individual.workplaces.length === 1 ? 'Workplace' : 'Workplaces',
            value:
              individual.workplaces.length === 0 ? (
                'None recorded'
              ) : (
                <ul className="space-y-1">
                  {individual.workplaces.map((w) => (
                    <li key={w.index}>
                      {w.firmName && checkSearchText(w.firmName).ok ? <TextLink href={searchPath(w.firmName, 'firm')}>{w.firmName}</TextLink> : (w.firmName ?? 'Firm not named')}
                      {w.location ? <span className="text-slate-600"> — {w.location}</span> : null}
                      {Object.keys(w.extra).length ? <ExtraFields extra={w.extra} label="Other workplace fields" /> : null}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      <ExtraFields extra={individual.extra} />
    </div>
  );
}
