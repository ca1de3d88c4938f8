import type { Metadata } from 'next';
import { SearchForm } from '@/components/search/search-form';
import { requireUser } from '@/lib/auth/session';
import { registerSource } from '@/lib/register/config';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Search the register' };

const FORMATS: Array<[string, string, string]> = [
  ['FRN', 'Firm reference number', 'up to 7 digits, e.g. 122702'],
  ['IRN', 'Individual reference number', '3 letters and 5 digits, e.g. MXC29012'],
  ['PRN', 'Product reference number (funds)', 'up to 7 digits, e.g. 185045; choose “Funds”'],
];

export default async function HomePage() {
  await requireUser();
  const source = registerSource();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Search the Financial Services Register"
        description={
          <>
            Find a firm, individual or fund by name, or go straight to one by its FRN, IRN or PRN.
            {source === 'sandbox' ? (
              <>
                {' '}
                You are connected to the <strong>sandbox register</strong>: generated, fictional data for trying the portal out.
              </>
            ) : (
              <>
                {' '}
                You are connected to the <strong>live FCA register</strong>.
              </>
            )}
          </>
        }
      />
      <SearchForm idPrefix="home" autoFocus />
      <section aria-labelledby="formats-heading" className="space-y-2">
        <h2 id="formats-heading" className="text-lg font-semibold">
          Reference numbers
        </h2>
        <p className="text-sm text-slate-700">
          Enter a number on its own (or with its label, e.g. “PRN 185045”) to open the record directly. FRNs and PRNs are both digits: with “Funds” chosen a number is looked up as
          a PRN first, otherwise as an FRN first, and the other is tried when it does not exist. A register API address (…/services/V0.1/Firm/122702/AR) opens the matching page
          too.
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_max-content_1fr]">
          {FORMATS.map(([abbr, name, shape]) => (
            <div key={abbr} className="contents">
              <dt className="font-mono font-semibold">{abbr}</dt>
              <dd className="text-slate-700">{name}</dd>
              <dd className="text-slate-600">{shape}</dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm">
        Also on the register: <TextLink href="/markets">the regulated markets</TextLink>.
      </p>
    </div>
  );
}
