import { reportStanding } from './report-standing';
import { FIRM_SECTION_SLUGS, type FirmSectionData, type FirmSectionSlug, sectionEndpoint } from '@/lib/sections/firm-sections';
import type { Firm } from '@/lib/register/model';
import type { EndpointFn, RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesResult, Provenance, RegisterSource } from '@/lib/register/result';
import { FIRM_REPORT_FORMAT, type FirmReportData, type ReportDetail, type ReportList, type ReportRecord, reportFailure } from './firm-report-data';
import { type ReportPartKey, ReportProgress } from './report-progress';

/**
 * Reads everything the register holds about a firm for the printable report: the record, every
 * page of every section, each passport country's permissions and each requirement's investment
 * types. Every call goes through the register client (pacer, cache, single-flight) at report
 * priority, so people's page views go first and pages already cached cost nothing. Lists stop at
 * `maxPages` pages and details at `maxDetails` lists, and the data says where it stopped.
 *
 * Sections are walked concurrently; the pacer decides when each request leaves. Details start as
 * soon as their parent list is complete, while the long lists are still being walked.
 */

export interface AssembleInput {
  frn: string;
  generatedBy: { email: string; name: string };
  caseReference?: string;
  source: RegisterSource;
  maxPages: number;
  maxDetails: number;
  /** Progress for the page's indicator. */
  progress?: ReportProgress;
  now?: () => Date;
}

export interface AssembleStats {
  /** Register pages read (calls through the client), from its cache or the register. */
  pages: number;
  /** Of which the client answered from its cache. */
  cachedPages: number;
  ms: number;
}

/** Runs `tasks` with at most `limit` in flight (the pacer queues the rest anyway; this keeps the queue short for others). */
async function pooled<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export async function assembleFirmReport(client: RegisterClient, input: AssembleInput): Promise<{ data: FirmReportData; stats: AssembleStats }> {
  const started = Date.now();
  const now = input.now ?? (() => new Date());
  const progress = input.progress ?? new ReportProgress();
  const { frn, maxPages, maxDetails } = input;
  const stats: AssembleStats = { pages: 0, cachedPages: 0, ms: 0 };
  let oldest: string | undefined;
  let newest: string | undefined;

  const saw = (provenance: Provenance | null | undefined): void => {
    if (!provenance) return;
    if (!oldest || provenance.retrievedAt < oldest) oldest = provenance.retrievedAt;
    if (!newest || provenance.retrievedAt > newest) newest = provenance.retrievedAt;
  };

  /** The endpoint function with every page it answers counted and its retrieval time noted. */
  function observed<A extends unknown[], T>(fn: EndpointFn<A, T>, part: ReportPartKey, listNewest: { at?: string }): EndpointFn<A, T> {
    const wrapped = (async (...args: Parameters<EndpointFn<A, T>>) => {
      const result = await fn(...args);
      if (result.provenance) {
        stats.pages += 1;
        if (result.provenance.source === 'cache') stats.cachedPages += 1;
        saw(result.provenance);
        if (result.kind === 'ok' && (!listNewest.at || result.provenance.retrievedAt > listNewest.at)) listNewest.at = result.provenance.retrievedAt;
        progress.page(part);
      }
      return result;
    }) as EndpointFn<A, T>;
    Object.defineProperty(wrapped, 'endpoint', { value: fn.endpoint });
    return wrapped;
  }

  function toList<T>(result: AllPagesResult<T>, listNewest: { at?: string }): ReportList<T> {
    if (result.kind === 'not-found') return { status: 'none', provenance: result.provenance };
    if (result.kind !== 'ok') return { status: 'failed', failure: reportFailure(result), provenance: result.provenance };
    return {
      status: 'ok',
      data: result.data,
      provenance: result.provenance,
      newestRetrievedAt: listNewest.at ?? result.provenance.retrievedAt,
      pagesFetched: result.pagesFetched,
      pageCount: result.page.pageCount,
      totalCount: result.page.totalCount,
      truncated: result.truncated,
      interruption: result.interruption ? reportFailure(result.interruption) : undefined,
      notice: result.notice,
    };
  }

  const finishState = (list: ReportList<unknown>) => (list.status === 'failed' ? 'failed' : list.status === 'none' ? 'none' : list.truncated ? 'cut' : 'done');

  async function walk<A extends unknown[], T>(fn: EndpointFn<A, T>, args: A, part: ReportPartKey, report = true): Promise<ReportList<T>> {
    const listNewest: { at?: string } = {};
    const result = await client.allPages(observed(fn, part, listNewest), args, {
      priority: 'report',
      maxPages,
      onProgress: report ? (p) => progress.walked(part, p) : undefined,
    });
    const list = toList(result, listNewest);
    if (report) progress.finish(part, finishState(list));
    return list;
  }

  async function section<K extends FirmSectionSlug>(slug: K): Promise<ReportList<FirmSectionData[K]>> {
    return walk(sectionEndpoint(client, slug), [frn] as [string], slug);
  }

  async function firmRecord(): Promise<ReportRecord<Firm>> {
    const result = await observed(client.firm, 'firm', {})(frn, { priority: 'report' });
    progress.finish('firm', result.kind === 'ok' ? 'done' : 'failed');
    if (result.kind === 'ok') return { status: 'ok', data: result.data, provenance: result.provenance };
    return { status: 'failed', failure: reportFailure(result), provenance: result.provenance };
  }

  /** Details of a parent list: one list per key, capped, in the parent's order. */
  async function details<T>(
    part: ReportPartKey,
    keys: string[],
    fetch: (key: string) => Promise<ReportList<T>>,
    rows: (data: T) => number,
  ): Promise<{ lists: ReportDetail<T>[]; cut?: { fetched: number; total: number } }> {
    const wanted = keys.slice(0, maxDetails);
    progress.expect(part, wanted.length);
    const lists = await pooled(
      wanted.map((key) => async () => {
        const result = await fetch(key);
        if (result.status === 'ok') progress.addItems(part, rows(result.data));
        return { key, result };
      }),
      4,
    );
    const failed = lists.some((l) => l.result.status === 'failed');
    const cut = keys.length > wanted.length ? { fetched: wanted.length, total: keys.length } : undefined;
    if (wanted.length > 0) progress.finish(part, failed ? 'failed' : cut || lists.some((l) => l.result.status === 'ok' && l.result.truncated) ? 'cut' : 'done');
    return { lists, cut };
  }

  const firmPromise = firmRecord();
  const sectionPromises = Object.fromEntries(FIRM_SECTION_SLUGS.map((slug) => [slug, section(slug)])) as {
    [K in FirmSectionSlug]: Promise<ReportList<FirmSectionData[K]>>;
  };

  const passportDetails = sectionPromises.passports.then((passports) => {
    const countries = passports.status === 'ok' ? [...new Set(passports.data.passports.map((p) => p.country).filter((c): c is string => Boolean(c)))] : [];
    return details(
      'passport-permissions',
      countries,
      (country) => walk(client.firmPassportPermissions, [frn, country] as [string, string], 'passport-permissions', false),
      (d) => d.length,
    );
  });
  const requirementDetails = sectionPromises.requirements.then((requirements) => {
    const refs = requirements.status === 'ok' ? [...new Set(requirements.data.filter((r) => r.investmentTypesUrl && r.reference).map((r) => r.reference as string))] : [];
    return details(
      'investment-types',
      refs,
      (ref) => walk(client.firmRequirementInvestmentTypes, [frn, ref] as [string, string], 'investment-types', false),
      (d) => d.length,
    );
  });

  const [firm, passportResult, requirementResult, ...sectionResults] = await Promise.all([
    firmPromise,
    passportDetails,
    requirementDetails,
    ...FIRM_SECTION_SLUGS.map((slug) => sectionPromises[slug]),
  ]);
  const sections = Object.fromEntries(FIRM_SECTION_SLUGS.map((slug, i) => [slug, sectionResults[i]])) as FirmReportData['sections'];
  const detailsCut = passportResult.cut || requirementResult.cut ? { passports: passportResult.cut, requirements: requirementResult.cut } : undefined;

  stats.ms = Date.now() - started;
  const data: FirmReportData = {
    format: FIRM_REPORT_FORMAT,
    frn,
    firm,
    sections,
    passportPermissions: passportResult.lists,
    requirementInvestmentTypes: requirementResult.lists,
    ...(detailsCut ? { detailsCut } : {}),
    limits: { maxPages, maxDetails },
    source: input.source,
    generatedAt: now().toISOString(),
    generatedBy: input.generatedBy,
    ...(input.caseReference ? { caseReference: input.caseReference } : {}),
    retrieved: { oldest, newest },
  };
  const standing = reportStanding(data);
  if (standing) data.standing = standing;
  return { data, stats };
}
