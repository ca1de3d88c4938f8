import type { SearchResult, SearchType } from '@/lib/register/model';
import type { RegisterClient } from '@/lib/register/register-client-types';
import type { CallOptions, RegisterFailure, RegisterResult } from '@/lib/register/result';
import { checkSearchText } from '@/lib/register/validate';
import { entityPath, searchPath } from '@/lib/routes/portal-paths';
import { jumpForQuery } from '@/lib/routes/reference-query';
import { normaliseTypeaheadQuery, TYPEAHEAD_MIN_CHARS, type TypeaheadBody, type TypeaheadErrorBody, type TypeaheadResult } from './typeahead-query';

/**
 * The header typeahead's server side, apart from HTTP so it can be tested with a fake client.
 *
 * Cost per settled query (the browser waits TYPEAHEAD_DEBOUNCE_MS and needs TYPEAHEAD_MIN_CHARS):
 * - words: one /Search per type (firm, individual, fund), first page only, so at most 3 requests;
 *   repeats within the search cache time (5 min by default) cost nothing, and the query is
 *   normalised so case and spacing variants share one cache entry;
 * - an IRN: one /Individuals/{IRN}; 6- or 7-digit numbers: /Firm/{n} and /CIS/{n}. Both warm the
 *   cache for the page the user is about to open; shorter digit strings (an FRN still being typed)
 *   cost nothing.
 * Suggestions must never hold up pages: when the pacer cannot send at once, or a call would wait
 * more than MAX_WAIT_MS for a slot, the typeahead answers "busy" instead of queueing.
 */

export const PER_TYPE = { firm: 4, individual: 3, fund: 3 } as const;
const MAX_WAIT_MS = 800;
const CALL: CallOptions = { priority: 'interactive', maxWaitMs: MAX_WAIT_MS, onBlock: 'fail' };

export type TypeaheadClient = Pick<RegisterClient, 'search' | 'firm' | 'individual' | 'fund' | 'expectedWait'>;

export type TypeaheadResponse = { status: 200; body: TypeaheadBody } | { status: 400 | 429 | 502 | 503; body: TypeaheadErrorBody; retryAfterSeconds?: number };

const TYPE_WORDS: Record<SearchType, string> = { firm: 'firms', individual: 'individuals', fund: 'funds' };

function fromSearch(row: SearchResult, q: string, type: SearchType): TypeaheadResult | undefined {
  const name = row.name ?? row.listedName;
  if (!name) return undefined;
  const href = row.linkable && row.referenceNumber ? entityPath(row.entity, row.referenceNumber) : searchPath(q, type);
  const result: TypeaheadResult = { name, type: row.type ?? TYPE_WORDS[type], href, entity: row.entity };
  if (row.referenceNumber) result.referenceNumber = row.referenceNumber;
  if (row.status) result.status = row.status;
  if (row.unauthorised) result.warning = /\bclone\b/i.test(row.listedName ?? '') ? 'Clone of an authorised firm' : 'Unauthorised firm';
  return result;
}

function failureResponse(failure: RegisterFailure): TypeaheadResponse {
  switch (failure.kind) {
    case 'rate-limited':
      return {
        status: 429,
        body: {
          error: 'rate-limited',
          message: `The register is busy; suggestions are paused for about ${Math.max(1, failure.retryAfterSeconds)} s. Press Enter to search.`,
          retryAfterSeconds: failure.retryAfterSeconds,
        },
        retryAfterSeconds: failure.retryAfterSeconds,
      };
    case 'unauthorised':
      return {
        status: 502,
        body: { error: 'register-refused-key', message: 'The register refused the portal’s API key, so no suggestions can be fetched. Tell the portal’s operator.' },
      };
    case 'bad-input':
      return { status: 400, body: { error: 'bad-input', message: failure.message } };
    default:
      return {
        status: 502,
        body: { error: 'register-unavailable', message: 'The register is not answering properly, so no suggestions can be fetched. Press Enter to search, or try again shortly.' },
      };
  }
}

function failureMessage(failure: RegisterFailure): string {
  const answer = failureResponse(failure);
  return 'message' in answer.body ? answer.body.message : failure.message;
}

function busy(waitMs: number): TypeaheadResponse {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    status: 503,
    body: { error: 'rate-limited', message: 'The register is busy serving pages; suggestions are paused for a moment. Press Enter to search.', retryAfterSeconds: seconds },
    retryAfterSeconds: seconds,
  };
}

/** Runs the lookups and keeps what answered; fails only when nothing did. */
async function gather(q: string, lookups: Array<{ label: string; run: () => Promise<TypeaheadResult[] | RegisterFailure> }>): Promise<TypeaheadResponse> {
  const settled = await Promise.all(lookups.map((l) => l.run()));
  const results: TypeaheadResult[] = [];
  const failures: { label: string; failure: RegisterFailure }[] = [];
  settled.forEach((s, i) => {
    if (Array.isArray(s)) results.push(...s);
    else failures.push({ label: lookups[i].label, failure: s });
  });
  if (failures.length > 0 && failures.length === lookups.length) return failureResponse(failures[0].failure);
  const body: TypeaheadBody = { query: q, results };
  if (failures.length > 0) body.notices = failures.map((f) => `No ${f.label} suggestions: ${failureMessage(f.failure)}`);
  return { status: 200, body };
}

/** Absent (not found) is an empty list; other failures are kept for the caller. */
function rows<T>(result: RegisterResult<T>, map: (data: T) => TypeaheadResult[]): TypeaheadResult[] | RegisterFailure {
  if (result.kind === 'ok') return map(result.data);
  if (result.kind === 'not-found') return [];
  return result;
}

export async function typeahead(rawQuery: string | null, client: TypeaheadClient): Promise<TypeaheadResponse> {
  const q = normaliseTypeaheadQuery(rawQuery ?? '');
  if (q.length < TYPEAHEAD_MIN_CHARS) {
    return { status: 400, body: { error: 'bad-input', message: `Type at least ${TYPEAHEAD_MIN_CHARS} characters for suggestions.` } };
  }
  const jump = jumpForQuery(q);
  if (!jump || jump.kind !== 'path') {
    const checked = checkSearchText(q);
    if (!checked.ok) return { status: 400, body: { error: 'bad-input', message: checked.message } };
  }

  const wait = await client.expectedWait('interactive');
  if (wait > MAX_WAIT_MS) return busy(wait);

  if (jump?.kind === 'path') {
    // A pasted register URL: nothing to look up, the portal path is the suggestion.
    return {
      status: 200,
      body: {
        query: q,
        results: [
          {
            name: `Open ${jump.path}`,
            type: 'Register link',
            href: jump.path,
            entity: jump.path.startsWith('/individual') ? 'individual' : jump.path.startsWith('/fund') ? 'fund' : 'firm',
          },
        ],
      },
    };
  }

  if (jump?.entity === 'individual') {
    const irn = jump.ref;
    return gather(q, [
      {
        label: 'individual',
        run: async () =>
          rows(await client.individual(irn, CALL), (i) => [
            { name: i.fullName ?? irn, referenceNumber: i.irn, type: 'Individual', status: i.status, href: entityPath('individual', i.irn), entity: 'individual' },
          ]),
      },
    ]);
  }

  if (jump?.kind === 'entity' && (jump.entity === 'firm' || jump.entity === 'fund')) {
    // Digits still being typed would each cost two requests; FRNs and PRNs in use have 6 or 7.
    if (jump.ref.length < 6) return { status: 200, body: { query: q, results: [] } };
    const n = jump.ref;
    return gather(q, [
      {
        label: 'firm',
        run: async () =>
          rows(await client.firm(n, CALL), (f) => [
            { name: f.name ?? `FRN ${n}`, referenceNumber: f.frn, type: f.businessType ?? 'Firm', status: f.status, href: entityPath('firm', f.frn), entity: 'firm' },
          ]),
      },
      {
        label: 'fund',
        run: async () =>
          rows(await client.fund(n, CALL), (f) => [
            {
              name: `Fund PRN ${n}${f.schemeType ? ` (${f.schemeType})` : ''}`,
              referenceNumber: f.prn,
              type: 'Collective investment scheme',
              status: f.status,
              href: entityPath('fund', f.prn),
              entity: 'fund',
            },
          ]),
      },
    ]);
  }

  const types: SearchType[] = ['firm', 'individual', 'fund'];
  return gather(
    q,
    types.map((type) => ({
      label: type,
      run: async () =>
        rows(await client.search(q, type, CALL), (found) =>
          found
            .map((row) => fromSearch(row, q, type))
            .filter((r): r is TypeaheadResult => r !== undefined)
            .slice(0, PER_TYPE[type]),
        ),
    })),
  );
}
