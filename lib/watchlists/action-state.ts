import type { RowError } from './entry-input';

/** What a watchlist form shows after its server action: a message, and for imports the rows at fault. */
export interface WatchActionState {
  status: 'idle' | 'success' | 'error';
  message?: string;
  rowErrors?: RowError[];
  /** A cycle "Check now" started, for the progress widget. */
  cycleId?: string;
}

export const IDLE: WatchActionState = { status: 'idle' };
