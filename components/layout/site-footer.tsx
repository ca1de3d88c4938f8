import { registerSource } from '@/lib/register/config';

export function SiteFooter() {
  const source = registerSource();
  return (
    <footer className="no-print border-t border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-600 sm:px-6 lg:px-8">
        {source === 'live'
          ? 'Source: FCA Financial Services Register. Register data is refreshed nightly; check the retrieval time shown on each page.'
          : 'Source: the offline register sandbox (generated, fictional data). Not the FCA Financial Services Register.'}
      </div>
    </footer>
  );
}
