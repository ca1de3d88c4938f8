import type { ChangeSeverity, EntityKind } from '@/lib/db/schema';
import type * as M from '@/lib/register/model';
import { firmStanding } from '@/lib/standing/firm-standing';
import { fundStanding } from '@/lib/standing/fund-standing';
import { individualStanding } from '@/lib/standing/individual-standing';
import { readFailed, readOk, reasonsText, sameStanding, standingText, type Read, type Standing } from '@/lib/standing/standing';
import type { RowDiff } from './section-diff';
import type { SectionRead } from './watch-sections';

/**
 * The standing (lib/standing) of what one watch check read: the record, and the lists the
 * standing needs when the list watches them (a firm's requirements and disciplinary history, a
 * person's disciplinary history and controlled functions). A list that does not watch one of them,
 * or a section the check could not read, leaves that source unread, which the standing says.
 * Null when the record itself was not read, or the register no longer holds the entity.
 */
export function checkStanding(kind: EntityKind, sections: Record<string, SectionRead>): Standing | null {
  const record = sections.record;
  if (!record || record.status !== 'ok' || record.rows.length === 0) return null;
  const row = record.rows[0];
  const list = <T>(slug: string): Read<T[]> => {
    const read = sections[slug];
    if (!read) return readFailed('the list does not watch it');
    return read.status === 'ok' ? readOk(read.rows as unknown as T[]) : readFailed(read.reason);
  };
  const history = (): Read<{ actions: M.DisciplinaryAction[] }> => {
    const r = list<M.DisciplinaryAction>('disciplinary-history');
    return r.ok ? readOk({ actions: r.rows }) : r;
  };
  if (kind === 'firm') {
    const firm = { exceptionalInfo: [], links: {}, extra: {}, ...row } as unknown as M.Firm;
    return firmStanding({ record: firm, requirements: list<M.Requirement>('requirements'), disciplinary: history() });
  }
  if (kind === 'individual') {
    const cf = list<M.IndividualControlledFunction & { list?: string }>('controlled-functions');
    const functions: Read<M.IndividualControlledFunctions> = cf.ok
      ? readOk({ current: cf.rows.filter((r) => r.list !== 'Previous'), previous: cf.rows.filter((r) => r.list === 'Previous'), extra: {} })
      : cf;
    return individualStanding({ record: { workplaces: [], links: {}, extra: {}, ...row } as unknown as M.Individual, disciplinary: history(), functions });
  }
  return fundStanding({ links: {}, extra: {}, ...row } as unknown as M.Fund);
}

/**
 * A change of standing between two checks, for the inbox: high when either side is stop (a firm
 * that now may not be relied on, or one that may again), medium otherwise. Undefined when the
 * standing says the same (level and every reason), or the earlier check kept none.
 */
export function standingChange(before: Standing | null, after: Standing | null): { severity: ChangeSeverity; summary: string; row: RowDiff } | undefined {
  if (!before || !after || sameStanding(before, after)) return undefined;
  const severity: ChangeSeverity = before.level === 'stop' || after.level === 'stop' ? 'high' : 'medium';
  const side = (s: Standing) => ({ standing: standingText(s), reasons: reasonsText(s) || 'none' });
  return {
    severity,
    summary: `Standing: ${standingText(before)} → ${standingText(after)}`,
    row: {
      change: 'changed',
      key: 'standing',
      label: 'Standing',
      severity,
      before: side(before),
      after: side(after),
      fields: [
        ...(standingText(before) !== standingText(after) ? [{ path: 'standing', before: standingText(before), after: standingText(after) }] : []),
        ...(reasonsText(before) !== reasonsText(after) ? [{ path: 'reasons', before: reasonsText(before), after: reasonsText(after) }] : []),
      ],
    },
  };
}
