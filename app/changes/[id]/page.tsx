import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ChangeRows } from '@/components/watch/change-rows';
import { ChangeStateForm } from '@/components/watch/change-state-form';
import { ChangeStateTag, SeverityTag } from '@/components/watch/watch-tags';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { watchStore } from '@/lib/watch/watch-store';
import { formatDateTime } from '@/lib/format/date';
import { CHANGES_PATH, entityHistoryPath, entityPath, watchCheckPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS, sectionTitle } from '@/lib/watchlists/sections-choice';
import { isEngineId } from '@/lib/watchlists/ids';
import { changeText } from '@/lib/watch/change-words';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  return isEngineId(id) ? watchStore.getChange(id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const change = await load((await params).id);
  return {
    title: change ? `${sectionTitle(change.kind, change.section)} of ${change.entityName ?? `${KIND_LABELS[change.kind].number} ${change.ref}`}: a change` : 'Change not found',
  };
}

/**
 * /changes/[id]: one change, said once: the section and the record in the heading, each row the
 * register changed in a sentence with what it said before and says now, the two checks that saw
 * it (each linked, with its SHA-256), and its state, assignee and note.
 */
export default async function ChangePage({ params }: Props) {
  const user = await requireUser();
  const change = await load((await params).id);
  if (!change) notFound();
  const label = KIND_LABELS[change.kind];
  const text = changeText(change.kind, change.section, change.rows, change.summary);
  return (
    <div className="space-y-6">
      <PageHeader
        caption={<TextLink href={CHANGES_PATH}>Changes</TextLink>}
        title={
          <>
            {sectionTitle(change.kind, change.section)} of {change.entityName ?? `${label.number} ${change.ref}`}
          </>
        }
      >
        <p className="text-base" data-testid="change-summary">
          {text.summary}
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Record</dt>
          <dd>
            <TextLink href={entityPath(change.kind, change.ref)}>{change.entityName ?? `${label.number} ${change.ref}`}</TextLink>{' '}
            {change.entityName ? (
              <>
                ({label.number} <span className="font-mono">{change.ref}</span>){' '}
              </>
            ) : null}
            · <TextLink href={entityHistoryPath(change.kind, change.ref)}>History</TextLink>
          </dd>
          <dt className="font-medium text-slate-600">Severity</dt>
          <dd>
            <SeverityTag severity={change.severity} />
          </dd>
          <dt className="font-medium text-slate-600">State</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <ChangeStateTag state={change.state} />
            {change.updatedBy ? (
              <span className="text-slate-700">
                set by {change.updatedBy} at <time dateTime={change.updatedAt}>{formatDateTime(change.updatedAt)}</time>
              </span>
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600">Assignee</dt>
          <dd>{change.assigneeEmail ?? 'Nobody'}</dd>
          <dt className="font-medium text-slate-600">Note</dt>
          <dd className="whitespace-pre-wrap">{change.note ?? 'None'}</dd>
          <dt className="font-medium text-slate-600">Detected</dt>
          <dd>
            <time dateTime={change.detectedAt}>{formatDateTime(change.detectedAt)}</time>
          </dd>
          <dt className="font-medium text-slate-600">Seen by the check</dt>
          <dd data-testid="change-check">
            {change.check ? (
              <>
                <TextLink href={watchCheckPath(change.check.id)}>
                  <time dateTime={change.check.checkedAt}>{formatDateTime(change.check.checkedAt)}</time>
                </TextLink>{' '}
                SHA-256 <span className="font-mono break-all">{change.check.sha256}</span>
              </>
            ) : (
              'The check is no longer stored.'
            )}
          </dd>
          <dt className="font-medium text-slate-600">Compared with</dt>
          <dd>
            {change.previousCheck ? (
              <>
                <TextLink href={watchCheckPath(change.previousCheck.id)}>
                  <time dateTime={change.previousCheck.checkedAt}>{formatDateTime(change.previousCheck.checkedAt)}</time>
                </TextLink>{' '}
                SHA-256 <span className="font-mono break-all">{change.previousCheck.sha256}</span>
              </>
            ) : (
              'The previous check is no longer stored.'
            )}
          </dd>
        </dl>
      </PageHeader>
      <section aria-labelledby="rows-heading" className="space-y-3">
        <h2 id="rows-heading" className="text-lg font-semibold">
          What the register changed, row by row
        </h2>
        <ChangeRows kind={change.kind} section={change.section} rows={change.rows} />
      </section>
      {hasRole(user.role, 'analyst') ? (
        <section aria-labelledby="update-heading" className="no-print space-y-3">
          <h2 id="update-heading" className="text-lg font-semibold">
            Update
          </h2>
          <ChangeStateForm changeId={change.id} state={change.state} assigneeEmail={change.assigneeEmail} note={change.note} />
        </section>
      ) : null}
    </div>
  );
}
