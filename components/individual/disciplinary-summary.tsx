import { ProvenanceLine } from '@/components/register/provenance-line';
import { ExportLink } from '@/components/register/export-link';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { individualExportHref } from '@/lib/export/export-paths';
import { readIndividualDisciplinaryHistory } from '@/lib/page-data/cached-reads';
import { individualPath } from '@/lib/routes/portal-paths';
import { DisciplinaryActionsTable } from './disciplinary-actions-table';
import { TextLink } from '@/components/ui/text-link';

/** The overview's disciplinary section: the first page of actions, or a plain "none". */
export async function DisciplinarySummary({ irn }: { irn: string }) {
  const result = await readIndividualDisciplinaryHistory(irn);
  // The register answers "not found" for a person with no history.
  if (result.kind === 'not-found') return <p className="text-sm text-slate-700">No disciplinary history is recorded for {irn}.</p>;
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`disciplinary history of ${irn}`} />;
  const total = result.page.totalCount ?? result.data.length;
  return (
    <div className="space-y-2">
      <DisciplinaryActionsTable
        id="disciplinary-summary"
        caption="Disciplinary history"
        actions={result.data}
        captionExtra={
          <>
            {`${total} ${total === 1 ? 'action' : 'actions'}`}
            <ExportLink href={individualExportHref(irn, 'disciplinary-history')} what="disciplinary actions" />
          </>
        }
      />
      {total > result.data.length ? (
        <p className="text-sm">
          <TextLink href={individualPath(irn, 'disciplinary-history')}>All {total} actions</TextLink>
        </p>
      ) : null}
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
