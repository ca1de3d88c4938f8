import Link from 'next/link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { WarningCallout } from '@/components/ui/warning-callout';
import { formatDate } from '@/lib/format/date';
import { readIndividualControlledFunctions, readIndividualDisciplinaryHistory } from '@/lib/page-data/cached-reads';
import type { Individual } from '@/lib/register/model';
import { individualPath } from '@/lib/routes/portal-paths';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What a reader must see first: a prohibition order, other disciplinary action, and restrictions
 * on the individual's functions. The register does not flag these on the record itself (a
 * prohibited person's status can read "Regulatory approval no longer required"), so they are read
 * from the disciplinary history and controlled functions. A check that could not be made is said.
 */
export async function IndividualWarnings({ individual }: { individual: Individual }) {
  const { irn } = individual;
  const [history, functions] = await Promise.all([readIndividualDisciplinaryHistory(irn), readIndividualControlledFunctions(irn)]);
  const callouts: React.ReactNode[] = [];

  if (history.kind === 'ok') {
    const prohibitions = history.data.filter((a) => /prohibit/i.test(a.actionType ?? ''));
    const others = history.data.filter((a) => !/prohibit/i.test(a.actionType ?? ''));
    const total = history.page.totalCount ?? history.data.length;
    for (const p of prohibitions) {
      callouts.push(
        <WarningCallout key={`p-${p.effectiveFrom}`} tone="danger" title={`Prohibition order${p.effectiveFrom ? ` from ${formatDate(p.effectiveFrom)}` : ''}`}>
          {p.description ?? 'The FCA has prohibited this individual from performing functions in regulated activities.'}
        </WarningCallout>,
      );
    }
    if (others.length > 0 || total > history.data.length) {
      const kinds = [...new Set(others.map((a) => a.actionType).filter(Boolean))].join(', ');
      callouts.push(
        <WarningCallout key="dh" title={`Disciplinary history: ${plural(total, 'action', 'actions')} on the register`}>
          {kinds ? `Includes: ${kinds}. ` : ''}
          <Link href={individualPath(irn, 'disciplinary-history')} className="underline">
            Read the disciplinary history
          </Link>
        </WarningCallout>,
      );
    }
  } else if (history.kind !== 'not-found') {
    // "Not found" is how the register says "no history"; anything else means the check was not made.
    callouts.push(<RegisterFailureMessage key="dh-failed" failure={history} what={`the disciplinary history of ${irn} (prohibitions could not be checked)`} />);
  }

  if (individual.status && /prohibit/i.test(individual.status) && !callouts.length) {
    callouts.push(<WarningCallout key="status" tone="danger" title={`Register status: ${individual.status}`} />);
  }

  if (functions.kind === 'ok') {
    const restricted = [...functions.data.current].filter((f) => f.restriction || f.restrictionStartDate);
    for (const f of restricted) {
      callouts.push(
        <WarningCallout key={`r-${f.name}-${f.frn}`} title={`Restriction on ${f.name ?? 'a controlled function'}${f.firmName ? ` at ${f.firmName}` : ''}`}>
          {[f.restriction, f.restrictionStartDate ? `from ${formatDate(f.restrictionStartDate)}` : '', f.restrictionEndDate ? `until ${formatDate(f.restrictionEndDate)}` : '']
            .filter(Boolean)
            .join(' ')}
        </WarningCallout>,
      );
    }
  } else if (functions.kind !== 'not-found') {
    callouts.push(<RegisterFailureMessage key="cf-failed" failure={functions} what={`the controlled functions of ${irn} (restrictions could not be checked)`} />);
  }

  if (callouts.length === 0) {
    return <p className="text-sm text-slate-700">No prohibition, disciplinary action or restriction is recorded for this individual.</p>;
  }
  return <div className="space-y-3">{callouts}</div>;
}
