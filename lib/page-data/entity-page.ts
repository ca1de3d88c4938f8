import 'server-only';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { auditView } from '@/lib/audit/page-view';
import type { EntityKind } from '@/lib/db/schema';
import type { Fund, Individual, SearchResult } from '@/lib/register/model';
import type { Ok, RegisterFailure } from '@/lib/register/result';
import { checkIrn, checkPrn } from '@/lib/register/validate';
import { readFund, readFundListing, readIndividual } from './cached-reads';

/**
 * What every entity page (firm, individual, fund) knows before it renders anything: the address
 * can never work (bad input: nothing was sent to the register), the register could not give the
 * record (failure), or the page is ready. An unknown number never gets here: the loader calls
 * notFound() before streaming starts, so it is a real 404. Each loader audits the view first.
 * The firm's loader is lib/firm/load-firm-page.ts (its pages stay up when the record fails, the
 * header saying why, so it has no 'failure').
 */
export interface BadInputPage {
  kind: 'bad-input';
  entity: EntityKind;
  /** The part of the address that is wrong: 'frn', 'irn', 'prn', or a firm page's 'country' or 'requirementRef'. */
  field: string;
  /** The address as it came (decoded, cut to 60 characters). */
  input: string;
  message: string;
  /** When only a firm page's country or reference is wrong: the FRN, which is fine. */
  frn?: string;
}

export interface UnavailablePage {
  kind: 'failure';
  entity: EntityKind;
  ref: string;
  failure: Exclude<RegisterFailure, { kind: 'not-found' }>;
}

export type EntityPage<Ready> = BadInputPage | UnavailablePage | ({ kind: 'ready' } & Ready);

export type IndividualPage = EntityPage<{ irn: string; result: Ok<Individual> }>;
export type FundPage = EntityPage<{ prn: string; result: Ok<Fund>; listing?: SearchResult }>;

/** A route param decoded; one with a stray %-sequence stays as it came. This is what is checked. */
export function paramText(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** An impossible param as the page shows and the audit records it: decoded, cut to 60 characters. */
export function shownText(raw: string): string {
  const text = paramText(raw);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** For generateMetadata: the page itself answers not-found, so the title only needs a name when there is one. */
export async function individualTitle(rawIrn: string, what?: string): Promise<string> {
  const irn = checkIrn(paramText(rawIrn));
  if (!irn.ok) return 'Not a valid IRN';
  const result = await readIndividual(irn.value);
  const name = result.kind === 'ok' && result.data.fullName ? `${result.data.fullName} (${irn.value})` : `Individual ${irn.value}`;
  return what ? `${what}: ${name}` : name;
}

export async function fundTitle(rawPrn: string, what?: string): Promise<string> {
  const prn = checkPrn(paramText(rawPrn));
  if (!prn.ok) return 'Not a valid PRN';
  const listing = await readFundListing(prn.value);
  const name = listing?.name ? `${listing.name} (PRN ${prn.value})` : `Fund PRN ${prn.value}`;
  return what ? `${what}: ${name}` : name;
}

export async function loadIndividualPage(rawIrn: string): Promise<IndividualPage> {
  // Register data is per request (the register client has its own cache): never prerender.
  await connection();
  const input = paramText(rawIrn);
  const irn = checkIrn(input);
  // Each outcome is audited before the page (or its 404) streams.
  if (!irn.ok) {
    await auditView('individual', shownText(rawIrn), 'failure', 'bad-input');
    return { kind: 'bad-input', entity: 'individual', field: 'irn', input: shownText(rawIrn), message: irn.message };
  }
  const result = await readIndividual(irn.value);
  await auditView('individual', irn.value, result.kind === 'ok' ? 'success' : 'failure', result.kind === 'ok' ? undefined : result.kind);
  if (result.kind === 'not-found') notFound();
  if (result.kind !== 'ok') return { kind: 'failure', entity: 'individual', ref: irn.value, failure: result };
  return { kind: 'ready', irn: irn.value, result };
}

export async function loadFundPage(rawPrn: string): Promise<FundPage> {
  await connection();
  const input = paramText(rawPrn);
  const prn = checkPrn(input);
  if (!prn.ok) {
    await auditView('fund', shownText(rawPrn), 'failure', 'bad-input');
    return { kind: 'bad-input', entity: 'fund', field: 'prn', input: shownText(rawPrn), message: prn.message };
  }
  // The record and its name (from a search) in parallel: the header needs both.
  const [result, listing] = await Promise.all([readFund(prn.value), readFundListing(prn.value)]);
  await auditView('fund', prn.value, result.kind === 'ok' ? 'success' : 'failure', result.kind === 'ok' ? undefined : result.kind);
  if (result.kind === 'not-found') notFound();
  if (result.kind !== 'ok') return { kind: 'failure', entity: 'fund', ref: prn.value, failure: result };
  return { kind: 'ready', prn: prn.value, result, listing };
}
