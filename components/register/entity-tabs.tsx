import Link from 'next/link';
import type { PortalPath } from '@/lib/routes/portal-paths';

export type EntityTab = { href: PortalPath; label: string; current: boolean };

/**
 * A record's tabs: its overview, one per section of its registry (lib/sections/), then History
 * (what the watch checks saw change, not a register section). `path` is the record's portal path
 * builder; `current` the tab to mark.
 */
export function recordTabs<S extends string>(
  path: (section?: S | 'history') => PortalPath,
  sections: readonly { slug: S; title: string }[],
  current: 'overview' | S | 'history',
): EntityTab[] {
  return [
    { href: path(), label: 'Overview', current: current === 'overview' },
    ...sections.map((s) => ({ href: path(s.slug), label: s.title, current: current === s.slug })),
    { href: path('history'), label: 'History', current: current === 'history' },
  ];
}

/** The record's pages (overview and each sub-resource) as a navigation bar; the current one is marked for screen readers too. */
export function EntityTabs({ label, tabs }: { label: string; tabs: EntityTab[] }) {
  return (
    <nav aria-label={label} className="no-print border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-x-1 text-sm">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={
                tab.current
                  ? 'inline-block border-b-2 border-brand-700 px-3 py-2 font-semibold text-brand-800'
                  : 'inline-block border-b-2 border-transparent px-3 py-2 text-slate-700 hover:border-slate-400 hover:text-slate-900'
              }
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
