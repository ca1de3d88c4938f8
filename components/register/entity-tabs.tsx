import Link from 'next/link';
import type { PortalPath } from '@/lib/routes/portal-paths';

export type EntityTab = { href: PortalPath; label: string; current: boolean };

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
