import { bindStore } from '@/lib/db/bind-store';
import { getReportDraft } from '@/lib/db/queries/report-drafts';
import { getSnapshot, listSnapshots } from '@/lib/db/queries/snapshots';
import { snapshotFromDraft } from './snapshot-from-draft';

/** Evidence snapshots and report drafts (lib/db owns their SQL) as /reports and "Save as evidence" read and write them, bound to the process's database. */
export const snapshotStore = bindStore({ getSnapshot, listSnapshots, getReportDraft, snapshotFromDraft });
export type { Snapshot, SnapshotSummary } from '@/lib/db/queries/snapshots';
