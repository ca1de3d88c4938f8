import { RegisterFailureMessage } from '@/components/register/register-failure';
import type { UnavailablePage } from '@/lib/page-data/entity-page';
import { searchFormPath } from '@/lib/routes/portal-paths';
import { PageHeader } from '@/components/ui/page-header';

const WHAT = {
  firm: { eyebrow: 'Firm', label: 'FRN', whom: 'the firm' },
  individual: { eyebrow: 'Individual', label: 'IRN', whom: 'the individual' },
  fund: { eyebrow: 'Fund (collective investment scheme)', label: 'PRN', whom: 'the fund' },
} as const;

/** When an entity's own record cannot be fetched, its page says so in place of everything else. */
export function RecordUnavailable({ page }: { page: UnavailablePage }) {
  const what = WHAT[page.entity];
  return (
    <div className="space-y-4">
      <PageHeader caption={what.eyebrow} title={`${what.label} ${page.ref}`} />
      <RegisterFailureMessage failure={page.failure} what={`${what.whom} with ${what.label} ${page.ref}`} searchHref={searchFormPath(page.entity)} />
    </div>
  );
}
