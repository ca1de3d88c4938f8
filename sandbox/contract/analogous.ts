/**
 * Which sandbox request is "analogous" to a reference answer: same endpoint, same kind of answer
 * (found, not found, bad input, first/middle/last page, empty buckets, all-null miss), on the
 * sandbox's own records. Requests are templates: `{bankFrn}` and the other SHOWCASE names, plus
 * page numbers computed from the dataset (`{networkArLastPage}`…).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dataset } from '../dataset/generate';
import { SHOWCASE } from '../dataset/showcase';
import type { Json } from '../api/json-format';

/**
 * The register days the contract tests run on: the generated dataset, and a month later, after the
 * showcase records' scripted changes and some 2,000 seeded ones (shapes must not drift with time).
 */
export const CONTRACT_DAYS = [0, 30] as const;

/** Values for the placeholders in analogous requests (from the dataset of the day under test). */
export function placeholderValues(d: Dataset): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of Object.entries(SHOWCASE)) if (typeof v === 'string') values[k] = v;
  SHOWCASE.noLongerAuthorisedFrns.forEach((frn, i) => (values[`noLongerAuthorisedFrn${i}`] = frn));
  const pages = (n: number, per: number) => String(Math.max(1, Math.ceil(n / per)));
  const network = d.firms.get(SHOWCASE.networkPrincipalFrn)!;
  values.networkArLastPage = pages(Math.max(network.representatives.current.length, network.representatives.previous.length), 10);
  const bank = d.firms.get(SHOWCASE.bankFrn)!;
  const current = bank.cfRows.filter((r) => r.end === null).length;
  values.bankCfLastPage = pages(Math.max(current, bank.cfRows.length - current), 10);
  values.bankIndividualsLastPage = pages(new Set(bank.cfRows.map((r) => r.irn)).size, 20);
  const bankDetails = d.firmDetails(SHOWCASE.bankFrn);
  values.bankWaiversLastPage = pages(bankDetails.waivers.length, 10);
  values.bankPermissionsLastPage = pages(bankDetails.permissions.length, 20);
  values.disciplinaryLastPage = pages(d.firmDetails(SHOWCASE.disciplinaryFrn).disciplinary.length, 10);
  values.umbrellaSubfundLastPage = pages(d.funds.get(SHOWCASE.umbrellaFundPrn)!.subFundPrns.length, 20);
  return values;
}

export function resolveRequest(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`unknown placeholder {${name}} in ${template}`);
    return v;
  });
}

// ---------------------------------------------------------------------------------------------
// Our fixtures

export interface Fixture {
  file: string;
  description: string;
  /** The request the fixture answers (its links point at it). */
  request: string;
  /** The analogous sandbox request (a template). */
  sandboxRequest: string;
  /** "none": no auth headers; "unknown": an unknown e-mail and key. */
  auth?: 'none' | 'unknown';
  /** "rate-limited": asked of a sandbox whose user is already over the limit. */
  scenario?: 'rate-limited';
  /** Set when the fixture records a sandbox assumption about an UNKNOWN live behaviour. */
  assumption?: string;
  status: number;
  contentType: string;
  layout: 'pretty' | 'compact';
  body: Json;
}

export const FIXTURES_DIR = fileURLToPath(new URL('./fixtures', import.meta.url));

export function loadFixtures(dir = FIXTURES_DIR): Fixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Omit<Fixture, 'file'>) }));
}

// ---------------------------------------------------------------------------------------------
// Recorded live exchanges

export interface RecordedAnalogue {
  sandboxRequest: string;
  /** For recorders that kept no URL. */
  recordedRequest?: string;
  /**
   * Differences the comparator must find, because the recording shows an older shape than the one
   * the sandbox follows (the 2023 firm record). Each is matched against "path: problem".
   */
  expectedDifferences?: RegExp[];
}

const CP_2023 = [/\(http\): Content-Type "application\/json", expected "application\/json;charset=UTF-8"/, /\(layout\): body is pretty JSON, expected compact/];

/** One entry per recorded file; a file without an entry fails the recorded test, so new recordings get mapped. */
export const RECORDED_ANALOGUES: Record<string, RecordedAnalogue> = {
  'cis-1006826-subfund-all-null.json': { sandboxRequest: '/CIS/{subFundPrn}/Subfund' },
  'cis-1234567890-not-found.json': { sandboxRequest: '/CIS/1234567890' },
  'cis-185045-names.json': { sandboxRequest: '/CIS/{umbrellaFundPrn}/Names' },
  'cis-185045-subfund-pgnp1.json': { sandboxRequest: '/CIS/{umbrellaFundPrn}/Subfund?pgnp=1' },
  'cis-185045-subfund-pgnp2.json': { sandboxRequest: '/CIS/{umbrellaFundPrn}/Subfund?pgnp={umbrellaSubfundLastPage}' },
  'cis-185045.json': { sandboxRequest: '/CIS/{umbrellaFundPrn}' },
  'commonsearch-RM.json': { sandboxRequest: '/CommonSearch?q=RM' },
  'cp-2023-06-14-firm-439536-details.json': {
    sandboxRequest: '/Firm/{appointedRepresentativeFrn}',
    recordedRequest: '/Firm/439536',
    expectedDifferences: [
      ...CP_2023,
      /Data\[\]\.Exceptional Info Details: unexpected key/,
      /Data\[\]\.Exceptional Info Title: missing key/,
      /Data\[\]\.Exceptional Info Body: missing key/,
    ],
  },
  'cp-2023-06-14-firm-details-not-found.json': { sandboxRequest: '/Firm/1234567890', recordedRequest: '/Firm/1234567890', expectedDifferences: CP_2023 },
  'firm-113849-address.json': { sandboxRequest: '/Firm/{bankFrn}/Address' },
  'firm-113849-ar.json': { sandboxRequest: '/Firm/{noLongerAuthorisedFrn0}/AR' },
  'firm-113849-cf-page1.json': { sandboxRequest: '/Firm/{bankFrn}/CF' },
  'firm-113849-disciplinary-not-found.json': { sandboxRequest: '/Firm/{bankFrn}/DisciplinaryHistory' },
  'firm-113849-found.json': { sandboxRequest: '/Firm/{bankFrn}' },
  'firm-113849-names.json': { sandboxRequest: '/Firm/{nonAsciiFrn}/Names' },
  'firm-113849-passport-Germany-permission-not-found.json': { sandboxRequest: '/Firm/{exceptionalInfoFrn}/Passports/Germany/Permission' },
  'firm-113849-passport-Gibraltar-permission.json': { sandboxRequest: '/Firm/{bankFrn}/Passports/Gibraltar/Permission' },
  'firm-113849-passports.json': { sandboxRequest: '/Firm/{exceptionalInfoFrn}/Passports' },
  'firm-113849-permissions.json': { sandboxRequest: '/Firm/{exceptionalInfoFrn}/Permissions' },
  'firm-113849-regulators.json': { sandboxRequest: '/Firm/{bankFrn}/Regulators' },
  'firm-113849-requirements.json': { sandboxRequest: '/Firm/{exceptionalInfoFrn}/Requirements' },
  'firm-122702-disciplinary-pgnp2-last.json': { sandboxRequest: '/Firm/{disciplinaryFrn}/DisciplinaryHistory?pgnp={disciplinaryLastPage}' },
  'firm-122702-exclusions.json': { sandboxRequest: '/Firm/{paymentInstitutionFrn}/Exclusions' },
  'firm-122702-req-OR-0262545-investmenttypes.json': { sandboxRequest: '/Firm/{bankFrn}/Requirements/{bankRequirementRef}/InvestmentTypes' },
  'firm-122702-req-OR-1234567890-investmenttypes-bad-request.json': { sandboxRequest: '/Firm/{bankFrn}/Requirements/OR-1234567890/InvestmentTypes' },
  'firm-122702-waivers-pgnp1.json': { sandboxRequest: '/Firm/{bankFrn}/Waivers?pgnp=1' },
  'firm-1234567890-ar-empty.json': { sandboxRequest: '/Firm/1234567890/AR' },
  'firm-1234567890-not-found.json': { sandboxRequest: '/Firm/1234567890' },
  'firm-454811-ar-pgnp1.json': { sandboxRequest: '/Firm/{networkPrincipalFrn}/AR?pgnp=1' },
  'firm-454811-ar-pgnp83-last.json': { sandboxRequest: '/Firm/{networkPrincipalFrn}/AR?pgnp={networkArLastPage}' },
  'firm-484231-permissions-none.json': { sandboxRequest: '/Firm/{appointedRepresentativeFrn}/Permissions?pgnp=1' },
  'firm-552016-individuals-pgnp1.json': { sandboxRequest: '/Firm/{bankFrn}/Individuals?pgnp=1' },
  'firm-552016-individuals-pgnp6-last.json': { sandboxRequest: '/Firm/{bankFrn}/Individuals?pgnp={bankIndividualsLastPage}' },
  'individual-1234567890-not-found.json': { sandboxRequest: '/Individuals/1234567890' },
  'individual-BXK69703-commonly-used-name-None.json': { sandboxRequest: '/Individuals/{prohibitedIrn}' },
  'individual-LXM01328-disciplinary.json': { sandboxRequest: '/Individuals/{prohibitedIrn}/DisciplinaryHistory' },
  'individual-MXC29012-cf.json': { sandboxRequest: '/Individuals/{bankIndividualIrn}/CF' },
  'individual-MXC29012.json': { sandboxRequest: '/Individuals/{bankIndividualIrn}' },
  'raw-2026-01-07-firm-113849.json': { sandboxRequest: '/Firm/{bankFrn}' },
  'raw-2026-01-07-firm-113849.body.txt': { sandboxRequest: '/Firm/{bankFrn}' },
  'raw-2026-01-07-firm-1234567890-not-found.json': { sandboxRequest: '/Firm/1234567890' },
  'raw-2026-01-07-firm-1234567890-not-found.body.txt': { sandboxRequest: '/Firm/1234567890' },
  'search-firm-no-results.json': { sandboxRequest: '/Search?q=non existent firm&type=firm' },
  'search-firm-revolution-pgnp2.json': { sandboxRequest: '/Search?q={unauthorisedSearch}&type=firm&pgnp=2' },
  'search-individual-andrew-bailey.json': { sandboxRequest: '/Search?q={individualSearch}&type=individual' },
  'search-individual-q-IRN-MXC29012.json': { sandboxRequest: '/Search?q={bankIndividualIrn}&type=individual' },
};
