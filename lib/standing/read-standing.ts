import type { DisciplinaryAction, Firm, Individual, IndividualControlledFunctions, Requirement } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { AllPagesResult, CallOptions, Priority, RegisterFailure, RegisterResult } from '@/lib/register/result';
import type { FirmFacts } from './firm-standing';
import type { IndividualFacts } from './individual-standing';
import { readFailed, readOk, type Read } from './standing';

/**
 * Reading what a standing needs, through the register client, for code that has the record
 * already (a bulk row, a reconciliation preview or extension, the watch): a firm's requirements
 * and every page of its disciplinary history; an individual's disciplinary history and controlled
 * functions. A fund's standing needs nothing beyond its record.
 *
 * The register's "not found" for these lists means "none" (an empty list). Any other failure
 * leaves the source unread, which the standing says (never clear); a caller that wants to retry
 * later instead (a bulk row) throws from `note`, which sees every answer first.
 */

/** Register calls a standing adds to the record's one, per kind (a disciplinary history longer than one page adds a call a page). */
export const STANDING_CALLS = { firm: 2, individual: 2, fund: 0 } as const;

/** Pages of a disciplinary history read at most (10 actions a page). */
export const DISCIPLINARY_PAGES = 5;

export interface StandingReadOptions {
  priority: Priority;
  maxWaitMs?: number;
  /** Read past the cache (a principal's AR standings, which must see today's register). */
  refresh?: boolean;
  /** Sees each answer (to count live calls, or to throw so the caller retries later). */
  note?: (result: RegisterResult<unknown> | AllPagesResult<unknown>) => void;
}

/**
 * Why a source was not read, as a standing's reason says it. A call the pacer did not send in time
 * (the register's budget is in use) is not a failure of the register: the reason says it was not
 * read yet and that a reload will read it.
 */
function failureReason(result: RegisterFailure): string {
  if (result.kind === 'rate-limited' && !result.fromUpstream) return "not read yet: the portal was keeping within the register's request limit; reload in a moment";
  return result.message;
}

function listRead<T>(result: RegisterResult<T[]>): Read<T[]> {
  if (result.kind === 'ok') return readOk(result.data);
  if (result.kind === 'not-found') return readOk([]);
  return readFailed(failureReason(result));
}

function historyRead(result: AllPagesResult<DisciplinaryAction[]>): Read<{ actions: DisciplinaryAction[]; total?: number }> {
  if (result.kind === 'ok') {
    const total = result.page.totalCount;
    return readOk({ actions: result.data, ...(total !== undefined ? { total } : result.truncated ? { total: result.data.length + 1 } : {}) });
  }
  if (result.kind === 'not-found') return readOk({ actions: [] });
  return readFailed(failureReason(result));
}

function callOptions(options: StandingReadOptions): CallOptions {
  return { priority: options.priority, ...(options.maxWaitMs !== undefined ? { maxWaitMs: options.maxWaitMs } : {}), ...(options.refresh ? { refresh: true } : {}) };
}

export async function readFirmFacts(client: RegisterClient, record: Firm, options: StandingReadOptions): Promise<FirmFacts> {
  const note = options.note ?? (() => undefined);
  const [requirements, history] = await Promise.all([
    client.firmRequirements(record.frn, callOptions(options)),
    client.allPages(client.firmDisciplinaryHistory, [record.frn], {
      priority: options.priority,
      maxPages: DISCIPLINARY_PAGES,
      maxWaitMs: options.maxWaitMs,
      refresh: options.refresh,
    }),
  ]);
  note(requirements);
  note(history);
  return { record, requirements: listRead<Requirement>(requirements), disciplinary: historyRead(history) };
}

export async function readIndividualFacts(client: RegisterClient, record: Individual, options: StandingReadOptions): Promise<IndividualFacts> {
  const note = options.note ?? (() => undefined);
  const [history, functions] = await Promise.all([
    client.allPages(client.individualDisciplinaryHistory, [record.irn], { priority: options.priority, maxPages: DISCIPLINARY_PAGES, maxWaitMs: options.maxWaitMs }),
    client.individualControlledFunctions(record.irn, callOptions(options)),
  ]);
  note(history);
  note(functions);
  const cf: Read<IndividualControlledFunctions> =
    functions.kind === 'ok' ? readOk(functions.data) : functions.kind === 'not-found' ? readOk({ current: [], previous: [], extra: {} }) : readFailed(failureReason(functions));
  return { record, disciplinary: historyRead(history), functions: cf };
}
