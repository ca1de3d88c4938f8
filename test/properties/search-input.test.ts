import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchType } from '@/lib/register/model';
import type { RegisterResult } from '@/lib/register/result';
import { checkFrn, checkIrn, checkPage, checkPrn, checkSearchText, checkSearchType } from '@/lib/register/validate';
import { jumpForQuery } from '@/lib/routes/reference-query';
import { typeahead, type TypeaheadClient } from '@/lib/search/typeahead';
import { normaliseTypeaheadQuery } from '@/lib/search/typeahead-query';
import { searchText } from './arbitraries';

// Property-based: whatever is typed into a search box (the search page's q, type and page, and
// the header typeahead's q) gets an answer: a search, a jump to a record, or a clear refusal;
// never an exception, and nothing reaches the register that its own checks would refuse.

const searchType = fc.oneof(fc.constantFrom<SearchType>('firm', 'individual', 'fund'), fc.string({ maxLength: 12 }));
const CHECKS = { firm: checkFrn, individual: checkIrn, fund: checkPrn } as const;

describe('search page input', () => {
  it('q, type and page are each accepted in canonical form or refused with a message naming the field', () => {
    fc.assert(
      fc.property(searchText, searchType, fc.oneof(fc.string({ maxLength: 12 }), fc.stringMatching(/^-?\d{1,25}$/)), (q, type, page) => {
        for (const [checked, field] of [
          [checkSearchText(q), 'q'],
          [checkSearchType(type), 'type'],
          [checkPage(page), 'page'],
        ] as const) {
          if (checked.ok) continue;
          expect(checked.field).toBe(field);
          expect(checked.message.length).toBeGreaterThan(10);
          expect(checked.message.length).toBeLessThan(200);
        }
        const text = checkSearchText(q);
        if (text.ok) {
          expect(text.value.length).toBeGreaterThan(0);
          expect(text.value.length).toBeLessThanOrEqual(100);
          expect(checkSearchText(text.value)).toEqual(text);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('a jump goes to a valid reference or a portal path, never elsewhere', () => {
    fc.assert(
      fc.property(searchText, fc.constantFrom<SearchType>('firm', 'individual', 'fund'), (q, type) => {
        const jump = jumpForQuery(q, type);
        if (!jump) return;
        if (jump.kind === 'path') {
          expect(jump.path).toMatch(/^\/(?:firm|individual|fund)\//);
          return;
        }
        expect(CHECKS[jump.entity](jump.ref)).toEqual({ ok: true, value: jump.ref });
        if (jump.alternative) expect(CHECKS[jump.alternative.entity](jump.alternative.ref).ok).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

/** A register that knows nothing, and fails the test if it is asked something its own checks refuse. */
function strictEmptyRegister(): { client: TypeaheadClient; asked: string[] } {
  const asked: string[] = [];
  const provenance = { path: '/x', upstream: 'sandbox', source: 'live', retrievedAt: '2026-11-24T10:00:00.000Z', ageSeconds: 0, stale: false } as const;
  const notFound = { kind: 'not-found', message: 'Not found', provenance } as RegisterResult<never>;
  const lookup = (check: (v: unknown) => { ok: boolean }, what: string) => async (value: string) => {
    asked.push(`${what} ${value}`);
    expect(check(value).ok, `${what} asked with ${JSON.stringify(value)}`).toBe(true);
    return notFound;
  };
  const client = {
    search: Object.assign(
      async (q: string, type: SearchType) => {
        asked.push(`search ${type} ${q}`);
        expect(checkSearchText(q).ok, `search asked with ${JSON.stringify(q)}`).toBe(true);
        return notFound;
      },
      { endpoint: 'search' as const },
    ),
    firm: Object.assign(lookup(checkFrn, 'firm'), { endpoint: 'firm' as const }),
    fund: Object.assign(lookup(checkPrn, 'fund'), { endpoint: 'fund' as const }),
    individual: Object.assign(lookup(checkIrn, 'individual'), { endpoint: 'individual' as const }),
    expectedWait: async () => 0,
  } as unknown as TypeaheadClient;
  return { client, asked };
}

describe('header typeahead', () => {
  it('answers 200 with local links or 400 with a message; asks the register only what it would accept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(searchText, fc.constant(null)), async (q) => {
        const { client, asked } = strictEmptyRegister();
        const answer = await typeahead(q, client);
        expect([200, 400]).toContain(answer.status);
        if (answer.status === 400) {
          expect(answer.body).toMatchObject({ error: 'bad-input' });
          expect((answer.body as { message: string }).message.length).toBeGreaterThan(10);
          expect(asked).toEqual([]);
          return;
        }
        const body = answer.body as { query: string; results: Array<{ href: string }> };
        expect(body.query).toBe(normaliseTypeaheadQuery(q ?? ''));
        for (const r of body.results) expect(r.href).toMatch(/^\/[^/\\]/);
      }),
      { numRuns: 1500 },
    );
  });
});
