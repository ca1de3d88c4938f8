import type { SearchType } from '@/lib/register/model';
import { searchPath } from '@/lib/routes/portal-paths';
import { EntityTabs } from '@/components/register/entity-tabs';

const LABELS: Record<SearchType, string> = { firm: 'Firms', individual: 'Individuals', fund: 'Funds' };

/** Switches the same words between firms, individuals and funds (page 1 of each). */
export function SearchTypeTabs({ query, type }: { query: string; type: SearchType }) {
  return <EntityTabs label="Result type" tabs={(Object.keys(LABELS) as SearchType[]).map((t) => ({ href: searchPath(query, t), label: LABELS[t], current: t === type }))} />;
}
