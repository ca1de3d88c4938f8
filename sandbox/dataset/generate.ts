/**
 * Builds the sandbox dataset: deterministic for a (seed, sizes) pair and built once per process
 * for that pair, so several sandboxes in one test run share it.
 */
import { Rng } from '../prng';
import { DatasetBuilder } from './builder';
import { generateFirmDetails } from './firm-details';
import { firmPools, generateAppointments, generateFirms, generateFunds, generateIndividuals, generateUnauthorised } from './population';
import { SearchIndex } from './search-index';
import { buildScreeningRecords, reserveScreeningNumbers } from './screening-records';
import { buildSharedRepresentatives } from './shared-representatives';
import { buildShowcase, reserveShowcaseNumbers } from './showcase-records';
import type { DatasetSizes, FirmDetails, FirmRecord, FundRecord, IndividualRecord, RegulatedMarketRecord, UnauthorisedRecord } from './types';

export interface Dataset {
  seed: string;
  sizes: DatasetSizes;
  firms: ReadonlyMap<string, FirmRecord>;
  individuals: ReadonlyMap<string, IndividualRecord>;
  funds: ReadonlyMap<string, FundRecord>;
  unauthorised: readonly UnauthorisedRecord[];
  markets: readonly RegulatedMarketRecord[];
  search: SearchIndex;
  /** The sections behind a firm's sub-resources. */
  firmDetails(frn: string): FirmDetails;
  /** How long generation took, for the health endpoint and the speed test. */
  buildMs: number;
}

/** Five regulated markets (fictional), in the order CommonSearch lists them. */
export const REGULATED_MARKETS: RegulatedMarketRecord[] = [
  { name: 'The Northgate Metal Exchange', tradingName: '' },
  { name: 'Meridian Futures Europe', tradingName: '' },
  { name: 'Thames Stock Exchange', tradingName: '' },
  { name: 'Kestrel Securities Exchange Limited', tradingName: 'Kestrel Securities & Derivatives Exchange Limited' },
  { name: 'Solway Europe Equities Regulated Market', tradingName: '' },
];

const cache = new Map<string, Dataset>();

export function buildDataset(seed: string | number, sizes: DatasetSizes): Dataset {
  const seedText = String(seed);
  const key = `${seedText}\u0000${sizes.firms}\u0000${sizes.individuals}\u0000${sizes.funds}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const dataset = generateDataset(seedText, sizes);
  cache.set(key, dataset);
  return dataset;
}

/** Always builds afresh (buildDataset caches); for tests of determinism and speed. */
export function generateDataset(seed: string, sizes: DatasetSizes): Dataset {
  const started = performance.now();
  const b = new DatasetBuilder(seed);
  reserveShowcaseNumbers(b);
  reserveScreeningNumbers(b);

  const population = generateFirms(b, new Rng(seed, 'firms'), sizes.firms);
  generateAppointments(b, new Rng(seed, 'appointments'), population);
  const pools = firmPools([...b.firms.values()]);
  buildShowcase(b, new Rng(seed, 'showcase'), population, pools);
  // People are spread over every firm, showcase firms included (except those with a fixed staff).
  generateIndividuals(b, new Rng(seed, 'individuals'), sizes.individuals, firmPools([...b.firms.values()]));

  const operators = [...b.firms.values()].filter((f) => f.kind === 'authorised' && f.profile === 'fund-manager');
  const depositaries = [...b.firms.values()].filter((f) => f.kind === 'authorised' && (f.profile === 'depositary' || f.profile === 'bank'));
  generateFunds(b, new Rng(seed, 'funds'), sizes.funds, operators, depositaries);
  generateUnauthorised(b, new Rng(seed, 'unauthorised'), population);
  // Last, on their own stream: the rest of the dataset is the same with or without them.
  buildScreeningRecords(b, new Rng(seed, 'screening'));
  // Then ARs with a second principal, also on their own stream.
  buildSharedRepresentatives(b, new Rng(seed, 'shared-representatives'));
  b.finish();

  const search = new SearchIndex(b.firms.values(), b.unauthorised, b.individuals.values(), b.funds.values());
  const detailsCache = new Map<string, FirmDetails>();
  const firms = b.firms;
  return {
    seed,
    sizes: { ...sizes },
    firms,
    individuals: b.individuals,
    funds: b.funds,
    unauthorised: b.unauthorised,
    markets: REGULATED_MARKETS,
    search,
    firmDetails(frn: string): FirmDetails {
      const firm = firms.get(frn);
      if (!firm) throw new Error(`no firm ${frn}`);
      if (firm.details) return firm.details;
      let details = detailsCache.get(frn);
      if (!details) {
        details = generateFirmDetails(seed, firm);
        detailsCache.set(frn, details);
      }
      return details;
    },
    buildMs: performance.now() - started,
  };
}
