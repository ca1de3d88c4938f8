import type { SearchType } from './model';
import type { EndpointName } from './register-client-types';

/**
 * Reads an API-shaped path ("/Firm/122702/AR?pgnp=2", or a full register URL, apexrest included)
 * back into the endpoint, its arguments and page. Used to route the register's own links and
 * API-shaped portal paths, and to replay recorded exchanges in tests. Matching is case-insensitive
 * on the fixed segments, as the register's is.
 */

export interface ApiPath {
  endpoint: EndpointName;
  args: string[];
  page: number;
}

const FIRM_TAILS: Record<string, EndpointName> = {
  '': 'firm',
  address: 'firmAddresses',
  ar: 'firmAppointedRepresentatives',
  cf: 'firmControlledFunctions',
  disciplinaryhistory: 'firmDisciplinaryHistory',
  exclusions: 'firmExclusions',
  individuals: 'firmIndividuals',
  names: 'firmNames',
  passports: 'firmPassports',
  permissions: 'firmPermissions',
  regulators: 'firmRegulators',
  requirements: 'firmRequirements',
  waivers: 'firmWaivers',
};

const INDIVIDUAL_TAILS: Record<string, EndpointName> = {
  '': 'individual',
  cf: 'individualControlledFunctions',
  disciplinaryhistory: 'individualDisciplinaryHistory',
};

const FUND_TAILS: Record<string, EndpointName> = { '': 'fund', names: 'fundNames', subfund: 'fundSubfunds' };

export function parseApiPath(input: string): ApiPath | undefined {
  let pathname: string;
  let search: URLSearchParams;
  try {
    const url = new URL(input, 'https://register.fca.org.uk/services/V0.1/');
    pathname = url.pathname;
    // Links echo query values unencoded ("q=andrew bailey"); URL parsing copes with the raw space.
    search = url.searchParams;
  } catch {
    return undefined;
  }
  const rel = pathname.replace(/^.*?\/services\/(?:apexrest\/)?V0\.1/i, '');
  const segments = rel
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => decodeURIComponent(s));
  const pageRaw = search.get('pgnp');
  const page = pageRaw && /^\d+$/.test(pageRaw) && Number(pageRaw) >= 1 ? Number(pageRaw) : 1;
  const [head, id, ...rest] = segments;
  const lower = (s: string | undefined) => (s ?? '').toLowerCase();

  switch (lower(head)) {
    case 'firm': {
      if (!id) return undefined;
      if (rest.length === 3 && lower(rest[0]) === 'passports' && lower(rest[2]) === 'permission') {
        return { endpoint: 'firmPassportPermissions', args: [id, rest[1]], page };
      }
      if (rest.length === 3 && lower(rest[0]) === 'requirements' && lower(rest[2]) === 'investmenttypes') {
        return { endpoint: 'firmRequirementInvestmentTypes', args: [id, rest[1]], page };
      }
      if (rest.length > 1) return undefined;
      const endpoint = FIRM_TAILS[lower(rest[0])];
      return endpoint ? { endpoint, args: [id], page } : undefined;
    }
    case 'individuals': {
      if (!id || rest.length > 1) return undefined;
      const endpoint = INDIVIDUAL_TAILS[lower(rest[0])];
      return endpoint ? { endpoint, args: [id], page } : undefined;
    }
    case 'cis': {
      if (!id || rest.length > 1) return undefined;
      const endpoint = FUND_TAILS[lower(rest[0])];
      return endpoint ? { endpoint, args: [id], page } : undefined;
    }
    case 'search': {
      const q = search.get('q');
      const type = (search.get('type') ?? 'firm').toLowerCase() as SearchType;
      return q ? { endpoint: 'search', args: [q, type], page } : undefined;
    }
    case 'commonsearch':
      return { endpoint: 'regulatedMarkets', args: [], page };
    default:
      return undefined;
  }
}
