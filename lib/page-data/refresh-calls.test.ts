import { describe, expect, it } from 'vitest';
import { MAX_REFRESH_CALLS, parseRegisterCalls } from './refresh-calls';

describe('parseRegisterCalls', () => {
  it('accepts known endpoints with their argument counts and drops a page of 1', () => {
    expect(
      parseRegisterCalls([
        { endpoint: 'firm', args: ['122702'] },
        { endpoint: 'firmPassportPermissions', args: ['122702', 'GIBRALTAR'], page: 2 },
        { endpoint: 'regulatedMarkets', args: [] },
        { endpoint: 'search', args: ['acme', 'firm'], page: 1 },
      ]),
    ).toEqual({
      ok: true,
      calls: [
        { endpoint: 'firm', args: ['122702'] },
        { endpoint: 'firmPassportPermissions', args: ['122702', 'GIBRALTAR'], page: 2 },
        { endpoint: 'regulatedMarkets', args: [] },
        { endpoint: 'search', args: ['acme', 'firm'] },
      ],
    });
  });

  it('removes duplicates, counting page 1 and no page as the same call', () => {
    const parsed = parseRegisterCalls([
      { endpoint: 'individual', args: ['BKS00001'] },
      { endpoint: 'individual', args: ['BKS00001'], page: 1 },
    ]);
    expect(parsed).toEqual({ ok: true, calls: [{ endpoint: 'individual', args: ['BKS00001'] }] });
  });

  it('refuses names that are not endpoints, including inherited properties', () => {
    expect(parseRegisterCalls([{ endpoint: 'allPages', args: [] }])).toEqual({ ok: false, message: 'Call 1: "allPages" is not a register endpoint.' });
    expect(parseRegisterCalls([{ endpoint: 'toString', args: [] }])).toMatchObject({ ok: false });
    expect(parseRegisterCalls([{ endpoint: '__proto__', args: [] }])).toMatchObject({ ok: false });
  });

  it('refuses the wrong number or kind of arguments', () => {
    expect(parseRegisterCalls([{ endpoint: 'firm', args: [] }])).toEqual({ ok: false, message: 'Call 1: firm takes 1 text argument.' });
    expect(parseRegisterCalls([{ endpoint: 'firm', args: ['1', { page: 9 }] }])).toMatchObject({ ok: false });
    expect(parseRegisterCalls([{ endpoint: 'search', args: ['acme'] }])).toEqual({ ok: false, message: 'Call 1: search takes 2 text arguments.' });
    expect(parseRegisterCalls([{ endpoint: 'firm', args: [122702] }])).toMatchObject({ ok: false });
  });

  it('refuses a bad page, an empty list, a non-list and too many calls', () => {
    expect(parseRegisterCalls([{ endpoint: 'firmIndividuals', args: ['1'], page: 0 }])).toMatchObject({
      ok: false,
      message: 'Call 1: page must be a whole number from 1 to 10000.',
    });
    expect(parseRegisterCalls([{ endpoint: 'firmIndividuals', args: ['1'], page: 1.5 }])).toMatchObject({ ok: false });
    expect(parseRegisterCalls([])).toMatchObject({ ok: false });
    expect(parseRegisterCalls('firm')).toMatchObject({ ok: false });
    expect(parseRegisterCalls([null])).toEqual({ ok: false, message: 'Call 1 is not a register call.' });
    const many = Array.from({ length: MAX_REFRESH_CALLS + 1 }, (_, i) => ({ endpoint: 'firm', args: [String(i + 1)] }));
    expect(parseRegisterCalls(many)).toMatchObject({ ok: false, message: `At most ${MAX_REFRESH_CALLS} register calls can be refreshed at once (got ${MAX_REFRESH_CALLS + 1}).` });
  });
});
