import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { requireUser } from '@/lib/auth/session';
import { REQUEST_PATH_HEADER } from '@/lib/auth/route-access';
import type { AuditOutcome } from '@/lib/db/queries/audit';
import { recordAudit } from './record';

/**
 * Audit entries for what staff look at. An entity page awaits one of these at the top of its
 * component, before it returns anything, so the entry is written before the first byte of the
 * page streams out (the design's rule: written before the response it records). Once per request
 * whatever calls it (React's per-request cache), with the page address, so "which section" is in
 * the entry as well as "which firm".
 *
 *   export default async function Page({ params }) {
 *     const page = await loadFirmPage(await params);
 *     await auditView('firm', page.frn, page.kind === 'ready' ? 'success' : 'failure');
 *     return …;
 *   }
 */

export type ViewKind = 'firm' | 'individual' | 'fund';

async function requestPath(): Promise<string | undefined> {
  return (await headers()).get(REQUEST_PATH_HEADER)?.slice(0, 300) ?? undefined;
}

const recordView = cache(async (kind: ViewKind, reference: string, outcome: AuditOutcome, reason: string | undefined) => {
  const user = await requireUser();
  await recordAudit({
    action: `${kind}.view`,
    user,
    outcome,
    reference: reference.slice(0, 60),
    detail: { path: await requestPath(), ...(reason ? { reason } : {}) },
  });
});

/**
 * One page view of a firm, individual or fund. `outcome` 'failure' for an impossible or unknown
 * reference or a register failure, with `reason` (the result kind) saying which.
 */
export function auditView(kind: ViewKind, reference: string, outcome: AuditOutcome = 'success', reason?: string): Promise<void> {
  return recordView(kind, reference, outcome, reason);
}

const recordSearch = cache(async (q: string, type: string, page: number, outcome: AuditOutcome, results: number | null, reason: string | undefined) => {
  const user = await requireUser();
  await recordAudit({
    action: 'search',
    user,
    outcome,
    detail: { q: q.slice(0, 100), type: type.slice(0, 20), page, ...(results !== null ? { results } : {}), ...(reason ? { reason } : {}) },
  });
});

/** One search (a page of results, or a refused query), before the results stream out. */
export function auditSearch(input: { q: string; type: string; page?: number; outcome?: AuditOutcome; results?: number; reason?: string }): Promise<void> {
  return recordSearch(input.q, input.type, input.page ?? 1, input.outcome ?? 'success', input.results ?? null, input.reason);
}
