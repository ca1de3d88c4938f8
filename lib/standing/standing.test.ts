import { describe, expect, it } from 'vitest';
import type { DisciplinaryAction, Firm, Fund, Individual, IndividualControlledFunctions, Requirement, SearchResult } from '@/lib/register/model';
import { firmStanding, type FirmFacts } from './firm-standing';
import { fundStanding } from './fund-standing';
import { individualStanding, type IndividualFacts } from './individual-standing';
import { listingStanding, readClone } from './listing-standing';
import type { RegisterClient } from '@/lib/register/register-client-types';
import { readFirmFacts } from './read-standing';
import { quote, readFailed, readOk, reasonsText, sameStanding, standingText } from './standing';
import { readFirmStatus, readFundStatus, readIndividualStatus } from './status-words';

// One test per rule of docs/screening.md: each builds the least register data that triggers it.

function firm(over: Partial<Firm> = {}): Firm {
  return { frn: '123456', name: 'Example Ltd', status: 'Authorised', businessType: 'Regulated', exceptionalInfo: [], links: {}, extra: {}, ...over };
}

const none = { requirements: readOk<Requirement[]>([]), disciplinary: readOk({ actions: [] as DisciplinaryAction[] }) };
const firmOf = (over: Partial<Firm> = {}, facts: Partial<FirmFacts> = {}) => firmStanding({ record: firm(over), ...none, ...facts });
const codes = (s: { reasons: Array<{ code: string }> }) => s.reasons.map((r) => r.code);

function action(actionType: string, effectiveFrom = '2020-03-12', description = `${actionType} text`): DisciplinaryAction {
  return { actionType, effectiveFrom, description, enforcementType: 'FSMA', extra: {} };
}

function requirement(title: string, text: string, financialPromotions = false): Requirement {
  return { reference: 'OR-0100001', title, text, financialPromotions, effectiveDate: '2021-05-01', extra: {} };
}

describe('firm standing', () => {
  it('is clear for an authorised firm with nothing on its record, and says what it read', () => {
    const s = firmOf();
    expect(s).toMatchObject({ level: 'clear', label: 'Authorised', reasons: [] });
    expect(s.basis).toEqual(["the firm's record", 'its requirements', 'its disciplinary history']);
    expect(firmOf({ status: 'Registered' }).level).toBe('clear');
    expect(firmOf({ status: 'EEA Authorised' }).level).toBe('clear');
  });

  it('stops at a status that says the firm is no longer authorised, with the register words and date', () => {
    for (const status of ['No longer authorised', 'No longer registered as an Appointed Representative', 'No Longer Registered as a PSD Agent', 'Cancelled', 'Lapsed']) {
      const s = firmOf({ status, statusEffectiveDate: '2019-06-30' });
      expect(s.level, status).toBe('stop');
      expect(s.label).toBe(status);
      expect(s.reasons[0]).toMatchObject({ code: 'firm-no-longer-authorised' });
      expect(s.reasons[0].text).toContain(`"${status}" since 30 Jun 2019`);
    }
  });

  it('stops at a status of unauthorised', () => {
    expect(codes(firmOf({ status: 'Unauthorised' }))).toEqual(['firm-unauthorised-status']);
  });

  it('cautions for an appointed representative, by status or by business type', () => {
    expect(firmOf({ status: 'Appointed representative', businessType: 'Appointed Representative' })).toMatchObject({ level: 'caution', label: 'Appointed representative' });
    expect(codes(firmOf({ status: 'Authorised', businessType: 'Appointed Representative' }))).toEqual(['firm-appointed-representative']);
    expect(firmOf({ status: 'Appointed representative - introducer' }).reasons[0].text).toContain('"Appointed representative - introducer"');
  });

  it('cautions for a payment or e-money agent', () => {
    expect(firmOf({ status: 'Registered as a PSD Agent' })).toMatchObject({ level: 'caution', reasons: [{ code: 'firm-agent' }] });
  });

  it('never clears a status it does not know, or none', () => {
    expect(firmOf({ status: 'Supervised run-off' })).toMatchObject({ level: 'caution', label: 'Supervised run-off', reasons: [{ code: 'firm-status-unknown' }] });
    expect(firmOf({ status: undefined })).toMatchObject({ level: 'caution', reasons: [{ code: 'firm-status-missing' }] });
  });

  it('stops at an insolvency sub-status: a firm in administration is not a green tick', () => {
    const s = firmOf({ subStatus: 'In administration', subStatusEffectiveFrom: '2025-10-14' });
    expect(s).toMatchObject({ level: 'stop', label: 'In administration', reasons: [{ code: 'firm-insolvency' }] });
    expect(s.reasons[0].text).toContain('"In administration" from 14 Oct 2025');
    expect(firmOf({ subStatus: 'In liquidation' }).level).toBe('stop');
  });

  it('stops at a suspension, in the status or the sub-status', () => {
    expect(codes(firmOf({ subStatus: 'Suspended' }))).toEqual(['firm-suspended']);
    expect(codes(firmOf({ status: 'Suspended' }))).toEqual(['firm-suspended']);
  });

  it('cautions for any other sub-status, quoting it', () => {
    expect(firmOf({ subStatus: 'Subject to a voluntary requirement' })).toMatchObject({
      level: 'caution',
      label: 'Subject to a voluntary requirement',
      reasons: [{ code: 'firm-sub-status' }],
    });
  });

  it('cautions for every Exceptional Info notice, with its title and words', () => {
    const s = firmOf({
      exceptionalInfo: [
        { title: 'Claims against the firm', body: 'Customers may claim through the FSCS.', extra: {} },
        { body: 'Second notice.', extra: {} },
      ],
    });
    expect(codes(s)).toEqual(['firm-exceptional-info', 'firm-exceptional-info']);
    expect(s.reasons[0].text).toBe('The register publishes a notice on the firm, "Claims against the firm": "Customers may claim through the FSCS.".');
  });

  it('cautions for requirements that restrict business, once, naming each; not for financial promotion approvals', () => {
    const s = firmOf(
      {},
      {
        requirements: readOk([
          requirement('No holding of client money', 'The firm must not hold client money.'),
          requirement('Prior consent needed for new retail business', 'The firm must not take on any new retail client without first obtaining the written consent of the FCA.'),
          requirement('Approval of own financial promotions', 'This firm may approve its own financial promotions only.', true),
        ]),
      },
    );
    expect(s).toMatchObject({ level: 'caution', label: 'Restricted by 2 requirements', reasons: [{ code: 'firm-requirement-restricts' }] });
    expect(s.reasons[0].text).toContain('"No holding of client money"; "Prior consent needed for new retail business"');
    expect(firmOf({}, { requirements: readOk([requirement('Approval of financial promotions', 'This firm may approve promotions only for shares.', true)]) }).level).toBe('clear');
  });

  it('stops at a requirement that stops all regulated business', () => {
    const s = firmOf({}, { requirements: readOk([requirement('Cessation of business', 'The firm must not carry on any regulated activity.')]) });
    expect(s).toMatchObject({ level: 'stop', reasons: [{ code: 'firm-requirement-stops-business' }] });
    expect(s.reasons[0].text).toContain('(OR-0100001) stops its business from 1 May 2021');
  });

  it('cautions for disciplinary history, counting every action and quoting the latest', () => {
    const s = firmOf({}, { disciplinary: readOk({ actions: [action('Fines', '2018-01-01'), action('Public Censure', '2024-03-12', 'Censured for X.')], total: 2 }) });
    expect(s).toMatchObject({ level: 'caution', label: 'Disciplinary history', reasons: [{ code: 'firm-disciplinary-history' }] });
    expect(s.reasons[0].text).toBe('The register lists 2 disciplinary actions (Fines, Public Censure), the latest from 12 Mar 2024: "Censured for X.".');
  });

  it('cautions when a clone uses the firm’s name, without calling the genuine firm unauthorised', () => {
    const s = firmOf({}, { cloneListings: ['Example Ltd (clone of FCA authorised firm)'] });
    expect(s).toMatchObject({ level: 'caution', reasons: [{ code: 'firm-clone-listed' }] });
    expect(s.reasons[0].text).not.toMatch(/this firm is unauthorised/i);
    expect(s.basis).toContain("the register's search for its name");
  });

  it('is never clear when a source could not be read, and says which', () => {
    const s = firmStanding({ record: firm(), requirements: readFailed('the register did not answer'), disciplinary: readOk({ actions: [] }) });
    expect(s).toMatchObject({ level: 'caution', label: 'Not fully checked', reasons: [{ code: 'not-read' }] });
    expect(s.reasons[0].text).toBe("The firm's requirements could not be read (the register did not answer), so a restriction on its business cannot be ruled out.");
    expect(codes(firmStanding({ record: firm() }))).toEqual(['not-read', 'not-read']);
    const part = firmOf({}, { disciplinary: readOk({ actions: [action('Fines')], total: 12 }) });
    expect(codes(part)).toEqual(['firm-disciplinary-history', 'not-read']);
  });

  it('says a list the portal held back within the register budget was not read yet, not that the register failed', async () => {
    const heldBack = {
      kind: 'rate-limited',
      message: 'The register is busy: the next free request slot is 9 s away',
      retryAt: '',
      retryAfterSeconds: 9,
      fromUpstream: false,
    } as const;
    const client = {
      firmRequirements: async () => heldBack,
      firmDisciplinaryHistory: Object.assign(async () => heldBack, { endpoint: 'firmDisciplinaryHistory' }),
      allPages: async () => heldBack,
    } as unknown as RegisterClient;
    const s = firmStanding(await readFirmFacts(client, firm(), { priority: 'background', maxWaitMs: 10 }));
    expect(s.level).toBe('caution');
    expect(s.reasons.map((r) => r.text)).toEqual([
      "The firm's requirements could not be read (not read yet: the portal was keeping within the register's request limit; reload in a moment), so a restriction on its business cannot be ruled out.",
      expect.stringMatching(/^The firm's disciplinary history could not be read \(not read yet: /),
    ]);
  });

  it('puts the most serious reason first and takes its words for the badge', () => {
    const s = firmOf(
      { subStatus: 'In administration', exceptionalInfo: [{ title: 'Firm in administration', extra: {} }] },
      { disciplinary: readOk({ actions: [action('Fines')] }) },
    );
    expect(s.label).toBe('In administration');
    expect(codes(s)).toEqual(['firm-insolvency', 'firm-exceptional-info', 'firm-disciplinary-history']);
    expect(standingText(s)).toBe('Stop · In administration');
    expect(reasonsText(s)).toContain('"In administration"');
  });
});

function person(over: Partial<Individual> = {}): Individual {
  return { irn: 'ABC12345', fullName: 'Ann Example', status: 'Approved by regulator', workplaces: [], links: {}, extra: {}, ...over };
}
const noFunctions: IndividualControlledFunctions = { current: [], previous: [], extra: {} };
const personOf = (over: Partial<Individual> = {}, facts: Partial<IndividualFacts> = {}) =>
  individualStanding({ record: person(over), disciplinary: readOk({ actions: [] }), functions: readOk(noFunctions), ...facts });

describe('individual standing', () => {
  it('is clear for an approved or certified person with no history', () => {
    expect(personOf()).toMatchObject({ level: 'clear', label: 'Approved by regulator' });
    expect(personOf({ status: 'Approved by regulator;Certified / assessed by firm' }).level).toBe('clear');
  });

  it('stops at a prohibition order in the disciplinary history, whatever the record status says', () => {
    const s = personOf(
      { status: 'Regulatory approval no longer required' },
      { disciplinary: readOk({ actions: [action('Fines', '2015-01-01'), action('Prohibition', '2016-07-04', 'On 4 July 2016 the Authority made an order prohibiting Ann.')] }) },
    );
    expect(s).toMatchObject({ level: 'stop', label: 'Prohibited' });
    expect(codes(s)).toEqual(['individual-prohibited', 'individual-disciplinary-history', 'individual-not-approved']);
    expect(s.reasons[0].text).toBe('The register records a prohibition order from 4 Jul 2016: "On 4 July 2016 the Authority made an order prohibiting Ann.".');
  });

  it('stops at a search status of "Prohibited" even when the history could not be read', () => {
    const s = individualStanding({
      record: person({ status: 'Regulatory approval no longer required' }),
      disciplinary: readFailed('timed out'),
      functions: readOk(noFunctions),
      searchStatus: 'Prohibited',
    });
    expect(s).toMatchObject({ level: 'stop', label: 'Prohibited' });
    expect(codes(s)).toContain('not-read');
  });

  it('stops at "Deceased"', () => {
    expect(personOf({}, { searchStatus: 'Deceased' })).toMatchObject({ level: 'stop', label: 'Deceased' });
  });

  it('cautions for other disciplinary action', () => {
    expect(personOf({}, { disciplinary: readOk({ actions: [action('Public Censure')] }) })).toMatchObject({
      level: 'caution',
      reasons: [{ code: 'individual-disciplinary-history' }],
    });
  });

  it('cautions for a restriction on a current role, naming role and firm', () => {
    const functions: IndividualControlledFunctions = {
      current: [
        {
          name: 'SMF3 Executive Director',
          firmName: 'Example Bank plc',
          restriction: 'May not deal with retail clients',
          restrictionStartDate: '2024-02-01',
          customerEngagementMethods: [],
          extra: {},
        },
      ],
      previous: [],
      extra: {},
    };
    const s = personOf({}, { functions: readOk(functions) });
    expect(s).toMatchObject({ level: 'caution', label: 'Restricted role' });
    expect(s.reasons[0].text).toBe('The register records a restriction on "SMF3 Executive Director" at Example Bank plc: "May not deal with retail clients" from 1 Feb 2024.');
  });

  it('cautions when approval is no longer required, unless another part says approved', () => {
    expect(personOf({ status: 'Regulatory approval no longer required' })).toMatchObject({ level: 'caution', label: 'No current approval' });
    expect(personOf({ status: 'Approved by regulator' }, { searchStatus: 'Regulatory approval no longer required' }).level).toBe('clear');
  });

  it('never clears an unknown or missing status, or unread sources', () => {
    expect(personOf({ status: 'Pending' }).reasons[0].code).toBe('individual-status-unknown');
    expect(personOf({ status: undefined }).reasons[0].code).toBe('individual-status-missing');
    expect(codes(individualStanding({ record: person() }))).toEqual(['not-read', 'not-read']);
  });
});

describe('fund standing', () => {
  const fund = (status?: string): Fund => ({ prn: '800800', status, effectiveDate: '2020-01-01', links: {}, extra: {} });
  it('is clear for authorised, recognised and approved schemes', () => {
    for (const s of ['Authorised', 'Recognised', 'Approved']) expect(fundStanding(fund(s))).toMatchObject({ level: 'clear', label: s });
  });
  it('stops at an ended scheme', () => {
    for (const s of ['Terminated', 'De-recognised', 'Revoked']) expect(fundStanding(fund(s))).toMatchObject({ level: 'stop', label: s, reasons: [{ code: 'fund-ended' }] });
  });
  it('never clears an unknown or missing status', () => {
    expect(fundStanding(fund('Pending'))).toMatchObject({ level: 'caution', reasons: [{ code: 'fund-status-unknown' }] });
    expect(fundStanding(fund(undefined))).toMatchObject({ level: 'caution', reasons: [{ code: 'fund-status-missing' }] });
  });
});

function listing(over: Partial<SearchResult>): SearchResult {
  return { entity: 'firm', linkable: true, unauthorised: false, extra: {}, ...over };
}

describe('search listing standing', () => {
  it('stops at an unauthorised entry, in the register’s words', () => {
    const s = listingStanding(
      listing({
        name: 'Crypto Revolution App',
        listedName: 'Crypto Revolution App (Postcode: N/A)',
        status: 'Unauthorised',
        type: 'Unauthorised firm',
        linkable: false,
        unauthorised: true,
      }),
    );
    expect(s).toMatchObject({ level: 'stop', label: 'Unauthorised firm', reasons: [{ code: 'unauthorised-firm' }] });
    expect(s.reasons[0].text).toContain('"Crypto Revolution App (Postcode: N/A)" (status "Unauthorised", "Unauthorised firm")');
  });

  it('stops at a clone, naming the genuine firm whose name it uses when known', () => {
    const clone = listing({
      name: 'Revolution FSL (clone of FCA authorised firm)',
      listedName: 'Revolution FSL (clone of FCA authorised firm) (Postcode: n/a)',
      status: 'Unauthorised',
      linkable: false,
      unauthorised: true,
    });
    const s = listingStanding(clone, { ref: '123456', name: 'Revolution FSL Ltd' });
    expect(s).toMatchObject({ level: 'stop', label: 'Clone firm', reasons: [{ code: 'clone-firm' }] });
    expect(s.reasons[0].text).toContain('It uses the name of Revolution FSL Ltd (FRN 123456), a genuine firm that is not itself unauthorised.');
  });

  it('reads the firm a clone clones when the register names it', () => {
    expect(readClone('Revolution FSL (clone of FCA authorised firm)')).toEqual({ name: 'Revolution FSL' });
    expect(readClone('Acme Wealth (clone of FCA authorised firm Acme Wealth Management Limited)')).toEqual({ name: 'Acme Wealth', of: 'Acme Wealth Management Limited' });
    expect(readClone('Clone Street Capital Ltd')).toBeUndefined();
  });

  it('reads a listed status for each kind', () => {
    expect(listingStanding(listing({ status: 'Authorised', referenceNumber: '1' })).level).toBe('clear');
    expect(listingStanding(listing({ status: 'No longer authorised', referenceNumber: '1' })).level).toBe('stop');
    expect(listingStanding(listing({ entity: 'individual', status: 'Prohibited', referenceNumber: 'ABC12345' }))).toMatchObject({ level: 'stop', label: 'Prohibited' });
    expect(listingStanding(listing({ entity: 'individual', status: 'Active', referenceNumber: 'ABC12345' })).level).toBe('clear');
    expect(listingStanding(listing({ entity: 'fund', status: 'Terminated', referenceNumber: '2' })).level).toBe('stop');
    expect(listingStanding(listing({ status: 'Authorised', referenceNumber: '1' })).basis).toEqual(["the register's search listing"]);
  });
});

describe('status words', () => {
  it('read the register’s phrases case-insensitively', () => {
    expect(readFirmStatus('no longer AUTHORISED').kind).toBe('ended');
    expect(readIndividualStatus('Certified / assessed by firm').kind).toBe('clear');
    expect(readFundStatus('de-recognised').kind).toBe('ended');
  });
});

describe('standing helpers', () => {
  it('quotes register text on one line, cut at a word', () => {
    expect(quote('a\u00a0 b\n c')).toBe('a b c');
    expect(quote('word '.repeat(100), 30)).toBe('word word word word word word…');
  });
  it('compares standings by level and reasons', () => {
    const a = firmOf({ subStatus: 'In administration' });
    expect(sameStanding(a, firmOf({ subStatus: 'In administration' }))).toBe(true);
    expect(sameStanding(a, firmOf())).toBe(false);
  });
});
