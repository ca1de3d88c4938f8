import type { SearchResult } from '@/lib/register/model';
import { fundStatusRule } from './fund-standing';
import { combine, type Standing, type StandingReason } from './standing';
import { readFirmStatus, readIndividualStatus } from './status-words';

/**
 * Standing from one row of the register's search: all there is for an unauthorised or clone entry
 * (it has no record), and a first reading of a listed entity's status for the search results page,
 * which says that the record itself reads more (its basis is the listing only).
 */

export interface CloneReading {
  /** The entry's name without the "(clone of …)" words. */
  name: string;
  /** The authorised firm it clones, when the register's words name it. */
  of?: string;
}

const CLONE = /\s*\(\s*clone of\b([^)]*)\)\s*/i;

/**
 * "Revolution FSL (clone of FCA authorised firm)" → the name and the firm it clones when named
 * ("… (clone of FCA authorised firm Example Ltd)"); undefined when the name has no clone marker.
 */
export function readClone(listedName: string | undefined): CloneReading | undefined {
  if (!listedName) return undefined;
  const m = CLONE.exec(listedName);
  if (!m) return undefined;
  const of = m[1]
    .replace(/^\s*(an?\s+)?(fca\s+)?(authori[sz]ed\s+)?(firm)?\s*[:\-–,]?\s*/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  const name = listedName.replace(CLONE, ' ').replace(/\s+/g, ' ').trim();
  return { name, ...(of ? { of } : {}) };
}

/** An entry the register lists without a record: unauthorised, or a clone of an authorised firm. */
export function isUnauthorisedListing(r: Pick<SearchResult, 'linkable' | 'referenceNumber' | 'unauthorised'>): boolean {
  return !r.linkable || !r.referenceNumber;
}

/**
 * Rule: an unauthorised or clone entry. `clonedFirm` names the genuine firm whose name the clone
 * uses, when the caller found it (a listed firm of the same name); the register's own words come
 * first when they name it.
 */
export function unauthorisedRule(r: Pick<SearchResult, 'listedName' | 'name' | 'status' | 'type'>, clonedFirm?: { ref: string; name: string }): StandingReason {
  const listed = r.listedName ?? r.name ?? 'this entry';
  const words = [r.status ? `status "${r.status}"` : '', r.type ? `"${r.type}"` : ''].filter(Boolean).join(', ');
  const clone = readClone(r.listedName ?? r.name);
  if (clone) {
    const of = clone.of
      ? ` It clones ${clone.of}.`
      : clonedFirm
        ? ` It uses the name of ${clonedFirm.name} (FRN ${clonedFirm.ref}), a genuine firm that is not itself unauthorised.`
        : '';
    return {
      code: 'clone-firm',
      level: 'stop',
      label: 'Clone firm',
      text: `The register lists "${listed}"${words ? ` (${words})` : ''}: a clone, not authorised by the FCA, using the details of an authorised firm to look genuine.${of}`,
    };
  }
  return {
    code: 'unauthorised-firm',
    level: 'stop',
    label: 'Unauthorised firm',
    text: `The register lists "${listed}"${words ? ` (${words})` : ''}: it is not authorised by the FCA and has no register record.`,
  };
}

/** What one search row says: everything for an entry without a record, the status for the others. */
export function listingStanding(r: SearchResult, clonedFirm?: { ref: string; name: string }): Standing {
  const basis = ["the register's search listing"];
  if (isUnauthorisedListing(r)) return combine([unauthorisedRule(r, clonedFirm)], 'Unauthorised', basis);
  const reasons: StandingReason[] = [];
  if (r.entity === 'firm') {
    const reading = readFirmStatus(r.status);
    if (reading.kind === 'ended' || reading.kind === 'unauthorised' || reading.kind === 'suspended')
      reasons.push({ code: 'firm-no-longer-authorised', level: 'stop', label: r.status!, text: `The register's search lists the firm as "${r.status}".` });
    else if (reading.kind === 'appointed-representative')
      reasons.push({ code: 'firm-appointed-representative', level: 'caution', label: 'Appointed representative', text: `The register's search lists the firm as "${r.status}".` });
    else if (reading.kind === 'agent')
      reasons.push({ code: 'firm-agent', level: 'caution', label: 'Agent, not authorised', text: `The register's search lists the firm as "${r.status}".` });
    else if (reading.kind !== 'clear')
      reasons.push({ code: 'firm-status-unknown', level: 'caution', label: r.status ?? 'No status given', text: `The register's search lists the status "${r.status ?? ''}".` });
  } else if (r.entity === 'individual') {
    const kind = readIndividualStatus(r.status).kind;
    if (kind === 'prohibited')
      reasons.push({ code: 'individual-prohibited', level: 'stop', label: 'Prohibited', text: `The register's search lists the individual as "${r.status}".` });
    else if (kind === 'deceased')
      reasons.push({ code: 'individual-deceased', level: 'stop', label: 'Deceased', text: `The register's search lists the individual as "${r.status}".` });
    else if (kind === 'not-approved')
      reasons.push({ code: 'individual-not-approved', level: 'caution', label: 'No current approval', text: `The register's search lists the individual as "${r.status}".` });
    else if (kind !== 'clear')
      reasons.push({
        code: 'individual-status-unknown',
        level: 'caution',
        label: r.status ?? 'No status given',
        text: `The register's search lists the status "${r.status ?? ''}".`,
      });
  } else {
    reasons.push(...fundStatusRule({ status: r.status }));
  }
  return combine(reasons, r.status ?? 'Listed', basis);
}
