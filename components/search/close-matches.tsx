import { StandingBadge } from '@/components/standing/standing-badge';
import { findMatch, REVIEW_FLOOR, type RegisterPort } from '@/lib/matching/find-match';
import { readSearch } from '@/lib/page-data/cached-reads';
import type { SearchType } from '@/lib/register/model';
import { entityPath } from '@/lib/routes/portal-paths';
import { listingStanding, unauthorisedRule } from '@/lib/standing/listing-standing';
import { combine } from '@/lib/standing/standing';
import { TextLink } from '@/components/ui/text-link';

/**
 * When the register's search finds nothing for a typed name, the portal's matcher tries what a
 * person would (the name without one of its words: a slip, or a word the register's name does not
 * have; lib/matching/register-queries.ts) and shows what comes close, scored, with the queries it
 * tried. Same matcher as bulk checks and reconciliation; the same few register calls.
 */
export async function CloseMatches({ typed, type }: { typed: string; type: SearchType }) {
  const port: RegisterPort = {
    async search(query, entity) {
      const r = await readSearch(query, entity as SearchType);
      return r.kind === 'ok' ? r.data : [];
    },
  };
  const report = await findMatch({ name: typed, entity: type }, port);
  const candidates = report.candidates.filter((c) => c.score >= REVIEW_FLOOR).slice(0, 5);
  const listings = report.listings.filter((l) => l.score >= REVIEW_FLOOR).slice(0, 3);
  const tried = report.queries.slice(1);
  if (candidates.length === 0 && listings.length === 0) {
    return tried.length > 0 ? (
      <p className="text-sm text-slate-700" data-testid="close-matches-none">
        The portal also searched for {tried.map((q) => `“${q}”`).join(', ')}: nothing comes close.
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="close-matches-heading" className="space-y-2 rounded border border-slate-300 bg-white p-4 text-sm" data-testid="close-matches">
      <h2 id="close-matches-heading" className="text-base font-semibold">
        Close matches
      </h2>
      <p>
        The register’s search needs every word to start a word of the name, so the portal also searched for {tried.map((q) => `“${q}”`).join(', ')}. These come close to “{typed}”:
      </p>
      <ul className="space-y-2">
        {listings.map((l) => {
          const standing = combine([unauthorisedRule({ listedName: l.listedName, name: l.name, status: l.status, type: l.type })], 'Unauthorised', []);
          return (
            <li key={l.listedName} className="space-y-0.5">
              <span className="font-medium">{l.listedName}</span> <StandingBadge standing={standing} />
              <span className="block text-xs text-slate-700">
                score {l.score}
                {l.reasons.length > 0 ? ` · ${l.reasons.join(', ')}` : ''} · {standing.reasons[0].text}
              </span>
            </li>
          );
        })}
        {candidates.map((c) => (
          <li key={`${c.kind}:${c.ref}`} className="space-y-0.5">
            <TextLink href={entityPath(c.kind, c.ref)} weight="medium">
              {c.name}
            </TextLink>{' '}
            <span className="font-mono text-xs">{c.ref}</span>{' '}
            <StandingBadge standing={listingStanding({ entity: c.kind, status: c.status, referenceNumber: c.ref, linkable: true, unauthorised: false, extra: {} })} />
            <span className="block text-xs text-slate-700">
              score {c.score}
              {c.reasons.length > 0 ? ` · ${c.reasons.join(', ')}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
