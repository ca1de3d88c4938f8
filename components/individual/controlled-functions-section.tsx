import { ExtraFields } from '@/components/register/extra-fields';
import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { StaleNotice } from '@/components/register/stale-notice';
import { individualExportHref } from '@/lib/export/export-paths';
import { readIndividualControlledFunctions } from '@/lib/page-data/cached-reads';
import { ControlledFunctionsTable } from './controlled-functions-table';

/** The controlled-functions page body: current and previous functions in full (the register does not page them). */
export async function ControlledFunctionsSection({ irn, bucket }: { irn: string; bucket: 'current' | 'previous' }) {
  const result = await readIndividualControlledFunctions(irn);
  if (result.kind === 'not-found')
    return (
      <p className="text-sm text-slate-700">
        The register records no {bucket} controlled functions for {irn}.
      </p>
    );
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`${bucket} controlled functions of ${irn}`} />;
  const rows = result.data[bucket];
  return (
    <div className="space-y-2">
      <StaleNotice notice={result.notice} />
      <ControlledFunctionsTable
        id={`${bucket}-functions`}
        caption={bucket === 'current' ? 'Current controlled functions' : 'Previous controlled functions'}
        rows={rows}
        previous={bucket === 'previous'}
        exportHref={individualExportHref(irn, 'controlled-functions')}
        emptyText={bucket === 'current' ? 'No current controlled functions.' : 'No previous controlled functions.'}
      />
      {rows.map((r, i) => (Object.keys(r.extra).length ? <ExtraFields key={i} extra={r.extra} label={`Other fields for ${r.name ?? 'a function'}`} /> : null))}
      {bucket === 'previous' ? <ExtraFields extra={result.data.extra} /> : null}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
