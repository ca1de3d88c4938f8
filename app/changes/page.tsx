import type { Metadata } from 'next';
import { BulkChangeForm } from '@/components/watch/bulk-change-form';
import { ChangesTable, type InboxChange } from '@/components/watch/changes-table';
import { InboxStatus } from '@/components/watch/inbox-status';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { TextLink } from '@/components/ui/text-link';
import { STATE_TEXT } from '@/components/watch/watch-tags';
import { Pager } from '@/components/ui/pager';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { watchStore, CHANGE_SEVERITIES, CHANGE_STATES } from '@/lib/watch/watch-store';
import { watchlistsStore } from '@/lib/watchlists/watchlists-store';
import { checkPage } from '@/lib/register/validate';
import { CHANGES_PATH } from '@/lib/routes/portal-paths';
import { changeText } from '@/lib/watch/change-words';
import { parseChangeFilters } from '@/lib/watchlists/change-filters';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Changes' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 50;

/** One of the inbox's choice filters: "Any", then each value with its words. */
function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: [value: string, text: string][] }) {
  return (
    <Field id={`f-${name}`} label={label}>
      <Select name={name} defaultValue={value}>
        <option value="">Any</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * /changes?state=&severity=&list=&kind=&ref=&q=&page=: what the watch checks found changed, across
 * every list, newest first, each change in sentences. Analysts and admins review a change (state,
 * assignee, note) or acknowledge several at once with one note (each audited); viewers read.
 */
export default async function ChangesPage({ searchParams }: Props) {
  const user = await requireUser();
  const params = await searchParams;
  const lists = await watchlistsStore.watchlistNames();
  const filters = parseChangeFilters(params);
  const page = checkPage(typeof params.page === 'string' ? params.page : undefined);
  const problems = [...filters.problems, ...(page.ok ? [] : [page.message])];
  const pageNumber = page.ok ? page.value : 1;
  const result = problems.length ? { rows: [], total: 0 } : await watchStore.listChanges({ ...filters.filters, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE });
  // Each change in words, from its rows (a change stored before the words improved reads the new way).
  const rowsById = await watchStore.changeRowsById(result.rows.map((c) => c.id));
  const changes: InboxChange[] = result.rows.map((c) => {
    const text = changeText(c.kind, c.section, rowsById.get(c.id) ?? [], c.summary);
    return { ...c, summary: text.summary, sentences: text.sentences };
  });
  const canManage = hasRole(user.role, 'analyst');
  const pages = Math.max(1, Math.ceil(result.total / PAGE_SIZE));
  const v = filters.values;
  const listName = lists.find((l) => l.id === v.list)?.name;
  const active = [
    v.state ? `state ${STATE_TEXT[v.state as keyof typeof STATE_TEXT].toLowerCase()}` : '',
    v.severity ? `${v.severity} severity` : '',
    listName ? `list “${listName}”` : '',
    v.kind ? `${v.kind}s` : '',
    v.ref ? `reference ${v.ref}` : '',
    v.q ? `text “${v.q}”` : '',
  ].filter(Boolean);
  const caption = [
    v.state ? `${STATE_TEXT[v.state as keyof typeof STATE_TEXT]} changes` : 'Changes',
    v.severity ? `of ${v.severity} severity` : '',
    listName ? `on “${listName}”` : '',
    v.ref ? `to ${v.ref}` : '',
    v.q ? `matching “${v.q}”` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-3">
      <PageHeader
        title="Changes"
        description="What the register changed on watched records since their previous check. New changes wait for review: acknowledge, escalate or mark expected."
      />
      {/* Folded (the filters in force said on its line), so the inbox's rows start high on the first screen. */}
      <details className="no-print rounded border border-slate-200 bg-white text-sm" open={problems.length > 0}>
        <summary className="cursor-pointer px-3 py-1.5 font-medium text-brand-700">
          Filter changes
          {active.length > 0 ? <span className="font-normal text-slate-700"> (showing {active.join(', ')})</span> : null}
        </summary>
        <form method="get" action={CHANGES_PATH} aria-label="Filter changes" className="flex flex-wrap items-end gap-3 border-t border-slate-200 px-3 py-2">
          <FilterSelect name="state" label="State" value={v.state} options={CHANGE_STATES.map((s) => [s, STATE_TEXT[s]])} />
          <FilterSelect name="severity" label="Severity" value={v.severity} options={CHANGE_SEVERITIES.map((s) => [s, s[0].toUpperCase() + s.slice(1)])} />
          <FilterSelect name="list" label="Watchlist" value={v.list} options={lists.map((l) => [l.id, l.name])} />
          <FilterSelect
            name="kind"
            label="Kind"
            value={v.kind}
            options={[
              ['firm', 'Firms'],
              ['individual', 'Individuals'],
              ['fund', 'Funds'],
            ]}
          />
          <Field id="f-ref" label="FRN, IRN or PRN">
            <Input name="ref" defaultValue={v.ref} maxLength={20} className="w-32" />
          </Field>
          <Field id="f-q" label="Text">
            <Input name="q" defaultValue={v.q} maxLength={100} className="w-56" />
          </Field>
          <Button type="submit" variant="primary">
            Show
          </Button>
          <TextLink href={CHANGES_PATH} className="py-2 text-sm">
            Clear filters
          </TextLink>
        </form>
      </details>
      {problems.length ? (
        <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problems.join(' ')}
        </p>
      ) : (
        <>
          <InboxStatus>
            <ChangesTable
              changes={changes}
              caption={caption}
              extra={`${result.total.toLocaleString('en-GB')} ${result.total === 1 ? 'change' : 'changes'}`}
              canManage={canManage}
            />
            {/* Below the rows it acts on, so the rows start high on the first screen. */}
            {canManage && changes.length > 0 ? <BulkChangeForm /> : null}
          </InboxStatus>
          {pages > 1 ? <Pager basePath={CHANGES_PATH} params={{ ...v }} page={pageNumber} totalPages={pages} label="Changes pages" /> : null}
        </>
      )}
    </div>
  );
}
