import { searchFormPath } from '@/lib/routes/portal-paths';
import { RegisterFailureMessage } from '@/components/register/register-failure';
import type { RegisterFailure } from '@/lib/register/result';

/** When the individual's own record cannot be fetched, the page says so in place of everything else. */
export function IndividualUnavailable({ irn, failure }: { irn: string; failure: RegisterFailure }) {
  return (
    <div className="space-y-4">
      <header>
        <p className="text-sm font-medium text-slate-600">Individual</p>
        <h1 className="text-2xl font-bold tracking-tight">IRN {irn}</h1>
      </header>
      <RegisterFailureMessage failure={failure} what={`the individual with IRN ${irn}`} searchHref={searchFormPath('individual')} />
    </div>
  );
}
