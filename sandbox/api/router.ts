/** Maps a path below the API base to its endpoint handler. */
import type { ApiAnswer } from './envelope';
import type { ApiContext } from './context';
import {
  firmAddress,
  firmAppointedRepresentatives,
  firmControlledFunctions,
  firmDetail,
  firmDisciplinaryHistory,
  firmExclusions,
  firmIndividuals,
  firmNames,
  firmPassportPermissions,
  firmPassports,
  firmPermissions,
  firmRegulators,
  firmRequirementInvestmentTypes,
  firmRequirements,
  firmWaivers,
} from './firm-endpoints';
import { individualControlledFunctions, individualDetail, individualDisciplinaryHistory } from './individual-endpoints';
import { fundDetail, fundNames, fundSubfunds } from './cis-endpoints';
import { commonSearch, search } from './search-endpoints';

type FirmHandler = (ctx: ApiContext, frn: string) => ApiAnswer;

const FIRM_SECTIONS: Record<string, FirmHandler> = {
  Address: firmAddress,
  AR: firmAppointedRepresentatives,
  CF: firmControlledFunctions,
  DisciplinaryHistory: firmDisciplinaryHistory,
  Exclusions: firmExclusions,
  Individuals: firmIndividuals,
  Names: firmNames,
  Passports: firmPassports,
  Permissions: firmPermissions,
  Regulators: firmRegulators,
  Requirements: firmRequirements,
  Waivers: firmWaivers,
  // Sandbox assumption: the docs' singular path is an alias (every client uses Waivers).
  Waiver: firmWaivers,
};

/** The endpoint answer, or null when no endpoint matches (the server answers 404). */
export function route(ctx: ApiContext, segments: string[]): ApiAnswer | null {
  const [head, id, section, key, tail, ...rest] = segments;
  if (rest.length > 0) return null;
  switch (head) {
    case 'Firm':
      if (id === undefined) return null;
      if (section === undefined) return firmDetail(ctx, id);
      if (key === undefined) return Object.hasOwn(FIRM_SECTIONS, section) ? FIRM_SECTIONS[section](ctx, id) : null;
      if (section === 'Passports' && tail === 'Permission') return firmPassportPermissions(ctx, id, key);
      if (section === 'Requirements' && tail === 'InvestmentTypes') return firmRequirementInvestmentTypes(ctx, id, key);
      return null;
    case 'Individuals':
      if (id === undefined || key !== undefined) return null;
      if (section === undefined) return individualDetail(ctx, id);
      if (section === 'CF') return individualControlledFunctions(ctx, id);
      if (section === 'DisciplinaryHistory') return individualDisciplinaryHistory(ctx, id);
      return null;
    case 'CIS':
      if (id === undefined || key !== undefined) return null;
      if (section === undefined) return fundDetail(ctx, id);
      if (section === 'Names') return fundNames(ctx, id);
      if (section === 'Subfund') return fundSubfunds(ctx, id);
      return null;
    case 'Search':
      return id === undefined ? search(ctx) : null;
    case 'CommonSearch':
      return id === undefined ? commonSearch(ctx) : null;
    default:
      return null;
  }
}
