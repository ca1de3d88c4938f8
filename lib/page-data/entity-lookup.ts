import 'server-only';
import { notFound } from 'next/navigation';
import { auditView } from '@/lib/audit/page-view';
import type { Fund, Individual, SearchResult } from '@/lib/register/model';
import type { Ok, RegisterFailure } from '@/lib/register/result';
import { checkIrn, checkPrn } from '@/lib/register/validate';
import { readFund, readFundListing, readIndividual } from './cached-reads';

/**
 * The header lookup every individual and fund page awaits before it renders anything, so that an
 * unknown number is a real 404 (notFound() before streaming starts) and an impossible one never
 * reaches the register.
 */
export type EntityLookup<T> =
  | { kind: 'bad-input'; input: string; message: string }
  | { kind: 'failure'; ref: string; failure: Exclude<RegisterFailure, { kind: 'not-found' }> }
  | { kind: 'ok'; ref: string; result: Ok<T> };

/** Route params arrive decoded; a stray %-sequence is shown as it came. */
function paramText(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
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

export async function lookUpIndividual(rawIrn: string): Promise<EntityLookup<Individual>> {
  const input = paramText(rawIrn);
  const irn = checkIrn(input);
  // Each outcome is audited before the page (or its 404) streams.
  if (!irn.ok) {
    await auditView('individual', input, 'failure', 'bad-input');
    return { kind: 'bad-input', input, message: irn.message };
  }
  const result = await readIndividual(irn.value);
  await auditView('individual', irn.value, result.kind === 'ok' ? 'success' : 'failure', result.kind === 'ok' ? undefined : result.kind);
  if (result.kind === 'not-found') notFound();
  if (result.kind !== 'ok') return { kind: 'failure', ref: irn.value, failure: result };
  return { kind: 'ok', ref: irn.value, result };
}

export async function lookUpFund(rawPrn: string): Promise<EntityLookup<Fund> & { listing?: SearchResult }> {
  const input = paramText(rawPrn);
  const prn = checkPrn(input);
  if (!prn.ok) {
    await auditView('fund', input, 'failure', 'bad-input');
    return { kind: 'bad-input', input, message: prn.message };
  }
  // The record and its name (from a search) in parallel: the header needs both.
  const [result, listing] = await Promise.all([readFund(prn.value), readFundListing(prn.value)]);
  await auditView('fund', prn.value, result.kind === 'ok' ? 'success' : 'failure', result.kind === 'ok' ? undefined : result.kind);
  if (result.kind === 'not-found') notFound();
  if (result.kind !== 'ok') return { kind: 'failure', ref: prn.value, failure: result };
  return { kind: 'ok', ref: prn.value, result, listing };
}
