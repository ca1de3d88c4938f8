import { describe, expect, it } from 'vitest';
import { MAX_ENTRY_ROWS, parseCsvEntries, parsePastedEntries } from './entry-input';
import { resolveEntries } from './resolve-entries';

describe('parsePastedEntries', () => {
  it('reads mixed FRNs, IRNs and PRNs separated by commas, spaces and new lines', () => {
    const { candidates, errors } = parsePastedEntries('122702, bks00001\n800800;  FRN 200200\tprn: 185045 IRN#MXC29012');
    expect(errors).toEqual([]);
    expect(candidates).toEqual([
      { row: 1, input: '122702', ref: '122702' },
      { row: 2, input: 'bks00001', ref: 'BKS00001', kind: 'individual' },
      { row: 3, input: '800800', ref: '800800' },
      { row: 4, input: '200200', ref: '200200', kind: 'firm' },
      { row: 5, input: '185045', ref: '185045', kind: 'fund' },
      { row: 6, input: 'MXC29012', ref: 'MXC29012', kind: 'individual' },
    ]);
  });

  it('names every bad row by its position, with validate.ts wording for a labelled number', () => {
    const { candidates, errors } = parsePastedEntries('122702, 12345678, ABC1234, FRN ABC, hello');
    expect(candidates.map((c) => c.ref)).toEqual(['122702']);
    expect(errors.map((e) => [e.row, e.input])).toEqual([
      [2, '12345678'],
      [3, 'ABC1234'],
      [4, 'ABC'],
      [5, 'hello'],
    ]);
    expect(errors[0].message).toMatch(/is not a reference number: use an FRN or PRN \(1 to 7 digits/);
    expect(errors[2].message).toBe('"ABC" is not a firm reference number: an FRN is 1 to 7 digits, e.g. 122702.');
  });

  it('refuses more than the row limit without reading each row', () => {
    const { candidates, errors } = parsePastedEntries(Array.from({ length: MAX_ENTRY_ROWS + 1 }, (_, i) => String(i + 1)).join(','));
    expect(candidates).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toMatch(/At most 2,000 numbers at a time \(2,001 given\)/);
  });
});

describe('parseCsvEntries', () => {
  it('reads a header row with ref and kind columns, numbering rows as lines of the file', () => {
    const csv = 'Name,Kind,Ref\r\nAlbion,firm,200200\r\n\r\nBob,individual,bks00001\r\nUmbrella,PRN,800800\r\nOdd,,700100\r\n';
    const { candidates, errors } = parseCsvEntries(csv);
    expect(errors).toEqual([]);
    expect(candidates).toEqual([
      { row: 2, input: '200200', ref: '200200', kind: 'firm' },
      { row: 4, input: 'bks00001', ref: 'BKS00001', kind: 'individual' },
      { row: 5, input: '800800', ref: '800800', kind: 'fund' },
      { row: 6, input: '700100', ref: '700100' },
    ]);
  });

  it('reads a bare column of numbers, and number-then-kind rows without a header', () => {
    expect(parseCsvEntries('200200\nBKS00001\n').candidates.map((c) => [c.row, c.ref, c.kind])).toEqual([
      [1, '200200', undefined],
      [2, 'BKS00001', 'individual'],
    ]);
    expect(parseCsvEntries('\uFEFF800800,fund\n200200,firm\n').candidates.map((c) => [c.ref, c.kind])).toEqual([
      ['800800', 'fund'],
      ['200200', 'firm'],
    ]);
  });

  it('reports each bad row: a wrong kind, a number that does not fit its kind, a missing number', () => {
    const { candidates, errors } = parseCsvEntries('ref,kind\n200200,bank\nBKS00001,firm\n,fund\n700100,firm\n');
    expect(candidates.map((c) => c.ref)).toEqual(['700100']);
    expect(errors.map((e) => e.row)).toEqual([2, 3, 4]);
    expect(errors[0].message).toBe('"bank" is not a kind of record: use firm, individual or fund (or FRN, IRN, PRN).');
    expect(errors[1].message).toMatch(/is not a firm reference number/);
    expect(errors[2].message).toBe('The number is missing.');
  });

  it('says where a file is not CSV', () => {
    const { candidates, errors } = parseCsvEntries('ref\n"200200\n700100');
    expect(candidates).toEqual([]);
    expect(errors[0].message).toMatch(/^The file is not valid CSV/);
  });

  it('refuses a header row without a column of numbers', () => {
    expect(parseCsvEntries('kind,name\nfirm,x\n').errors[0].message).toMatch(/no column of numbers/);
  });
});

describe('resolveEntries', () => {
  it('looks up only bare digits and keeps the kind the register gives', async () => {
    const looked: string[] = [];
    const result = await resolveEntries(parsePastedEntries('200200, BKS00001, 800800, PRN 185045'), async (c) => {
      looked.push(c.ref);
      return c.ref === '800800' ? { kind: 'fund', ref: c.ref, name: null } : { kind: 'firm', ref: c.ref, name: 'Albion Crown Bank plc' };
    });
    expect(looked.sort()).toEqual(['200200', '800800']);
    expect(result).toEqual({
      ok: true,
      entries: [
        { kind: 'firm', ref: '200200', name: 'Albion Crown Bank plc' },
        { kind: 'individual', ref: 'BKS00001' },
        { kind: 'fund', ref: '800800', name: null },
        { kind: 'fund', ref: '185045' },
      ],
    });
  });

  it('adds nothing when a look-up finds neither a firm nor a fund, naming the row', async () => {
    const result = await resolveEntries(parsePastedEntries('200200, 999999, BKS00001'), async (c) =>
      c.ref === '999999' ? { row: c.row, input: c.input, message: '999999 is neither a firm (FRN) nor a fund (PRN) on the register.' } : { kind: 'firm', ref: c.ref },
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual([{ row: 2, input: '999999', message: '999999 is neither a firm (FRN) nor a fund (PRN) on the register.' }]);
  });

  it('does not look anything up when the input already has errors, and asks for at least one number', async () => {
    let calls = 0;
    const lookUp = async () => {
      calls += 1;
      return { kind: 'firm' as const, ref: 'x' };
    };
    expect((await resolveEntries(parsePastedEntries('200200, nope'), lookUp)).ok).toBe(false);
    expect(calls).toBe(0);
    const empty = await resolveEntries(parsePastedEntries('  ,, '), lookUp);
    expect(empty).toEqual({ ok: false, errors: [{ row: 1, input: '', message: 'Enter at least one FRN, IRN or PRN.' }] });
  });

  it('caps the look-ups per paste and says how to avoid them', async () => {
    const text = Array.from({ length: 101 }, (_, i) => String(100000 + i)).join(' ');
    const result = await resolveEntries(parsePastedEntries(text), async () => {
      throw new Error('must not look up');
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0].message).toMatch(/at most 100 are looked up at a time\. Label them/);
  });
});
