import { CHANGE_SEVERITIES, CHANGE_STATES, type ChangeFilters } from '@/lib/watch/watch-store';
import type { ChangeSeverity, ChangeState, EntityKind } from '@/lib/db/schema';
import { checkFrn, checkIrn, checkPrn } from '@/lib/register/validate';
import { isWatchlistId } from './ids';

type Params = Record<string, string | string[] | undefined>;

export interface ParsedChangeFilters {
  filters: ChangeFilters;
  /** The values as given (trimmed), to fill the form again. */
  values: { state: string; severity: string; list: string; kind: string; ref: string; q: string };
  /** What is wrong with them, in words; the inbox shows these instead of running the query. */
  problems: string[];
}

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

/** The inbox's query string checked before it reaches SQL: each bad filter is named. */
export function parseChangeFilters(params: Params): ParsedChangeFilters {
  const values = {
    state: first(params.state),
    severity: first(params.severity),
    list: first(params.list),
    kind: first(params.kind),
    ref: first(params.ref).toUpperCase(),
    q: first(params.q).slice(0, 100),
  };
  const problems: string[] = [];
  const filters: ChangeFilters = {};
  if (values.state) {
    if ((CHANGE_STATES as readonly string[]).includes(values.state)) filters.state = values.state as ChangeState;
    else problems.push(`State must be one of ${CHANGE_STATES.join(', ')}.`);
  }
  if (values.severity) {
    if ((CHANGE_SEVERITIES as readonly string[]).includes(values.severity)) filters.severity = values.severity as ChangeSeverity;
    else problems.push(`Severity must be one of ${CHANGE_SEVERITIES.join(', ')}.`);
  }
  if (values.list) {
    if (isWatchlistId(values.list)) filters.watchlistId = values.list;
    else problems.push('That watchlist does not exist: choose one from the list.');
  }
  if (values.kind) {
    if (values.kind === 'firm' || values.kind === 'individual' || values.kind === 'fund') filters.kind = values.kind as EntityKind;
    else problems.push('Kind must be firm, individual or fund.');
  }
  if (values.ref) {
    const checked = /^[A-Z]/.test(values.ref) ? checkIrn(values.ref) : filters.kind === 'fund' ? checkPrn(values.ref) : checkFrn(values.ref);
    if (checked.ok) filters.ref = checked.value;
    else problems.push(/^[A-Z]/.test(values.ref) ? checked.message : `"${values.ref.slice(0, 20)}" is not an FRN, IRN or PRN.`);
  }
  if (values.q) filters.text = values.q;
  return { filters, values, problems };
}
