import { formatDate } from '@/lib/format/date';
import { arLinksStore } from '@/lib/representatives/ar-links';
import { firmPath } from '@/lib/routes/portal-paths';
import { TextLink } from '@/components/ui/text-link';

/**
 * "Known under principals: …" on a firm's page: every principal whose AR list the portal has read
 * with this firm on it (principal checks, watch checks, AR list pages people opened), each linked,
 * with the bucket and the day it was last seen. From the portal's own store, no register call;
 * nothing when the portal has seen the firm on no principal's list.
 */
export async function KnownUnderPrincipals({ frn }: { frn: string }) {
  const principals = await arLinksStore.principalsOf(frn);
  if (principals.length === 0) return null;
  return (
    <p className="text-sm text-slate-800" data-testid="known-under-principals">
      <span className="font-medium">Known under principals: </span>
      {principals.map((p, i) => (
        <span key={p.principalFrn}>
          {i > 0 ? '; ' : ''}
          <TextLink href={firmPath(p.principalFrn)}>
            {p.principalName ?? `FRN ${p.principalFrn}`} ({p.principalFrn})
          </TextLink>
          {p.bucket === 'previous' ? ', a previous appointment' : ''}, seen on {formatDate(p.lastSeenAt.slice(0, 10))}
        </span>
      ))}
      .
    </p>
  );
}
