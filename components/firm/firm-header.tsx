import Link from 'next/link';
import type { ReactNode } from 'react';
import { RefreshButton } from '@/components/register/refresh-button';
import type { RegisterCall } from '@/lib/page-data/refresh-calls';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { RegisterDate } from '@/components/register/register-date';
import { ResultProvenance } from '@/components/register/result-provenance';
import { RecordStanding } from '@/components/standing/record-standing';
import { firmPath } from '@/lib/routes/portal-paths';
import type { Firm } from '@/lib/register/model';
import type { RegisterResult } from '@/lib/register/result';

/**
 * The firm's name, FRN, status (in the register's words, with its effective date), business type
 * and standing (lib/standing: Clear, Caution or Stop with its reasons, streamed), on the overview
 * and every section page. The overview's heading is the firm's name; a section page's
 * heading is the section, with the firm named (and linked) above it.
 */
export function FirmHeader({
  frn,
  result,
  heading,
  refreshCalls,
  summary,
}: {
  frn: string;
  result: RegisterResult<Firm>;
  /** The section's heading; absent on the overview. */
  heading?: ReactNode;
  refreshCalls: RegisterCall[];
  /** More at a glance under the status line (the overview's principal address and trading names). */
  summary?: ReactNode;
}) {
  const firm = result.kind === 'ok' ? result.data : undefined;
  const name = firm?.name ?? `Firm ${frn}`;
  return (
    <header className="space-y-3 border-b border-slate-200 pb-4" data-testid="firm-header">
      {heading ? (
        <p className="text-base font-semibold text-slate-700">
          <Link href={firmPath(frn)} className="text-brand-700 underline-offset-4 hover:underline">
            {name}
          </Link>
        </p>
      ) : null}
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{heading ?? name}</h1>
      {firm ? (
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">FRN</dt>
            <dd className="font-mono">{frn}</dd>
          </div>
          <div className="flex flex-wrap items-center gap-1.5">
            <dt className="font-medium text-slate-600">Status</dt>
            <dd className="flex flex-wrap items-center gap-1.5">
              {/* The status in the register's words, plain: its meaning is the standing's to say (below). */}
              <span className="font-semibold">{firm.status ?? 'Not recorded'}</span>
              {firm.statusEffectiveDate ? (
                <span className="text-slate-700">
                  since <RegisterDate value={firm.statusEffectiveDate} />
                </span>
              ) : null}
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="font-medium text-slate-600">Business type</dt>
            <dd>{firm.businessType ?? 'Not recorded'}</dd>
          </div>
        </dl>
      ) : null}
      {firm && summary ? summary : null}
      {firm ? null : result.kind !== 'ok' ? <RegisterFailureMessage failure={result} what={`the register entry for FRN ${frn}`} /> : null}
      {firm ? <RecordStanding kind="firm" record={firm} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        {result.kind === 'ok' ? <ResultProvenance provenance={result.provenance} notice={result.notice} /> : <span />}
        <RefreshButton calls={refreshCalls} />
      </div>
    </header>
  );
}
