import type { CsvColumn } from '@/lib/csv/csv';
import { otherFieldsColumn as other } from '@/lib/csv/csv-cells';
import type * as M from '@/lib/register/model';
import { keyOf } from './section-kit';

/**
 * The register's lists that belong to no one entity: search results and the regulated markets.
 * Declared once like the entities' sections: their pages, tables and CSV exports read these.
 */
export interface RegisterList<Row> {
  /** The list's short name mid-sentence ("regulated markets"). */
  label: string;
  /** A row's identity within the list, as every section declares one (for matching two readings of it). */
  key: (row: Row) => string;
  columns: CsvColumn<Row>[];
}

/** Search results; their nouns depend on the kind searched ("2 firms"), so the search page words them. */
export const SEARCH_RESULTS: RegisterList<M.SearchResult> = {
  label: 'search results',
  key: (r) => keyOf(r.type, r.referenceNumber, r.name),
  columns: [
    { header: 'Name', value: (r) => r.name },
    { header: 'Reference number', value: (r) => r.referenceNumber },
    { header: 'Status', value: (r) => r.status },
    { header: 'Type', value: (r) => r.type },
    { header: 'Postcode', value: (r) => r.postcode },
    { header: 'Region', value: (r) => r.region },
    { header: 'Unauthorised or clone', value: (r) => r.unauthorised },
    { header: 'Name as listed', value: (r) => r.listedName },
    other(),
  ],
};

export const REGULATED_MARKETS: RegisterList<M.RegulatedMarket> & { title: string; unit: [string, string] } = {
  title: 'Regulated markets',
  label: 'regulated markets',
  unit: ['market', 'markets'],
  key: (r) => keyOf(r.referenceNumber, r.name),
  columns: [
    { header: 'Name', value: (r) => r.name },
    { header: 'Trading name', value: (r) => r.tradingName },
    { header: 'Type', value: (r) => r.type },
    { header: 'Reference number', value: (r) => r.referenceNumber },
    { header: 'Status', value: (r) => r.status },
    { header: 'Firm FRN', value: (r) => r.frn },
    other(),
  ],
};
