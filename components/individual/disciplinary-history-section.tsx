import { ExportLink } from '@/components/register/export-link';
import { ExtraFields } from '@/components/register/extra-fields';
import type { ListView } from '@/lib/page-data/list-view';
import { PagedRegisterList } from '@/components/register/paged-register-list';
import { sectionListProps } from '@/components/register/section-list-props';
import { individualExportHref } from '@/lib/export/export-paths';
import { readIndividualDisciplinaryHistory } from '@/lib/page-data/cached-reads';
import { getRegisterClient } from '@/lib/register/client';
import { DisciplinaryActionsTable } from './disciplinary-actions-table';
import { INDIVIDUAL_SECTIONS } from '@/lib/sections/individual-sections';

/** The disciplinary-history page body: the actions (10 per register page), paged as every register list is. */
export function DisciplinaryHistoryList({ irn, view }: { irn: string; view: ListView }) {
  const client = getRegisterClient();
  return (
    <PagedRegisterList
      view={view}
      {...sectionListProps('individual', irn, INDIVIDUAL_SECTIONS['disciplinary-history'])}
      badPage="reason"
      fetchPage={(page) => readIndividualDisciplinaryHistory(irn, page)}
      fetchAll={(onProgress) => client.allPages(client.individualDisciplinaryHistory, [irn], { onProgress })}
      rows={(actions) => actions.length}
      none={
        <p role="status" className="text-sm text-slate-700">
          No disciplinary history is recorded for {irn}.
        </p>
      }
      render={(actions, _scope, where) => {
        const total = where?.totalCount ?? actions.length;
        return (
          <>
            <DisciplinaryActionsTable
              id="disciplinary-history"
              caption="Disciplinary actions"
              actions={actions}
              captionExtra={
                <>
                  {`${total} ${total === 1 ? 'action' : 'actions'}${where && where.pages > 1 ? `, page ${where.page} of ${where.pages}` : ''}`}
                  <ExportLink href={individualExportHref(irn, 'disciplinary-history')} what="disciplinary actions" />
                </>
              }
            />
            {actions.map((a, i) => (Object.keys(a.extra).length ? <ExtraFields key={i} extra={a.extra} label={`Other fields for action ${i + 1}`} /> : null))}
          </>
        );
      }}
    />
  );
}
