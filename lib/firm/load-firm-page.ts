import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { auditView } from '@/lib/audit/page-view';
import type { Firm } from '@/lib/register/model';
import type { RegisterResult } from '@/lib/register/result';
import { readFirm } from '@/lib/page-data/cached-reads';
import { checkFrn } from '@/lib/register/validate';
import { checkFirmParams, type FirmParams } from './firm-route-input';
import { type EntityPage, shownText, type UnavailablePage } from '@/lib/page-data/entity-page';

/**
 * A firm page's load (the one shape of every entity page, lib/page-data/entity-page.ts). Ready
 * when the firm exists or the register could not say: the header shows why, and the sections,
 * often cached, still stream; so a firm page has no 'failure'.
 */
export type FirmPage = Exclude<EntityPage<{ frn: string; country?: string; ref?: string; firm: RegisterResult<Firm> }>, UnavailablePage>;

/**
 * What every firm page does before it renders anything: check the address, then look the firm up.
 * Both happen before the first byte is streamed, so an unknown FRN can still become a real 404
 * (notFound() after streaming starts could only change the body, not the status).
 */
export async function loadFirmPage(params: Promise<FirmParams>): Promise<FirmPage> {
  const page = await loadFirmRecord(params);
  if (page.kind === 'not-found') notFound();
  return page;
}

/** A firm the register does not know: the portal's own signal, for a page that does something (audit) before its 404. */
export type FirmNotFound = { kind: 'not-found'; frn: string };

/**
 * loadFirmPage's work without the 404: an unknown FRN is a typed `not-found` result, so a page
 * that must record something first (the report's own audit entry) can, then call notFound().
 */
export async function loadFirmRecord(params: Promise<FirmParams>): Promise<FirmPage | FirmNotFound> {
  // Register data is per request (the register client has its own cache): never prerender.
  await connection();
  const raw = await params;
  const checked = checkFirmParams(raw);
  if (!checked.ok) {
    const input = checked.field === 'country' ? raw.country : checked.field === 'requirementRef' ? raw.ref : raw.frn;
    // When only the country or reference is wrong, the FRN is fine and the page can link to the firm.
    const frn = checked.field === 'frn' ? undefined : checkFrn(raw.frn);
    // Every firm page view is audited here, before the page (or its 404) streams.
    await auditView('firm', frn?.ok ? frn.value : shownText(raw.frn), 'failure', 'bad-input');
    return { kind: 'bad-input', entity: 'firm', field: checked.field, message: checked.message, input: shownText(input ?? ''), frn: frn?.ok ? frn.value : undefined };
  }
  const firm = await readFirm(checked.frn);
  await auditView('firm', checked.frn, firm.kind === 'ok' ? 'success' : 'failure', firm.kind === 'ok' ? undefined : firm.kind);
  if (firm.kind === 'not-found') return { kind: 'not-found', frn: checked.frn };
  return { kind: 'ready', frn: checked.frn, country: checked.country, ref: checked.ref, firm };
}

/** "Permissions · Albion Crown Bank plc (FRN 200200)"; no register call for a bad address. */
export async function firmPageMetadata(params: Promise<FirmParams>, title?: string): Promise<Metadata> {
  const checked = checkFirmParams(await params);
  if (!checked.ok) return { title: 'Not a valid firm address' };
  const firm = await readFirm(checked.frn);
  const name = firm.kind === 'ok' && firm.data.name ? `${firm.data.name} (FRN ${checked.frn})` : `Firm ${checked.frn}`;
  return { title: title ? `${title} · ${name}` : name };
}
