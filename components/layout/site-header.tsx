import Link from 'next/link';
import { SignedInUser } from '@/components/auth/signed-in-user';
import { AnalystLinks } from '@/components/layout/analyst-links';
import { HeaderTypeahead } from '@/components/layout/header-typeahead';
import { RegisterMarker } from '@/components/layout/register-marker';
import { NewChangesLink } from '@/components/watch/new-changes-link';
import { PRINCIPALS_PATH, WATCHLISTS_PATH } from '@/lib/routes/portal-paths';

export function SiteHeader() {
  return (
    <header className="no-print border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/" className="text-lg font-bold text-brand-700 hover:text-brand-800">
          FSR Portal
        </Link>
        <RegisterMarker />
        <nav aria-label="Main" className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <Link href="/search" className="text-slate-700 underline-offset-4 hover:underline">
            Search
          </Link>
          <Link href="/markets" className="text-slate-700 underline-offset-4 hover:underline">
            Regulated markets
          </Link>
          <Link href="/reports" className="text-slate-700 underline-offset-4 hover:underline">
            Saved reports
          </Link>
          <Link href={WATCHLISTS_PATH} className="text-slate-700 underline-offset-4 hover:underline">
            Watchlists
          </Link>
          <Link href={PRINCIPALS_PATH} className="text-slate-700 underline-offset-4 hover:underline">
            Principals
          </Link>
          <NewChangesLink />
          <AnalystLinks />
        </nav>
        <HeaderTypeahead />
        <SignedInUser />
      </div>
    </header>
  );
}
