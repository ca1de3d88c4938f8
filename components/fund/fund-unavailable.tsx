import { searchFormPath } from '@/lib/routes/portal-paths';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import type { RegisterFailure } from '@/lib/register/result';

/** When the fund's own record cannot be fetched, the page says so in place of everything else. */
export function FundUnavailable({ prn, failure }: { prn: string; failure: RegisterFailure }) {
  return (
    <div className="space-y-4">
      <header>
        <p className="text-sm font-medium text-slate-600">Fund (collective investment scheme)</p>
        <h1 className="text-2xl font-bold tracking-tight">PRN {prn}</h1>
      </header>
      <RegisterFailureMessage failure={failure} what={`the fund with PRN ${prn}`} searchHref={searchFormPath('fund')} />
    </div>
  );
}
