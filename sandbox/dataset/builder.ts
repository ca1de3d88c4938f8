/**
 * The mutable workspace the population generator and the showcase builder fill in. It owns the
 * record maps and the only ways to create relations (appointments, controlled-function rows), so
 * each relation is written once and both of its ends see it.
 */
import type { Rng } from '../prng';
import { controlledFunction } from './catalogue';
import { DAYS, ReferenceAllocator, brandOf, firmName, formatDay, parseDay, randomDay, ukAddress, REFERENCE_DAY } from './generation-kit';
import { OVERSEAS } from './vocabulary';
import type { AddressRecord, ArLink, CfRow, DisciplinaryRecord, FirmKind, FirmProfile, FirmRecord, FundRecord, IndividualRecord, NameRecord, UnauthorisedRecord } from './types';

const STAFF_WEIGHT: Record<FirmProfile, number> = {
  bank: 60,
  insurer: 30,
  'fund-manager': 12,
  broker_dealer: 10,
  depositary: 8,
  broker: 5,
  adviser: 4,
  mortgage: 3,
  'consumer-credit': 3,
  payment: 3,
  emoney: 3,
  ar: 1,
};

export interface NewFirmInput {
  frn?: string;
  name?: string;
  kind: FirmKind;
  profile: FirmProfile;
  /** dd/mm/yyyy; random when omitted. */
  authorisedFrom?: string;
}

export class DatasetBuilder {
  readonly firms = new Map<string, FirmRecord>();
  readonly individuals = new Map<string, IndividualRecord>();
  readonly funds = new Map<string, FundRecord>();
  readonly unauthorised: UnauthorisedRecord[] = [];
  readonly allocator = new ReferenceAllocator();

  constructor(readonly seed: string) {}

  // -------------------------------------------------------------------------------------------
  // Firms

  addFirm(rng: Rng, input: NewFirmInput): FirmRecord {
    const { kind, profile } = input;
    const frn = input.frn ?? this.allocator.number(rng);
    const name = input.name ?? firmName(rng, profile);
    const overseas = kind === 'overseas-branch';
    const earliest = kind === 'appointed-representative' || kind === 'former-appointed-representative' ? DAYS.n2 : DAYS.earliestFirm;
    const authorisedFromDay = input.authorisedFrom ? parseDay(input.authorisedFrom) : randomDay(rng, earliest, REFERENCE_DAY - 90);
    const authorisedFrom = formatDay(authorisedFromDay);

    const ppob = overseas ? overseasAddress(rng, name) : ukAddress(rng, name);
    const complaints: AddressRecord | null =
      (kind === 'authorised' || kind === 'payment-institution' || kind === 'e-money-institution') && rng.chance(0.85)
        ? { ...ppob, website: '', individual: complaintsContact(rng) }
        : null;

    const firm: FirmRecord = {
      frn,
      name,
      kind,
      profile,
      businessType: businessTypeFor(kind),
      status: '',
      statusEffective: authorisedFrom,
      subStatus: '',
      subStatusFrom: '',
      clientMoney: clientMoneyFor(rng, kind, profile),
      companiesHouse: companiesHouseFor(rng, name, overseas),
      mutualSociety: /Building Society|Mutual/.test(name) ? `${rng.int(100, 999)}B` : '',
      mlrsStatus: '',
      mlrsDate: '',
      emoneyAgentStatus: '',
      emoneyAgentDate: '',
      psdAgentStatus: '',
      psdAgentDate: '',
      psdEmdStatus: '',
      psdEmdDate: '',
      exceptionalInfo: [],
      currentNames: [],
      previousNames: [],
      ppob,
      complaints,
      searchType: 'Firm',
      searchStatus: '',
      searchSuffix: overseas ? overseasSuffix(rng, ppob) : ukSuffix(rng, ppob.postcode),
      duplicateSearchStatuses: [],
      staffWeight: STAFF_WEIGHT[profile],
      authorisedFrom,
      appointments: [],
      representatives: { current: [], previous: [] },
      cfRows: [],
      details: null,
    };
    applyKindStatus(rng, firm, authorisedFromDay);
    this.names(rng, firm, authorisedFromDay);
    if (this.firms.has(frn)) throw new Error(`FRN ${frn} created twice`);
    this.firms.set(frn, firm);
    return firm;
  }

  /** Registered name plus, for some firms, trading names and earlier registered names. */
  private names(rng: Rng, firm: FirmRecord, fromDay: number): void {
    let registeredFrom = fromDay;
    const previousCount = rng.chance(firm.kind === 'appointed-representative' ? 0.08 : 0.18) ? rng.int(1, 2) : 0;
    if (previousCount > 0 && fromDay < REFERENCE_DAY - 800) {
      let start = fromDay;
      const changes: number[] = [];
      for (let i = 0; i < previousCount; i++) changes.push(randomDay(rng, start + 200, REFERENCE_DAY - 200));
      changes.sort((a, b) => a - b);
      const previous: NameRecord[] = [];
      for (const change of changes) {
        if (change <= start) continue;
        previous.push({ name: firmName(rng, firm.profile), status: 'Registered', from: formatDay(start), to: formatDay(change - 1) });
        start = change;
      }
      registeredFrom = start;
      firm.previousNames = previous.reverse();
    }
    const trading: NameRecord[] = [];
    if (rng.chance(firm.kind === 'appointed-representative' ? 0.1 : 0.25)) {
      const brand = brandOf(firm.name);
      const options = [`${brand}`, `${brand} Direct`, `${brand} Online`, `${brand} Financial`, `${brand} Private Clients`, `${brand} Partners`];
      for (const t of rng.sample(options, rng.int(1, 3))) {
        if (t === firm.name) continue;
        trading.push({ name: t, status: 'Trading', from: formatDay(randomDay(rng, registeredFrom, REFERENCE_DAY - 30)) });
      }
    }
    firm.currentNames = [...trading, { name: firm.name, status: 'Registered', from: formatDay(registeredFrom) }];
  }

  /** Replaces a firm's names (showcase records spell theirs out). */
  setNames(firm: FirmRecord, current: NameRecord[], previous: NameRecord[]): void {
    firm.currentNames = current;
    firm.previousNames = previous;
  }

  // -------------------------------------------------------------------------------------------
  // Appointed representatives

  appoint(ar: FirmRecord, principal: FirmRecord, link: Omit<ArLink, 'arFrn' | 'principalFrn'>): ArLink {
    const full: ArLink = { arFrn: ar.frn, principalFrn: principal.frn, ...link };
    ar.appointments.push(full);
    if (full.termination === null) principal.representatives.current.push(full);
    else principal.representatives.previous.push(full);
    return full;
  }

  // -------------------------------------------------------------------------------------------
  // People

  addIndividual(record: Omit<IndividualRecord, 'cfRows'>): IndividualRecord {
    if (this.individuals.has(record.irn)) throw new Error(`IRN ${record.irn} created twice`);
    const individual: IndividualRecord = { ...record, cfRows: [] };
    this.individuals.set(record.irn, individual);
    return individual;
  }

  addCfRow(row: CfRow): void {
    const firm = this.firms.get(row.frn);
    const person = this.individuals.get(row.irn);
    if (!firm || !person) throw new Error(`CF row refers to unknown ${firm ? 'IRN ' + row.irn : 'FRN ' + row.frn}`);
    controlledFunction(row.function);
    firm.cfRows.push(row);
    person.cfRows.push(row);
  }

  addDisciplinary(irn: string, records: DisciplinaryRecord[]): void {
    const person = this.individuals.get(irn);
    if (!person) throw new Error(`unknown IRN ${irn}`);
    person.disciplinary.push(...records);
  }

  // -------------------------------------------------------------------------------------------
  // Funds

  addFund(fund: FundRecord): FundRecord {
    if (this.funds.has(fund.prn)) throw new Error(`PRN ${fund.prn} created twice`);
    this.funds.set(fund.prn, fund);
    return fund;
  }

  // -------------------------------------------------------------------------------------------

  /** Sorts relation lists into the order the API serves them. */
  finish(): void {
    const byName = (a: ArLink, b: ArLink) => {
      const an = this.firms.get(a.arFrn)!.name.toLowerCase();
      const bn = this.firms.get(b.arFrn)!.name.toLowerCase();
      return an < bn ? -1 : an > bn ? 1 : a.arFrn < b.arFrn ? -1 : 1;
    };
    const rowDay = (r: CfRow) => (r.effective ? parseDay(r.effective) : 0);
    const byStart = (a: CfRow, b: CfRow) => rowDay(a) - rowDay(b) || (a.irn < b.irn ? -1 : a.irn > b.irn ? 1 : a.function < b.function ? -1 : 1);
    for (const firm of this.firms.values()) {
      firm.representatives.current.sort(byName);
      firm.representatives.previous.sort(byName);
      firm.cfRows.sort(byStart);
    }
    for (const person of this.individuals.values()) person.cfRows.sort(byStart);
  }
}

function businessTypeFor(kind: FirmKind): string {
  switch (kind) {
    case 'appointed-representative':
    case 'former-appointed-representative':
      return 'Appointed Representative';
    case 'psd-agent':
      return 'PSD Agent';
    default:
      return 'Regulated';
  }
}

/** Status, search row type and the payment-services fields for each kind of firm. */
function applyKindStatus(rng: Rng, firm: FirmRecord, fromDay: number): void {
  switch (firm.kind) {
    case 'authorised':
    case 'overseas-branch':
      firm.status = 'Authorised';
      if (rng.chance(0.02)) {
        firm.mlrsStatus = 'Registered';
        firm.mlrsDate = formatDay(randomDay(rng, Math.max(fromDay, DAYS.twinPeaks), REFERENCE_DAY - 30));
      }
      break;
    case 'appointed-representative':
      firm.status = 'Appointed representative';
      break;
    case 'former-appointed-representative':
      firm.status = 'No longer registered as an Appointed Representative';
      break;
    case 'no-longer-authorised': {
      firm.status = 'No longer authorised';
      firm.statusEffective = formatDay(randomDay(rng, fromDay + 365, REFERENCE_DAY - 30));
      break;
    }
    case 'payment-institution': {
      const small = rng.chance(0.4);
      firm.status = small ? 'Registered' : 'Authorised';
      firm.psdEmdStatus = small ? 'Small Payment Institution' : 'Authorised Payment Institution';
      firm.psdEmdDate = formatDay(Math.max(fromDay, DAYS.twinPeaks + 1600));
      firm.statusEffective = firm.psdEmdDate;
      firm.searchType = 'Payment services firm';
      break;
    }
    case 'e-money-institution': {
      const small = rng.chance(0.3);
      firm.status = small ? 'Registered' : 'Authorised';
      firm.psdEmdStatus = small ? 'Small Electronic Money Institution' : 'Authorised Electronic Money Institution';
      firm.psdEmdDate = formatDay(Math.max(fromDay, DAYS.twinPeaks + 1600));
      firm.statusEffective = firm.psdEmdDate;
      firm.searchType = 'E-money';
      break;
    }
    case 'psd-agent': {
      const current = rng.chance(0.3);
      firm.status = current ? 'Registered as a PSD Agent' : 'No Longer Registered as a PSD Agent';
      firm.psdAgentStatus = current ? 'Registered' : 'Cancelled';
      firm.psdAgentDate = formatDay(Math.max(fromDay, DAYS.twinPeaks + 1600));
      firm.statusEffective = firm.psdAgentDate;
      firm.searchType = 'Payment services firm';
      break;
    }
  }
  firm.searchStatus = firm.status;
}

function clientMoneyFor(rng: Rng, kind: FirmKind, profile: FirmProfile): string {
  if (kind !== 'authorised') return '';
  if (profile !== 'adviser' && profile !== 'broker' && profile !== 'broker_dealer' && profile !== 'insurer') return '';
  return rng.weighted([
    ['', 45],
    ['Control but not hold client money', 30],
    ['Hold and control client money', 25],
  ] as const);
}

function companiesHouseFor(rng: Rng, name: string, overseas: boolean): string {
  if (overseas) return rng.chance(0.6) ? `FC${String(rng.int(10_000, 40_000)).padStart(6, '0')}` : '';
  if (rng.chance(0.1)) return '';
  if (/\bLLP\b/.test(name)) return `OC${String(rng.int(300_000, 439_999))}`;
  const r = rng.next();
  if (r < 0.07) return `SC${String(rng.int(100_000, 799_999))}`;
  if (r < 0.1) return `NI${String(rng.int(600_000, 699_999))}`;
  return String(rng.int(1_000_000, 15_999_999)).padStart(8, '0');
}

function complaintsContact(rng: Rng): string {
  const first = rng.pick(['Alison', 'Mark', 'Priya', 'Gareth', 'Helen', 'Tom', 'Joanne', 'Kwame', 'Siân', 'Declan']);
  const last = rng.pick(['Hartley', 'Osei', 'McBride', 'Fenwick', "O'Hara", 'Lindqvist', 'Barlow', 'Patel', 'Kerr', 'Ashby']);
  return `${first} ${last}`;
}

function ukSuffix(rng: Rng, postcode: string): string {
  const r = rng.next();
  if (r < 0.02) return ' (Postcode: n/a)';
  if (r < 0.03) return ' (Postcode: N/A)';
  if (r < 0.04) return ' (Postcode: -)';
  return ` (Postcode: ${postcode})`;
}

function overseasSuffix(rng: Rng, address: AddressRecord): string {
  return rng.chance(0.6) ? ` (Region: ${address.postcode})` : '';
}

function overseasAddress(rng: Rng, name: string): AddressRecord {
  const place = rng.pick(OVERSEAS);
  return {
    line1: `${rng.int(1, 90)} ${rng.pick(['Boulevard Royal', 'Hauptstraße', 'Avenue de l’Opéra', 'Keizersgracht', 'Calle de Serrano', 'Via Dante', 'Strandvägen'])}`,
    line2: '',
    line3: '',
    line4: '',
    town: place.town,
    county: '',
    postcode: place.region,
    country: place.country,
    phone: `+44${'0207946'}0${String(rng.int(0, 999)).padStart(3, '0')}`,
    website: rng.chance(0.5)
      ? `www.${name
          .toLowerCase()
          .replace(/[^a-z]+/g, '')
          .slice(0, 18)}.eu`
      : '',
  };
}
