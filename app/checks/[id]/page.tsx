import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CheckStatusTag } from '@/components/watch/watch-tags';
import { requireUser } from '@/lib/auth/session';
import { watchStore } from '@/lib/watch/watch-store';
import { formatDateTime } from '@/lib/format/date';
import { changesPath, entityHistoryPath, entityPath, watchCheckPath } from '@/lib/routes/portal-paths';
import { KIND_LABELS } from '@/lib/watchlists/sections-choice';
import { isEngineId } from '@/lib/watchlists/ids';
import { TextLink } from '@/components/ui/text-link';

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  return isEngineId(id) ? watchStore.getCheck(id) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const check = await load((await params).id);
  return { title: check ? `Check of ${check.name ?? check.ref}` : 'Check not found' };
}

/**
 * /checks/[id]: one watch check as stored: the canonical JSON of every section it read, its
 * SHA-256 (verified again now), and what it was compared with. The evidence behind a change.
 */
export default async function CheckPage({ params }: Props) {
  await requireUser();
  const check = await load((await params).id);
  if (!check) notFound();
  const label = KIND_LABELS[check.kind];
  const status = check.sectionsNotChecked > 0 ? 'incomplete' : check.baseline ? 'baseline' : check.changeCount > 0 ? 'changed' : 'unchanged';
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight break-words">
          Check of {check.name ?? `${label.number} ${check.ref}`}, <time dateTime={check.checkedAt}>{formatDateTime(check.checkedAt)}</time>
        </h1>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600">Record</dt>
          <dd>
            <TextLink href={entityPath(check.kind, check.ref)}>
              {label.number} {check.ref}
            </TextLink>{' '}
            · <TextLink href={entityHistoryPath(check.kind, check.ref)}>History</TextLink>
          </dd>
          <dt className="font-medium text-slate-600">Outcome</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <CheckStatusTag status={status} changeCount={check.changeCount} />
            {check.changeCount > 0 ? <TextLink href={changesPath({ kind: check.kind, ref: check.ref })}>The record&apos;s changes</TextLink> : null}
          </dd>
          <dt className="font-medium text-slate-600">Sections</dt>
          <dd>
            {check.sectionsOk} read
            {check.sectionsNotChecked > 0 ? `, ${check.sectionsNotChecked} not checked (the register did not answer them; they count neither as unchanged nor as changed)` : ''}
          </dd>
          <dt className="font-medium text-slate-600">Register requests</dt>
          <dd>{check.requestCount.toLocaleString('en-GB')}</dd>
          <dt className="font-medium text-slate-600">SHA-256</dt>
          <dd className="space-x-2">
            <span className="font-mono break-all" data-testid="check-sha256">
              {check.sha256}
            </span>
            <span className={check.intact ? 'text-emerald-900' : 'font-semibold text-red-900'}>
              {check.intact ? '✓ The stored JSON still has this hash.' : '✕ The stored JSON no longer has this hash: it has been altered.'}
            </span>
          </dd>
          <dt className="font-medium text-slate-600">Previous check</dt>
          <dd>
            {check.previousCheckId ? (
              <TextLink href={watchCheckPath(check.previousCheckId)}>The check it was compared with</TextLink>
            ) : (
              'None: this was the first check (a silent baseline).'
            )}
          </dd>
        </dl>
      </div>
      <section aria-labelledby="canonical-heading" className="space-y-2">
        <h2 id="canonical-heading" className="text-lg font-semibold">
          What the register said (canonical JSON)
        </h2>
        <p className="text-sm text-slate-700">Exactly the bytes hashed: SHA-256 of this text (UTF-8) is the hash above.</p>
        {/* Folded rather than in a scroll box: opened, every character is on the page (and in a printout). */}
        <details className="rounded border border-slate-200 bg-white">
          <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-brand-700 underline underline-offset-2">
            Show the JSON ({check.canonical.length.toLocaleString('en-GB')} characters)
          </summary>
          <pre className="border-t border-slate-200 p-3 text-xs break-all whitespace-pre-wrap">{check.canonical}</pre>
        </details>
      </section>
    </div>
  );
}
