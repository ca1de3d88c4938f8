import type { Metadata } from 'next';
import { AddPrincipalForm } from '@/components/principals/add-principal-form';
import { PrincipalsTable } from '@/components/principals/principals-table';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { principalStore } from '@/lib/principals/principal-store';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Principals' };

/**
 * /principals: the principal firms the organisation oversees, each with its own AR book reconciled
 * with the register's AR list every night (docs/principals.md). Analysts and admins add
 * principals; everyone reads.
 */
export default async function PrincipalsPage() {
  const user = await requireUser();
  const principals = await principalStore.listPrincipals();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Principals"
        description={
          <>
            Principal firms and their appointed representatives. Each principal&apos;s own AR book is compared with its AR list on the register every night and on demand; each
            difference is a finding to review, and the annual return&apos;s population comes from the stored readings.
          </>
        }
      />
      <PrincipalsTable principals={principals} />
      {hasRole(user.role, 'analyst') ? <AddPrincipalForm /> : <p className="text-sm text-slate-700">Analysts and administrators add principals and upload their books.</p>}
    </div>
  );
}
