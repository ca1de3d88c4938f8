import Link from 'next/link';
import { SignedInUser } from '@/components/auth/signed-in-user';
import { AnalystLinks } from '@/components/layout/analyst-links';
import { SiteMenu } from '@/components/layout/header-menus';
import { HeaderTypeahead } from '@/components/layout/header-typeahead';
import { NAV_LINK } from '@/components/layout/nav-link';
import { RegisterMarker } from '@/components/layout/register-marker';
import { NewChangesLink } from '@/components/watch/new-changes-link';
import { PRINCIPALS_PATH, WATCHLISTS_PATH } from '@/lib/routes/portal-paths';

/**
 * The site header: one line at 1280 px for every role (the administrator's pages are in the
 * account menu, with the person's own account and sign-out); below tablet width the navigation
 * and the account menu fold behind a Menu button, and the search box stays in view on its own line.
 * Search is the box (its button opens the search page), not a link beside it: with Principals the
 * links fill the line (measured: 452 of 511 px for an administrator at 1280 px). It lives beside
 * the root layout, not in components/layout, because it puts the layout's parts beside the
 * account's (components/auth) and the watch's (components/watch), which use the layout's parts.
 */
export function SiteHeader() {
  return (
    <header className="no-print border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2.5 sm:px-6 lg:px-8">
        <Link href="/" className="text-lg font-bold whitespace-nowrap text-brand-700 hover:text-brand-800">
          FSR Portal
        </Link>
        <RegisterMarker />
        <SiteMenu>
          <nav aria-label="Main" className="flex flex-col gap-x-3 gap-y-2 text-sm md:flex-1 md:flex-row md:flex-wrap md:items-center">
            <Link href="/markets" className={NAV_LINK}>
              Markets
            </Link>
            <Link href="/reports" className={NAV_LINK}>
              Reports
            </Link>
            <Link href={WATCHLISTS_PATH} className={NAV_LINK}>
              Watchlists
            </Link>
            <Link href={PRINCIPALS_PATH} className={NAV_LINK}>
              Principals
            </Link>
            <NewChangesLink />
            <AnalystLinks />
          </nav>
          <SignedInUser />
        </SiteMenu>
        <HeaderTypeahead />
      </div>
    </header>
  );
}
