import type { Metadata } from 'next';
import { requireRole } from '@/lib/auth/session';
import type { TokenScope } from '@/lib/db/schema';
import { DataTable } from '@/components/tables/data-table';
import { CreateTokenForm } from './create-token-form';
import { TokenRowActions } from './token-row-actions';
import { tokenStore } from '@/lib/tokens/token-store';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'API tokens' };

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const SCOPE_LABELS: Record<TokenScope, string> = { reconcile: 'Reconciliation', 'register-api': 'Register API', watch: 'Watch API', metrics: 'Metrics' };

/** Now, for "expired", and the start of the last 24 hours of use the table shows. */
function clockReadings(): { now: number; dayAgo: string } {
  const now = Date.now();
  return { now, dayAgo: new Date(now - 86_400_000).toISOString() };
}

export default async function AdminTokensPage() {
  await requireRole('admin');
  const { now, dayAgo } = clockReadings();
  const [tokens, usage] = await Promise.all([tokenStore.listTokens(), tokenStore.tokenUsageSince(dayAgo)]);
  return (
    <div className="space-y-6">
      <PageHeader
        title="API tokens"
        description={
          <>
            Programs reach the register through the portal with a token: the reconciliation service at <code>/reconcile</code> (OpenRefine) and the register&apos;s own API at{' '}
            <code>/register-api/services/V0.1</code>. Their requests queue behind people&apos;s pages and stop at the token&apos;s ceiling. The secret is shown once; rotating gives
            a new one and the old one stops working at once.
          </>
        }
      />
      <CreateTokenForm />
      <DataTable
        id="tokens-table"
        caption={`API tokens (${tokens.length})`}
        captionHidden
        filterable={false}
        emptyText="No tokens yet."
        rows={tokens}
        rowKey={(t) => t.id}
        rowProps={(t) => ({ 'data-testid': `token-row-${t.id}`, className: t.revokedAt || Date.parse(t.expiresAt) <= now ? 'bg-slate-50 text-slate-600' : undefined })}
        columns={[
          {
            header: 'Program',
            rowHeader: true,
            className: 'font-normal',
            cell: (t) => (
              <>
                <span className="block font-medium text-slate-900">{t.name}</span>
                <code className="block text-xs">{t.id}</code>
                <span className="block text-xs">issued by {t.createdBy}</span>
              </>
            ),
          },
          { header: 'May use', cell: (t) => t.scopes.map((s) => SCOPE_LABELS[s]).join(', ') },
          { header: 'Ceiling and priority', cell: (t) => `${t.ceiling.requests} per ${t.ceiling.seconds} s; ${t.priority === 'report' ? 'with reports' : 'background'}` },
          {
            header: 'Status',
            cell: (t) => {
              const expired = Date.parse(t.expiresAt) <= now;
              return (
                <>
                  {t.revokedAt ? 'Revoked' : expired ? 'Expired' : 'Active'}
                  <span className="block text-xs">
                    {t.revokedAt ? 'since' : expired ? 'since' : 'until'} <time dateTime={t.revokedAt ?? t.expiresAt}>{dateTime.format(new Date(t.revokedAt ?? t.expiresAt))}</time>
                  </span>
                </>
              );
            },
          },
          {
            header: 'Requests (24 h)',
            cell: (t) => {
              const used = usage.get(t.id);
              return (
                <>
                  {used ? `${used.requests}${used.refused > 0 ? ` (${used.refused} refused)` : ''}` : '0'}
                  {used && used.wrongSecrets > 0 ? <span className="block text-xs font-semibold text-red-900">{used.wrongSecrets} with the wrong secret</span> : null}
                </>
              );
            },
          },
          { header: 'Last used', cell: (t) => (t.lastUsedAt ? <time dateTime={t.lastUsedAt}>{dateTime.format(new Date(t.lastUsedAt))}</time> : 'Never') },
          { header: 'Actions', cell: (t) => <TokenRowActions token={{ id: t.id, name: t.name, revoked: t.revokedAt !== null }} /> },
        ]}
      />
    </div>
  );
}
