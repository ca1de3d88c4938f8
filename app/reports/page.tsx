import type { Metadata } from 'next';
import { SnapshotsTable } from '@/components/report/snapshots-table';
import { requireUser } from '@/lib/auth/session';
import { checkFrn } from '@/lib/register/validate';
import { snapshotStore } from '@/lib/report/snapshot-store';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Saved reports' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const LIMIT = 200;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

/**
 * /reports?firm=&user=: saved evidence snapshots, newest first. Yours by default; "all" or a
 * colleague's e-mail for everyone's (evidence belongs to the organisation, so every signed-in user
 * may read it); a firm's FRN narrows to that firm.
 */
export default async function ReportsPage({ searchParams }: Props) {
  const me = await requireUser();
  const params = await searchParams;
  const firmInput = first(params.firm);
  const userInput = first(params.user) || 'mine';
  const frn = firmInput ? checkFrn(firmInput) : undefined;
  const email = userInput === 'mine' ? me.email : userInput === 'all' ? undefined : userInput.slice(0, 200);
  const problems = [frn && !frn.ok ? frn.message : undefined, email && !/^[^\s@]+@[^\s@]+$/.test(email) ? `"${email.slice(0, 60)}" is not an e-mail address.` : undefined].filter(
    Boolean,
  );
  const snapshots = problems.length ? [] : await snapshotStore.listSnapshots({ frn: frn?.ok ? frn.value : undefined, createdByEmail: email, limit: LIMIT });
  const whose = userInput === 'mine' ? 'Your saved reports' : email ? `Reports saved by ${email}` : 'Everyone’s saved reports';
  const caption = `${whose}${frn?.ok ? ` for FRN ${frn.value}` : ''}`;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Saved reports"
        description={
          <>
            Evidence snapshots: firm reports saved exactly as they were shown, with a SHA-256 fingerprint. They cannot be changed or deleted. Open a firm&apos;s report and choose
            “Save as evidence” to add one.
          </>
        }
      />
      <form
        method="get"
        action="/reports"
        className="no-print flex flex-wrap items-end gap-4 rounded border border-slate-200 bg-white p-3 text-sm"
        aria-label="Filter saved reports"
      >
        <Field id="reports-firm" label="Firm (FRN)">
          <Input name="firm" defaultValue={firmInput} inputMode="numeric" maxLength={20} className="w-36" />
        </Field>
        <Field id="reports-user" label="Saved by" hint="“mine”, “all”, or a colleague's e-mail">
          <Input name="user" defaultValue={userInput} list="reports-user-choices" maxLength={200} className="w-64" />
        </Field>
        <datalist id="reports-user-choices">
          <option value="mine" />
          <option value="all" />
        </datalist>
        <Button type="submit" variant="primary">
          Show
        </Button>
        <TextLink href="/reports?user=all" className="py-2">
          Everyone&apos;s
        </TextLink>
      </form>
      {problems.length ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problems.join(' ')}
        </p>
      ) : (
        <SnapshotsTable snapshots={snapshots} caption={caption} />
      )}
      {snapshots.length === LIMIT ? <p className="text-sm text-slate-700">Showing the newest {LIMIT}; filter by firm to see older ones.</p> : null}
    </div>
  );
}
