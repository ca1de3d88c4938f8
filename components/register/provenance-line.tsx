import type { Provenance } from '@/lib/register/result';
import { formatAge, formatDateTime } from '@/lib/format/date';

/**
 * Where the data on screen came from and how old it is: the register (live or sandbox), when it
 * was retrieved, and whether it came from the portal's cache. Shown on every register page and
 * printed with reports, because a check is only as good as the time it was made.
 */
export function ProvenanceLine({ provenance, children }: { provenance: Provenance; children?: React.ReactNode }) {
  const register = provenance.upstream === 'live' ? 'FCA Financial Services Register' : 'Sandbox register';
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600" data-testid="provenance">
      <span>
        Source: <strong className="font-semibold text-slate-800">{register}</strong>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        Retrieved <time dateTime={provenance.retrievedAt}>{formatDateTime(provenance.retrievedAt)}</time>
      </span>
      <span aria-hidden="true">·</span>
      <span>
        {provenance.source === 'cache' ? `from the portal's cache (${formatAge(provenance.ageSeconds)})` : 'live'}
        {provenance.stale ? <strong className="ml-1 font-semibold text-amber-800">— may be out of date</strong> : null}
      </span>
      {children}
    </p>
  );
}
