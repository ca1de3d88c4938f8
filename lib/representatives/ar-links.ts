import { bindStore } from '@/lib/db/bind-store';
import { isoNow } from '@/lib/db/clock';
import type { Db } from '@/lib/db/schema';

/**
 * The one store of principal↔AR links (`principal_ar_links`): every link the portal reads, from a
 * principal check, a watch check of an AR list, or an AR list page someone opened, with when it
 * was first and last seen, the principal's name and the bucket (current or previous). Recording
 * never costs a register call: each caller passes rows it has already read. An AR's firm page says
 * which principals it is known under from here, and a principal's AR standing pass flags an AR
 * seen on another principal's list (`other-principal`).
 *
 * It imports nothing of the portal's features, so the watch and the pages may record links
 * without depending on the rest of lib/principals.
 */

export type LinkSource = 'principal-check' | 'watch' | 'page';

export interface ArLinkInput {
  arFrn: string;
  name: string | null;
  bucket: 'current' | 'previous' | null;
}

/** Rows of a register AR list (lib/register's AppointedRepresentative), as links in their bucket. */
export function linksFromArList(list: { current: ReadonlyArray<{ frn?: string; name?: string }>; previous: ReadonlyArray<{ frn?: string; name?: string }> }): ArLinkInput[] {
  const out: ArLinkInput[] = [];
  // Previous first, so an AR listed in both buckets (an ended spell and a current one) is kept as current.
  for (const r of list.previous) if (r.frn) out.push({ arFrn: r.frn, name: r.name ?? null, bucket: 'previous' });
  for (const r of list.current) if (r.frn) out.push({ arFrn: r.frn, name: r.name ?? null, bucket: 'current' });
  return out;
}

/** Keeps every principal↔AR link read: first and last seen, the principal's name, the bucket and where from. */
export async function recordLinks(
  db: Db,
  principal: { frn: string; name: string | null },
  links: ReadonlyArray<ArLinkInput>,
  source: LinkSource,
  at: string = isoNow(),
): Promise<void> {
  const unique = new Map<string, ArLinkInput>();
  for (const l of links) {
    const before = unique.get(l.arFrn);
    unique.set(l.arFrn, { arFrn: l.arFrn, name: l.name ?? before?.name ?? null, bucket: before?.bucket === 'current' ? 'current' : (l.bucket ?? before?.bucket ?? null) });
  }
  const values = [...unique.values()].map((l) => ({
    principal_frn: principal.frn,
    principal_name: principal.name,
    ar_frn: l.arFrn,
    ar_name: l.name,
    bucket: l.bucket,
    source,
    first_seen_at: at,
    last_seen_at: at,
  }));
  for (let i = 0; i < values.length; i += 200) {
    await db
      .insertInto('principal_ar_links')
      .values(values.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['principal_frn', 'ar_frn']).doUpdateSet((eb) => ({
          last_seen_at: eb.ref('excluded.last_seen_at'),
          ar_name: eb.fn.coalesce(eb.ref('excluded.ar_name'), eb.ref('principal_ar_links.ar_name')),
          principal_name: eb.fn.coalesce(eb.ref('excluded.principal_name'), eb.ref('principal_ar_links.principal_name')),
          bucket: eb.fn.coalesce(eb.ref('excluded.bucket'), eb.ref('principal_ar_links.bucket')),
          source: eb.ref('excluded.source'),
        })),
      )
      .execute();
  }
}

export interface KnownPrincipal {
  principalFrn: string;
  principalName: string | null;
  bucket: 'current' | 'previous' | null;
  source: string;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** The principals an AR is known under (every link read), by principal FRN. */
export async function principalsOf(db: Db, arFrn: string): Promise<KnownPrincipal[]> {
  const rows = await db
    .selectFrom('principal_ar_links')
    .select(['principal_frn', 'principal_name', 'bucket', 'source', 'first_seen_at', 'last_seen_at'])
    .where('ar_frn', '=', arFrn)
    .orderBy('principal_frn')
    .execute();
  return rows.map((r) => ({
    principalFrn: r.principal_frn,
    principalName: r.principal_name,
    bucket: r.bucket,
    source: r.source,
    firstSeenAt: r.first_seen_at,
    lastSeenAt: r.last_seen_at,
  }));
}

/** For each of `arFrns`, the other principals it is known under than `principalFrn` (one query). */
export async function otherPrincipalsOf(db: Db, principalFrn: string, arFrns: readonly string[]): Promise<Map<string, KnownPrincipal[]>> {
  const out = new Map<string, KnownPrincipal[]>();
  for (let i = 0; i < arFrns.length; i += 500) {
    const rows = await db
      .selectFrom('principal_ar_links')
      .select(['ar_frn', 'principal_frn', 'principal_name', 'bucket', 'source', 'first_seen_at', 'last_seen_at'])
      .where('ar_frn', 'in', arFrns.slice(i, i + 500))
      .where('principal_frn', '<>', principalFrn)
      .orderBy('principal_frn')
      .execute();
    for (const r of rows) {
      const list = out.get(r.ar_frn) ?? [];
      list.push({
        principalFrn: r.principal_frn,
        principalName: r.principal_name,
        bucket: r.bucket,
        source: r.source,
        firstSeenAt: r.first_seen_at,
        lastSeenAt: r.last_seen_at,
      });
      out.set(r.ar_frn, list);
    }
  }
  return out;
}

/** The links as pages read them (an AR's firm page, a principal's workspace), bound to the process's database. */
export const arLinksStore = bindStore({ principalsOf, otherPrincipalsOf });
