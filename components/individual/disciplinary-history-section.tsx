import { ProvenanceLine } from '@/components/register/provenance-line';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import { StaleNotice } from '@/components/register/stale-notice';
import { ExportLink } from '@/components/register/export-link';
import { ExtraFields } from '@/components/register/extra-fields';
import { individualExportHref } from '@/lib/export/export-paths';
import { Pager } from '@/components/ui/pager';
import { readIndividualDisciplinaryHistory } from '@/lib/page-data/cached-reads';
import { individualPath } from '@/lib/routes/portal-paths';
import { DisciplinaryActionsTable } from './disciplinary-actions-table';

/** The disciplinary-history page body: one register page of actions (10 per page) with paging. */
export async function DisciplinaryHistorySection({ irn, page }: { irn: string; page: number }) {
  const result = await readIndividualDisciplinaryHistory(irn, page);
  if (result.kind === 'not-found') {
    return (
      <p role="status" className="text-sm text-slate-700">
        {page > 1 ? `There is no page ${page} of disciplinary history for ${irn}.` : `No disciplinary history is recorded for ${irn}.`}
      </p>
    );
  }
  if (result.kind !== 'ok') return <RegisterFailureMessage failure={result} what={`disciplinary history of ${irn}`} />;
  const total = result.page.totalCount ?? result.data.length;
  const pageCount = result.page.pageCount ?? (result.page.hasNext ? page + 1 : page);
  return (
    <div className="space-y-3">
      <StaleNotice notice={result.notice} />
      <DisciplinaryActionsTable
        id="disciplinary-history"
        caption="Disciplinary actions"
        actions={result.data}
        captionExtra={
          <>
            {`${total} ${total === 1 ? 'action' : 'actions'}${pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}`}
            <ExportLink href={individualExportHref(irn, 'disciplinary-history')} what="disciplinary actions" />
          </>
        }
      />
      {result.data.map((a, i) => (Object.keys(a.extra).length ? <ExtraFields key={i} extra={a.extra} label={`Other fields for action ${i + 1}`} /> : null))}
      <Pager basePath={individualPath(irn, 'disciplinary-history')} page={page} totalPages={Math.max(page, pageCount)} label="Disciplinary history" />
      <ProvenanceLine provenance={result.provenance} />
    </div>
  );
}
