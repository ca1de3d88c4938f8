import { requireUser } from '@/lib/auth/session';
import { hasRole } from '@/lib/auth/roles';
import { watchStore } from '@/lib/watch/watch-store';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import type { EntityKind } from '@/lib/db/schema';
import { CheckNow } from './check-now';
import { HistoryTimeline } from './history-timeline';
import { WatchControl } from './watch-control';

/**
 * The body of every History tab (firm, individual, fund): the lists watching the record, "Check
 * now" for it alone, and the timeline of its checks and changes. From the portal's database only:
 * no register call.
 */
export async function EntityHistory({ kind, refNumber, name }: { kind: EntityKind; refNumber: string; name: string | null }) {
  const user = await requireUser();
  const [history, running] = await Promise.all([watchStore.entityHistory(kind, refNumber), watchlistsStore.runningCycleForEntity({ kind, ref: refNumber })]);
  return (
    <div className="space-y-6">
      <WatchControl kind={kind} refNumber={refNumber} name={name} />
      <CheckNow entity={{ kind, ref: refNumber }} runningCycleId={running} canManage={hasRole(user.role, 'analyst')} />
      <HistoryTimeline kind={kind} history={history} />
    </div>
  );
}
