import 'server-only';
import { connection } from 'next/server';
import { auditView } from '@/lib/audit/page-view';
import type { EntityKind } from '@/lib/db/schema';
import type { Firm, Fund, Individual, SearchResult } from '@/lib/register/model';
import type { Ok, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { readFirm, readFund, readFundListing, readIndividual } from './cached-reads';
import { checkFirmParams, type FirmParams, paramText, shownText } from './entity-params';

/**
 * The one loader module of every entity page (firm, individual, fund): what a page knows before it
 * renders anything. The address can never work (bad input: nothing was sent to the register), the
 * register does not know the number (not found), the register could not give the record
 * (failure), or the page is ready. Each loader audits the view first, before the page (or its
 * 404) streams. An unknown number is a typed result, not an exception: the route factory
 * (components/register/entity-route.tsx) answers it with notFound() before streaming starts, so
 * it is a real 404, and a page that records something first (the firm report) can.
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

/** A well-formed number the register does not know: the page answers 404. */
export interface NotFoundPage {
  kind: 'not-found';
  entity: EntityKind;
  ref: string;
}

export type EntityPage<Ready> = BadInputPage | UnavailablePage | NotFoundPage | ({ kind: 'ready' } & Ready);

/**
 * A firm page is ready when the firm exists or the register could not say: the header shows why,
 * and the sections, often cached, still stream; so a firm page has no 'failure'.
 */
export type FirmPage = Exclude<EntityPage<{ frn: string; country?: string; ref?: string; firm: RegisterResult<Firm> }>, UnavailablePage>;
export type IndividualPage = EntityPage<{ irn: string; result: Ok<Individual> }>;
export type FundPage = EntityPage<{ prn: string; result: Ok<Fund>; listing?: SearchResult }>;

/** For generateMetadata: "Permissions · Albion Crown Bank plc (FRN 200200)"; no register call for a bad address. */
export async function firmTitle(params: FirmParams, what?: string): Promise<string> {
  const checked = checkFirmParams(params);
  if (!checked.ok) return 'Not a valid firm address';
  const firm = await readFirm(checked.frn);
  const name = firm.kind === 'ok' && firm.data.name ? `${firm.data.name} (FRN ${checked.frn})` : `Firm ${checked.frn}`;
  return what ? `${what} · ${name}` : name;
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

/** A firm page's address (FRN, and a passport country or requirement reference) checked, then the firm looked up. */
export async function loadFirmPage(raw: FirmParams): Promise<FirmPage> {
  // Register data is per request (the register client has its own cache): never prerender.
  await connection();
  const checked = checkFirmParams(raw);
  if (!checked.ok) {
    const input = checked.field === 'country' ? raw.country : checked.field === 'requirementRef' ? raw.ref : raw.frn;
    // When only the country or reference is wrong, the FRN is fine and the page can link to the firm.
    const frn = checked.field === 'frn' ? undefined : checkFrn(raw.frn);
    await auditView('firm', frn?.ok ? frn.value : shownText(raw.frn), 'failure', 'bad-input');
    return { kind: 'bad-input', entity: 'firm', field: checked.field, message: checked.message, input: shownText(input ?? ''), frn: frn?.ok ? frn.value : undefined };
  }
  const firm = await readFirm(checked.frn);
  await auditView('firm', checked.frn, firm.kind === 'ok' ? 'success' : 'failure', firm.kind === 'ok' ? undefined : firm.kind);
  if (firm.kind === 'not-found') return { kind: 'not-found', entity: 'firm', ref: checked.frn };
  return { kind: 'ready', frn: checked.frn, country: checked.country, ref: checked.ref, firm };
}

export async function loadIndividualPage(rawIrn: string): Promise<IndividualPage> {
  await connection();
  const input = paramText(rawIrn);
  const irn = checkIrn(input);
  if (!irn.ok) {
    await auditView('individual', shownText(rawIrn), 'failure', 'bad-input');
    return { kind: 'bad-input', entity: 'individual', field: 'irn', input: shownText(rawIrn), message: irn.message };
  }
  const result = await readIndividual(irn.value);
  await auditView('individual', irn.value, result.kind === 'ok' ? 'success' : 'failure', result.kind === 'ok' ? undefined : result.kind);
  if (result.kind === 'not-found') return { kind: 'not-found', entity: 'individual', ref: irn.value };
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
  if (result.kind === 'not-found') return { kind: 'not-found', entity: 'fund', ref: prn.value };
  if (result.kind !== 'ok') return { kind: 'failure', entity: 'fund', ref: prn.value, failure: result };
  return { kind: 'ready', prn: prn.value, result, listing };
}
