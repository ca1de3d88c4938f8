import { RegisterFailureMessage } from '@/components/register/register-failure';
import type { NumberNotFound as NumberNotFoundData } from '@/lib/search/number-jump';

const LABEL = { firm: 'firm with FRN', individual: 'individual with IRN', fund: 'fund with PRN' } as const;

/** A number searched for that is neither reading on the register (an FRN or a PRN), and why the second could not be checked when it could not. */
export function NumberNotFound({ result }: { result: NumberNotFoundData }) {
  const { primary, alternativeResult } = result;
  return (
    <div className="space-y-3">
      <div role="status" className="rounded border border-slate-300 bg-white p-4 text-sm">
        <p className="font-semibold">
          There is no {LABEL[primary.entity]} {primary.ref}
          {alternativeResult.kind === 'not-found' ? `, and no ${LABEL[primary.entity === 'fund' ? 'firm' : 'fund']} ${primary.ref} either.` : '.'}
        </p>
        <p className="mt-1 text-slate-700">
          FRNs and PRNs are both numbers, so both were checked. Check the number, or search by name. An individual’s IRN has three letters and five digits (e.g. MXC29012).
        </p>
      </div>
      {alternativeResult.kind !== 'not-found' && alternativeResult.kind !== 'ok' ? (
        <RegisterFailureMessage failure={alternativeResult} what={`a ${primary.entity === 'fund' ? 'firm with FRN' : 'fund with PRN'} ${primary.ref}`} />
      ) : null}
    </div>
  );
}
