import type { Metadata } from 'next';
import { requireUser } from '@/lib/auth/session';
import { registerSource } from '@/lib/register/config';

export const metadata: Metadata = { title: 'Search the register' };

export default async function HomePage() {
  await requireUser();
  const source = registerSource();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight">Search the Financial Services Register</h1>
      <p className="mt-2 text-slate-700">
        Find a firm, individual or fund by name, or go straight to one by its FRN, IRN or PRN.
        {source === 'sandbox' ? (
          <> You are connected to the <strong>sandbox register</strong>: generated, fictional data for trying the portal out.</>
        ) : (
          <> You are connected to the <strong>live FCA register</strong>.</>
        )}
      </p>
      <form action="/search" method="get" role="search" className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <div>
          <label htmlFor="home-q" className="block text-sm font-medium">
            Name or reference number
          </label>
          <input
            id="home-q"
            name="q"
            type="search"
            required
            maxLength={200}
            autoComplete="off"
            placeholder="e.g. Barclays, 122702, MXC29012"
            className="mt-1 block w-full rounded border border-slate-400 px-3 py-2 text-base"
          />
        </div>
        <fieldset>
          <legend className="text-sm font-medium">Look for</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {[
              ['firm', 'Firms'],
              ['individual', 'Individuals'],
              ['fund', 'Funds'],
            ].map(([value, label]) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input type="radio" name="type" value={value} defaultChecked={value === 'firm'} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="rounded bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Search
        </button>
      </form>
    </div>
  );
}
