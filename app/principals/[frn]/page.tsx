import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { BookUploadForm } from '@/components/principals/book-upload-form';
import { BookVersionsTable } from '@/components/principals/book-versions-table';
import { CheckPrincipalNow } from '@/components/principals/check-principal-now';
import { FindingsTable } from '@/components/principals/findings-table';
import { registerStateText } from '@/components/principals/register-state';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { hasRole } from '@/lib/auth/roles';
import { requireUser } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format/date';
import { londonDate } from '@/lib/format/london-time';
import { principalStore } from '@/lib/principals/principal-store';
import { reviewSchedule } from '@/lib/principals/reviews';
import { DUE_REVIEWS_ANCHOR, REMINDER_WINDOW_DAYS, remindersOf } from '@/lib/principals/review-reminders';
import { AttestButton, PrepareReviewForm } from '@/components/principals/review-forms';
import { AttestationsTable, DueReviewsTable, ReviewsTable } from '@/components/principals/reviews-tables';
import { checkFrn } from '@/lib/register/validate';
import { ArStandingsTable, passText, sortStandingRows, standingSummary } from '@/components/principals/ar-standings';
import { FindArForm } from '@/components/principals/find-ar-form';
import { Pager } from '@/components/ui/pager';
import { findWords, rowMatches } from '@/lib/page-data/list-find';
import { firstValue } from '@/lib/page-data/list-view';
import { rowsPage } from '@/lib/page-data/rows-page';
import { ReadStandingsNow } from '@/components/principals/read-standings-now';
import { arLinksStore } from '@/lib/representatives/ar-links';
import { arStandingStore } from '@/lib/principals/ar-standing';
import { firmPath, principalApiPath, principalPath, PRINCIPALS_PATH } from '@/lib/routes/portal-paths';
import { TextAnchor, TextLink } from '@/components/ui/text-link';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Principal' };

/** Rows of each long table (standings, reviews due) a page shows: 700100's 714 ARs in full made a 3 MB page that took about 250 ms to render. */
const ROWS_PER_PAGE = 50;

/**
 * /principals/[frn]: one principal's workspace, from stored data only (no register call): its
 * standing as a principal on the register, Check now, its book and every version, the open
 * findings with their review, and the annual return's population. Analysts and admins write;
 * viewers read.
 */
export default async function PrincipalPage({ params, searchParams }: { params: Promise<{ frn: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const find = firstValue(query.ar)?.trim().slice(0, 200) ?? '';
  const words = findWords(find);
  const user = await requireUser();
  const checked = checkFrn((await params).frn);
  if (!checked.ok) notFound();
  const frn = checked.value;
  const principal = await principalStore.getPrincipal(frn);
  if (!principal) notFound();
  const [books, findings, checks, reading, reviews, attestations, pass, standings] = await Promise.all([
    principalStore.listBooks(frn),
    principalStore.listFindings(frn),
    principalStore.recentChecks(frn, 5),
    principalStore.latestReading(frn),
    principalStore.listReviews(frn),
    principalStore.listAttestations(frn),
    arStandingStore.latestPass(frn),
    arStandingStore.arStandings(frn),
  ]);
  const currentArs = new Map<string, string>();
  for (const r of reading?.rows ?? []) if (r.bucket === 'current') currentArs.set(r.arFrn, r.name);
  const others = await arLinksStore.otherPrincipalsOf(frn, [...currentArs.keys()]);
  const standingRows = [...currentArs].map(([arFrn, arName]) => ({
    arFrn,
    arName: standings.get(arFrn)?.arName ?? arName,
    stored: standings.get(arFrn) ?? null,
    others: others.get(arFrn) ?? [],
  }));
  const standingsPage = rowsPage(
    sortStandingRows(standingRows).filter((r) => rowMatches(words, [r.arName, r.arFrn])),
    query.standings,
    ROWS_PER_PAGE,
  );
  const today = londonDate();
  const due = reading ? reviewSchedule(reading.rows, reviews, today) : [];
  const overdue = due.filter((d) => d.overdue).length;
  const dueSoon = remindersOf(due, reviews, today).length - overdue;
  const duePage = rowsPage(
    due.filter((d) => rowMatches(words, [d.arName, d.arFrn])),
    query.due,
    ROWS_PER_PAGE,
  );
  // The other table's page and the search stay as they are when one table's page changes.
  const keep = { ar: find || undefined, standings: standingsPage.page > 1 ? String(standingsPage.page) : undefined, due: duePage.page > 1 ? String(duePage.page) : undefined };
  const rowsSaid = (p: { first: number; last: number; total: number; totalPages: number }) =>
    p.totalPages > 1
      ? `rows ${p.first.toLocaleString('en-GB')}–${p.last.toLocaleString('en-GB')} of ${p.total.toLocaleString('en-GB')}${find ? ' found' : ''}`
      : find
        ? `${p.total.toLocaleString('en-GB')} found`
        : undefined;
  const emptyText = find ? `No current appointed representative's name or FRN contains "${find}".` : 'No current appointed representatives on the last reading.';
  const canManage = hasRole(user.role, 'analyst');
  const running = checks.find((c) => c.finishedAt === null) ?? null;
  const last = checks.find((c) => c.finishedAt !== null) ?? null;
  const year = new Date().getUTCFullYear() - 1;
  return (
    <div className="space-y-8">
      <PageHeader
        caption={<TextLink href={PRINCIPALS_PATH}>Principals</TextLink>}
        title={principal.name ?? `FRN ${frn}`}
        description={
          <>
            FRN <TextLink href={firmPath(frn)}>{frn}</TextLink> · {registerStateText(principal.registerState)} · added by {principal.addedBy} on {formatDateTime(principal.addedAt)}
          </>
        }
      >
        {reading ? (
          <p className="text-sm" data-testid="reviews-overdue">
            <TextAnchor href={`#${DUE_REVIEWS_ANCHOR}`}>
              {overdue === 0 ? 'No reviews overdue' : `${overdue.toLocaleString('en-GB')} ${overdue === 1 ? 'review' : 'reviews'} overdue`}
            </TextAnchor>
            {dueSoon > 0 ? `, ${dueSoon.toLocaleString('en-GB')} due within ${REMINDER_WINDOW_DAYS} days` : ''}
          </p>
        ) : null}
      </PageHeader>

      <section aria-labelledby="check-heading" className="space-y-2">
        <h2 id="check-heading" className="text-lg font-semibold">
          Reconciliation with the register
        </h2>
        {last ? (
          <p className="text-sm text-slate-700" data-testid="last-check">
            Last check {formatDateTime(last.finishedAt)}:{' '}
            {last.outcome === 'ok'
              ? `${last.currentCount.toLocaleString('en-GB')} current and ${last.previousCount.toLocaleString('en-GB')} previous ARs read in ${last.requestCount.toLocaleString('en-GB')} register requests, ${last.findingCount.toLocaleString('en-GB')} findings.`
              : 'failed.'}
            {last.message ? ` ${last.message}` : ''}
          </p>
        ) : (
          <p className="text-sm text-slate-700">The register has not been read for this principal yet. It is read every night, or now with Check now.</p>
        )}
        <CheckPrincipalNow frn={frn} canManage={canManage} runningCheckId={running?.id ?? null} />
      </section>

      <section aria-labelledby="findings-heading" className="space-y-2">
        <h2 id="findings-heading" className="text-lg font-semibold">
          Findings
        </h2>
        <FindingsTable findings={findings} canManage={canManage} />
      </section>

      <section aria-labelledby="ar-standing-heading" className="space-y-3">
        <h2 id="ar-standing-heading" className="text-lg font-semibold">
          Each AR&apos;s own standing
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          Each current appointed representative&apos;s register record, requirements, disciplinary history and individuals, read at the idle share of the register&apos;s budget
          after every nightly check. A change of standing is a finding, and so is an AR the portal has seen on another principal&apos;s AR list.
        </p>
        <p className="text-sm text-slate-700" data-testid="standing-pass">
          {passText(pass)}
        </p>
        {reading && canManage ? <ReadStandingsNow frn={frn} /> : null}
        {reading ? (
          <>
            <FindArForm frn={frn} find={find} />
            <ArStandingsTable
              rows={standingsPage.rows}
              summary={standingSummary(standingRows)}
              position={rowsSaid(standingsPage)}
              filterable={standingsPage.totalPages === 1}
              emptyText={emptyText}
            />
            <Pager
              basePath={principalPath(frn)}
              params={{ ...keep, standings: undefined }}
              page={standingsPage.page}
              totalPages={standingsPage.totalPages}
              label="AR standings"
              param="standings"
              fragment="ar-standings"
              showPosition={false}
            />
          </>
        ) : (
          <p className="text-sm text-slate-700">Available once the register has been read.</p>
        )}
      </section>

      <section aria-labelledby="book-heading" className="space-y-3">
        <h2 id="book-heading" className="text-lg font-semibold">
          The principal&apos;s AR book
        </h2>
        {canManage ? <BookUploadForm frn={frn} hasBook={books.length > 0} /> : null}
        <BookVersionsTable books={books} />
      </section>

      <section aria-labelledby="reviews-heading" className="space-y-3">
        <h2 id="reviews-heading" className="text-lg font-semibold">
          Annual reviews
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          Each current appointed representative is reviewed at least once a year: a year from its appointment or from its last approved review. One person prepares a review (the
          AR&apos;s register record is kept as its evidence); another approves it.
        </p>
        {reading ? (
          <>
            {canManage && due.length > 0 ? (
              <PrepareReviewForm frn={frn} ars={due.map((d) => ({ arFrn: d.arFrn, label: `${d.arName} (${d.arFrn})${d.overdue ? ', overdue' : ''}` }))} />
            ) : null}
            <ReviewsTable frn={frn} reviews={reviews} userEmail={user.email} canManage={canManage} />
            <DueReviewsTable due={duePage.rows} overdue={overdue} total={due.length} position={rowsSaid(duePage)} filterable={duePage.totalPages === 1} emptyText={emptyText} />
            <Pager
              basePath={principalPath(frn)}
              params={{ ...keep, due: undefined }}
              page={duePage.page}
              totalPages={duePage.totalPages}
              label="Reviews due"
              param="due"
              fragment={DUE_REVIEWS_ANCHOR}
              showPosition={false}
            />
          </>
        ) : (
          <p className="text-sm text-slate-700">Available once the register has been read.</p>
        )}
      </section>

      <section aria-labelledby="attest-heading" className="space-y-3">
        <h2 id="attest-heading" className="text-lg font-semibold">
          Attestation
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          Saves the AR list as the last reading shows it, with the book version and every open finding, as a hashed snapshot to print or keep as evidence.
        </p>
        {reading && canManage ? <AttestButton frn={frn} /> : null}
        {reading ? null : <p className="text-sm text-slate-700">Available once the register has been read.</p>}
        <AttestationsTable frn={frn} attestations={attestations} />
      </section>

      <section aria-labelledby="return-heading" className="space-y-2">
        <h2 id="return-heading" className="text-lg font-semibold">
          Annual return population
        </h2>
        <p className="max-w-3xl text-sm text-slate-700">
          Every appointed representative held at any time in the period, including those terminated in it, with their dates in the period, from the stored readings of the register
          (not a fresh read). The file&apos;s SHA-256 is recorded in the audit log.
        </p>
        {last ? (
          <form method="get" action={principalApiPath(frn, 'return')} className="flex flex-wrap items-end gap-3">
            <Field id="return-from" label="From">
              <Input name="from" type="date" required defaultValue={`${year}-01-01`} />
            </Field>
            <Field id="return-to" label="To">
              <Input name="to" type="date" required defaultValue={`${year}-12-31`} />
            </Field>
            <Field id="return-format" label="Format">
              <Select name="format" defaultValue="csv">
                <option value="csv">CSV</option>
                <option value="xlsx">XLSX</option>
              </Select>
            </Field>
            <Button type="submit" variant="primary">
              Download
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-700">Available once the register has been read.</p>
        )}
      </section>
    </div>
  );
}
