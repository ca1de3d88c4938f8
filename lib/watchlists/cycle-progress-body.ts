/** The JSON of GET /api/watch/cycles/[id]: a cycle's progress as the list page's widget shows it. */
export interface CycleProgressBody {
  cycleId: string;
  total: number;
  done: number;
  failed: number;
  requestsSpent: number;
  estimatedRequests: number;
  /** Seconds left at the background share of the register budget (0 when finished). */
  etaSeconds: number;
  finished: boolean;
}
