import { describe, expect, it } from 'vitest';
import { describeRows } from './change-words';
import { checkStanding, standingChange } from './check-standing';
import { sectionNames } from './watch-sections';
import type { SectionRead } from './watch-sections';

const ok = (rows: Record<string, unknown>[]): SectionRead => ({ status: 'ok', rows, pages: 1, retrievedAt: '2026-01-30T10:00:00Z', source: 'live' });

describe('the standing a watch check read', () => {
  it('reads a firm from its record, requirements and disciplinary history', () => {
    const sections = {
      record: ok([{ frn: '300300', name: 'Pemberton Vale Investments Limited', status: 'Authorised', subStatus: 'In administration', exceptionalInfo: [] }]),
      requirements: ok([]),
      'disciplinary-history': ok([]),
    };
    expect(checkStanding('firm', sections)).toMatchObject({ level: 'stop', label: 'In administration' });
  });

  it('says a list the watchlist does not watch was not read, and has none without a record', () => {
    const firm = checkStanding('firm', { record: ok([{ frn: '1', status: 'Authorised', exceptionalInfo: [] }]) })!;
    expect(firm.level).toBe('caution');
    expect(firm.reasons.map((r) => r.text)).toContain(
      "The firm's requirements could not be read (the list does not watch it), so a restriction on its business cannot be ruled out.",
    );
    expect(checkStanding('firm', { record: ok([]) })).toBeNull();
    expect(checkStanding('fund', { record: { status: 'not-checked', reason: 'timeout', pages: 0 } })).toBeNull();
  });

  it('reads a person’s prohibition and a restriction on a current role from the watched lists', () => {
    const person = checkStanding('individual', {
      record: ok([{ irn: 'PXR00042', fullName: 'Piers Rowntree', status: 'Regulatory approval no longer required' }]),
      'disciplinary-history': ok([{ actionType: 'Prohibition', effectiveFrom: '2022-03-01', description: 'Prohibited.' }]),
      'controlled-functions': ok([{ name: 'SMF3 Executive Director', restriction: 'Limited', list: 'Current', customerEngagementMethods: [] }]),
    });
    expect(person).toMatchObject({ level: 'stop', label: 'Prohibited' });
    expect(person!.reasons.map((r) => r.code)).toEqual(['individual-prohibited', 'individual-restriction', 'individual-not-approved']);
  });

  it('records a change of standing, high when either side is stop, and nothing when it says the same', () => {
    const clear = checkStanding('fund', { record: ok([{ prn: '800800', status: 'Authorised' }]) });
    const ended = checkStanding('fund', { record: ok([{ prn: '800800', status: 'Terminated', effectiveDate: '2026-02-02' }]) });
    const change = standingChange(clear, ended)!;
    expect(change).toMatchObject({ severity: 'high', summary: 'Standing: Clear · Authorised → Stop · Terminated' });
    expect(change.row.fields!.map((f) => f.path)).toEqual(['standing', 'reasons']);
    expect(standingChange(clear, checkStanding('fund', { record: ok([{ prn: '800800', status: 'Authorised' }]) }))).toBeUndefined();
    expect(standingChange(null, ended)).toBeUndefined();
  });

  it('reads as a sentence in every channel, under a section called Standing', () => {
    const clear = checkStanding('fund', { record: ok([{ prn: '800800', status: 'Authorised' }]) });
    const ended = checkStanding('fund', { record: ok([{ prn: '800800', status: 'Terminated', effectiveDate: '2026-02-02' }]) });
    const { row } = standingChange(clear, ended)!;
    const [words] = describeRows('fund', 'standing', [row]);
    expect(words.text).toBe('Standing Clear · Authorised → Stop · Terminated');
    expect(words.after!.Reasons).toMatch(/Terminated/);
    expect(words.changed).toEqual(['Standing', 'Reasons']);
    expect(words.before).toMatchObject({ Standing: 'Clear · Authorised' });
    expect(sectionNames('fund', 'standing')).toEqual({ title: 'Standing', apiSection: 'Standing' });
    expect(sectionNames('firm', 'appointed-representatives')).toEqual({ title: 'Appointed representatives', apiSection: 'AR' });
  });
});
