import type { ChangeDetail, CheckSummary } from '@/lib/watch/watch-store';
import type { EntityKind } from '@/lib/db/schema';
import { formatDateTime } from '@/lib/format/date';
import { changePath, watchCheckPath, WATCHLISTS_PATH } from '@/lib/routes/portal-paths';
import { sectionTitle } from '@/lib/watchlists/sections-choice';
import { ChangeRows } from './change-rows';
import { ChangeStateTag, SeverityTag } from './watch-tags';
import { TextLink } from '@/components/ui/text-link';

function checkOutcome(check: CheckSummary, changes: number): string {
  const notChecked = check.sectionsNotChecked > 0 ? `; ${check.sectionsNotChecked} ${check.sectionsNotChecked === 1 ? 'section' : 'sections'} not checked` : '';
  if (check.baseline) return `Baseline: ${check.sectionsOk} ${check.sectionsOk === 1 ? 'section' : 'sections'} read${notChecked}`;
  if (changes === 0) return `No change in ${check.sectionsOk} ${check.sectionsOk === 1 ? 'section' : 'sections'}${notChecked}`;
  return `${changes} ${changes === 1 ? 'change' : 'changes'}${notChecked}`;
}

/**
 * An entity's History tab: every check, newest first, with what it saw change (before and
 * after) and a link to the check itself (its canonical JSON and SHA-256).
 */
export function HistoryTimeline({ kind, history }: { kind: EntityKind; history: Array<{ check: CheckSummary; changes: ChangeDetail[] }> }) {
  if (history.length === 0) {
    return (
      <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-700">
        This record has not been checked yet. Add it to a <TextLink href={WATCHLISTS_PATH}>watchlist</TextLink> and the checks will show here, with what changed between them.
      </p>
    );
  }
  return (
    <ol className="space-y-6" aria-label="Checks, newest first" data-testid="history-timeline">
      {history.map(({ check, changes }) => (
        <li key={check.id} className="space-y-3 border-l-4 border-slate-300 pl-4">
          <h2 className="text-base font-semibold">
            <time dateTime={check.checkedAt}>{formatDateTime(check.checkedAt)}</time>: {checkOutcome(check, changes.length)}
          </h2>
          <p className="text-sm text-slate-700">
            <TextLink href={watchCheckPath(check.id)}>The check</TextLink> (SHA-256 <span className="font-mono break-all">{check.sha256}</span>)
          </p>
          {changes.map((change) => (
            <section key={change.id} aria-labelledby={`change-${change.id}`} className="space-y-2" data-testid="history-change" data-section={change.section}>
              <h3 id={`change-${change.id}`} className="flex flex-wrap items-center gap-2 font-medium">
                <TextLink href={changePath(change.id)}>{sectionTitle(kind, change.section)}</TextLink>
                <SeverityTag severity={change.severity} />
                <ChangeStateTag state={change.state} />
              </h3>
              <ChangeRows kind={kind} section={change.section} rows={change.rows} />
            </section>
          ))}
        </li>
      ))}
    </ol>
  );
}
