import { parseApiPath } from '@/lib/register/api-path';
import type { SearchType } from '@/lib/register/model';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { portalPathForApi } from '@/lib/routes/api-path-redirect';
import type { PortalPath } from '@/lib/routes/portal-paths';

/**
 * What a search box entry points at when it is not words to search for: a bare reference number,
 * a labelled one ("FRN 122702", "irn: mxc29012"), or a pasted register API URL or path.
 *
 * FRNs and PRNs are both 1 to 7 digits, so digits alone are ambiguous. They are taken as a PRN
 * when the search is for funds and as an FRN otherwise (firms are what staff look up most), and
 * the other reading is offered as the alternative: the search page checks the first reading
 * against the register and, if it does not exist, tries the alternative before saying neither
 * does. A label ("PRN 185045") removes the ambiguity and has no alternative.
 */

export interface EntityReference {
  entity: SearchType;
  ref: string;
}

export type QueryJump =
  | ({ kind: 'entity'; alternative?: EntityReference } & EntityReference)
  /** A register URL or API path, already mapped to the portal's path. */
  | { kind: 'path'; path: PortalPath };

const CHECKS = { firm: checkFrn, individual: checkIrn, fund: checkPrn } as const;
const LABELS: Record<string, SearchType> = { frn: 'firm', irn: 'individual', prn: 'fund' };

function apiPathJump(text: string): QueryJump | undefined {
  const looksLikeApi = /\/services\/(?:apexrest\/)?V0\.1\//i.test(text) || /^\/(?:Firm|Individuals|CIS)\/[^/\s]+/i.test(text);
  if (!looksLikeApi || /\s/.test(text)) return undefined;
  let api;
  try {
    api = parseApiPath(text);
  } catch {
    return undefined;
  }
  if (!api || api.endpoint === 'search' || api.endpoint === 'regulatedMarkets') return undefined;
  return { kind: 'path', path: portalPathForApi(api) };
}

export function jumpForQuery(input: string, type: SearchType = 'firm'): QueryJump | undefined {
  const text = input.trim().replace(/\s+/g, ' ');
  if (text === '' || text.length > 300) return undefined;

  const api = apiPathJump(text);
  if (api) return api;

  const labelled = /^(frn|irn|prn)\s*(?::|\.|#|no\.?|number)?\s*([a-z0-9]+)$/i.exec(text);
  if (labelled) {
    const entity = LABELS[labelled[1].toLowerCase()];
    const checked = CHECKS[entity](labelled[2]);
    return checked.ok ? { kind: 'entity', entity, ref: checked.value } : undefined;
  }

  if (/^[a-z]{3}\d{5}$/i.test(text)) return { kind: 'entity', entity: 'individual', ref: text.toUpperCase() };

  if (/^\d{1,7}$/.test(text)) {
    return type === 'fund'
      ? { kind: 'entity', entity: 'fund', ref: text, alternative: { entity: 'firm', ref: text } }
      : { kind: 'entity', entity: 'firm', ref: text, alternative: { entity: 'fund', ref: text } };
  }
  return undefined;
}
