/**
 * One register day's records, and the changes that move the register from one evening to the next.
 *
 * A day's state shares every record it has not changed with the day before (and, at the root, with
 * the generated dataset): a record is copied the first time a change touches it and only then
 * altered, so day 0 stays exactly the generated dataset and a day costs what changed on it, not the
 * size of the register. Relations keep their single-object form: an appointment or a
 * controlled-function row is replaced by a new object at both of its ends at once.
 *
 * Each change is plain data (`DayOp`), so a day can be replayed from any earlier day's records and
 * give exactly what planning it gave. `applyOp` reports what it changed per API section, including
 * the sections that change as a consequence (a person's approval status when their last approved
 * function ends, the firm's Individuals list when someone new starts there).
 */
import { approvalStatus } from '../api/context';
import { SearchIndex } from './search-index';
import { REFERENCE_DAY, formatDay } from './generation-kit';
import type { Dataset } from './generate';
import type {
  AddressRecord,
  ArLink,
  CfRow,
  DisciplinaryRecord,
  FirmDetails,
  FirmKind,
  FirmRecord,
  FundRecord,
  IndividualRecord,
  PermissionRecord,
  RequirementRecord,
} from './types';

export type RecordType = 'firm' | 'individual' | 'fund';

/** One thing a day changed, as a change detector watching the API would see it. */
export interface DayChange {
  day: number;
  type: RecordType;
  /** FRN, IRN or PRN. */
  ref: string;
  /** The record's name (its registered name for firms). */
  name: string;
  /**
   * The API section that shows it: "Firm", "Individual" or "CIS" for the record itself, otherwise
   * the sub-resource ("Permissions", "AR", "CF", "Subfund"…).
   */
  section: string;
  kind: string;
  /** One sentence for people. */
  what: string;
  before: string | null;
  after: string | null;
  /** Path below the API base where it shows (first page). */
  path: string;
}

export type DayOp =
  | { op: 'permission-add'; frn: string; permission: PermissionRecord }
  | { op: 'permission-remove'; frn: string; name: string }
  | { op: 'requirement-impose'; frn: string; requirement: RequirementRecord }
  | { op: 'requirement-lift'; frn: string; ref: string }
  | { op: 'ar-appoint'; link: ArLink }
  | { op: 'ar-terminate'; arFrn: string; principalFrn: string; effective: string; reason?: string }
  /** A current appointment re-typed in place (Full ↔ Introducer, tied agent or not): the row keeps its dates. */
  | { op: 'ar-retype'; arFrn: string; principalFrn: string; effective: string; subType: ArLink['subType']; tiedAgent: boolean }
  | { op: 'cf-start'; row: CfRow }
  | { op: 'cf-end'; irn: string; frn: string; function: string; effective: string }
  | { op: 'disciplinary-add'; type: 'firm' | 'individual'; ref: string; record: DisciplinaryRecord }
  | { op: 'exceptional-add'; frn: string; notice: { title: string; body: string } }
  | { op: 'exceptional-remove'; frn: string; title: string }
  | { op: 'sub-status'; frn: string; subStatus: string }
  | { op: 'cancel'; frn: string }
  | { op: 'firm-add'; firm: FirmRecord; predecessorFrn?: string }
  | { op: 'trading-name-add'; frn: string; name: string }
  | { op: 'trading-name-end'; frn: string; name: string }
  | { op: 'address'; frn: string; ppob: AddressRecord; searchSuffix: string }
  | { op: 'subfund-add'; fund: FundRecord }
  | { op: 'subfund-close'; prn: string };

/** The register's date of a day: the generated dataset's "today" plus the day. */
export function registerDate(day: number): string {
  return formatDay(REFERENCE_DAY + day);
}

const AR_STATUS = 'Appointed representative';
const AR_INTRODUCER_STATUS = 'Appointed representative - introducer';
const FORMER_AR_STATUS = 'No longer registered as an Appointed Representative';
const CANCELLED_STATUS = 'No longer authorised';

function cloneFirm(f: FirmRecord): FirmRecord {
  return {
    ...f,
    exceptionalInfo: f.exceptionalInfo.slice(),
    currentNames: f.currentNames.slice(),
    previousNames: f.previousNames.slice(),
    duplicateSearchStatuses: f.duplicateSearchStatuses.slice(),
    appointments: f.appointments.slice(),
    representatives: { current: f.representatives.current.slice(), previous: f.representatives.previous.slice() },
    cfRows: f.cfRows.slice(),
  };
}

function cloneDetails(d: FirmDetails): FirmDetails {
  return {
    permissions: d.permissions.slice(),
    passports: d.passports.slice(),
    requirements: d.requirements.slice(),
    waivers: d.waivers.slice(),
    regulators: d.regulators.slice(),
    disciplinary: d.disciplinary.slice(),
    exclusions: d.exclusions.slice(),
  };
}

function rowDay(r: CfRow): number {
  if (r.effective === '') return 0;
  const [d, m, y] = r.effective.split('/').map(Number);
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/** The builder's order for CF rows: by start, then IRN, then function. */
function compareRows(a: CfRow, b: CfRow): number {
  return rowDay(a) - rowDay(b) || (a.irn < b.irn ? -1 : a.irn > b.irn ? 1 : a.function < b.function ? -1 : a.function > b.function ? 1 : 0);
}

function insertSorted<T>(list: T[], item: T, compare: (a: T, b: T) => number): void {
  let i = list.length;
  while (i > 0 && compare(list[i - 1], item) > 0) i--;
  list.splice(i, 0, item);
}

function replaceIn<T>(list: T[], old: T, replacement: T): void {
  const i = list.indexOf(old);
  if (i < 0) throw new Error('register day: relation end missing');
  list[i] = replacement;
}

function removeFrom<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i < 0) throw new Error('register day: relation end missing');
  list.splice(i, 1);
}

/**
 * The records of one day while changes are applied to them. `snapshot()` hands out an immutable
 * Dataset view; changes applied afterwards copy again rather than alter what a snapshot holds.
 */
export class DayState {
  readonly firms: Map<string, FirmRecord>;
  readonly individuals: Map<string, IndividualRecord>;
  readonly funds: Map<string, FundRecord>;
  private owned = new WeakSet<object>();

  constructor(
    readonly base: Dataset,
    public day: number,
    from: Pick<Dataset, 'firms' | 'individuals' | 'funds'>,
  ) {
    this.firms = new Map(from.firms);
    this.individuals = new Map(from.individuals);
    this.funds = new Map(from.funds);
  }

  details(frn: string): FirmDetails {
    const firm = this.firms.get(frn);
    if (!firm) throw new Error(`register day: no firm ${frn}`);
    return firm.details ?? this.base.firmDetails(frn);
  }

  firm(frn: string): FirmRecord {
    const f = this.firms.get(frn);
    if (!f) throw new Error(`register day: no firm ${frn}`);
    return f;
  }

  person(irn: string): IndividualRecord {
    const p = this.individuals.get(irn);
    if (!p) throw new Error(`register day: no individual ${irn}`);
    return p;
  }

  fund(prn: string): FundRecord {
    const f = this.funds.get(prn);
    if (!f) throw new Error(`register day: no fund ${prn}`);
    return f;
  }

  mutableFirm(frn: string): FirmRecord {
    const f = this.firm(frn);
    if (this.owned.has(f)) return f;
    const copy = cloneFirm(f);
    this.owned.add(copy);
    this.firms.set(frn, copy);
    return copy;
  }

  mutableDetails(frn: string): FirmDetails {
    const firm = this.mutableFirm(frn);
    const current = firm.details ?? this.base.firmDetails(frn);
    if (firm.details && this.owned.has(firm.details)) return firm.details;
    const copy = cloneDetails(current);
    this.owned.add(copy);
    firm.details = copy;
    return copy;
  }

  mutablePerson(irn: string): IndividualRecord {
    const p = this.person(irn);
    if (this.owned.has(p)) return p;
    const copy: IndividualRecord = {
      ...p,
      cfRows: p.cfRows.slice(),
      disciplinary: p.disciplinary.slice(),
      workplaces: p.workplaces.slice(),
      searchAliases: p.searchAliases.slice(),
    };
    this.owned.add(copy);
    this.individuals.set(irn, copy);
    return copy;
  }

  mutableFund(prn: string): FundRecord {
    const f = this.fund(prn);
    if (this.owned.has(f)) return f;
    const copy: FundRecord = { ...f, otherNames: f.otherNames.slice(), subFundPrns: f.subFundPrns.slice() };
    this.owned.add(copy);
    this.funds.set(prn, copy);
    return copy;
  }

  /** Adds a record created by a change; the state owns it (no copy needed before changing it). */
  addFirm(firm: FirmRecord): void {
    if (this.firms.has(firm.frn) || this.funds.has(firm.frn)) throw new Error(`register day: number ${firm.frn} already in use`);
    this.owned.add(firm);
    if (firm.details) this.owned.add(firm.details);
    this.firms.set(firm.frn, firm);
  }

  addFund(fund: FundRecord): void {
    if (this.funds.has(fund.prn) || this.firms.has(fund.prn)) throw new Error(`register day: number ${fund.prn} already in use`);
    this.owned.add(fund);
    this.funds.set(fund.prn, fund);
  }

  /** An immutable Dataset of this day. Later changes to this state copy before they alter anything. */
  snapshot(): Dataset {
    const base = this.base;
    const firms = new Map(this.firms);
    const individuals = new Map(this.individuals);
    const funds = new Map(this.funds);
    this.owned = new WeakSet();
    let search: SearchIndex | null = null;
    return {
      seed: base.seed,
      sizes: base.sizes,
      firms,
      individuals,
      funds,
      unauthorised: base.unauthorised,
      markets: base.markets,
      // Built on the first search of the day: most days are only read record by record.
      get search(): SearchIndex {
        if (!search) search = new SearchIndex(firms.values(), [...base.unauthorised], individuals.values(), funds.values());
        return search;
      },
      firmDetails(frn: string): FirmDetails {
        const firm = firms.get(frn);
        if (!firm) throw new Error(`no firm ${frn}`);
        return firm.details ?? base.firmDetails(frn);
      },
      buildMs: base.buildMs,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Applying one change

function firmChange(s: DayState, frn: string, section: string, kind: string, what: string, before: string | null, after: string | null): DayChange {
  const path = section === 'Firm' ? `/Firm/${frn}` : `/Firm/${frn}/${section}`;
  return { day: s.day, type: 'firm', ref: frn, name: s.firm(frn).name, section, kind, what, before, after, path };
}

function personChange(s: DayState, irn: string, section: string, kind: string, what: string, before: string | null, after: string | null): DayChange {
  const path = section === 'Individual' ? `/Individuals/${irn}` : `/Individuals/${irn}/${section}`;
  return { day: s.day, type: 'individual', ref: irn, name: s.person(irn).fullName, section, kind, what, before, after, path };
}

function fundChange(s: DayState, prn: string, section: string, kind: string, what: string, before: string | null, after: string | null): DayChange {
  const path = section === 'CIS' ? `/CIS/${prn}` : `/CIS/${prn}/${section}`;
  return { day: s.day, type: 'fund', ref: prn, name: s.fund(prn).name, section, kind, what, before, after, path };
}

function firmStatusText(f: FirmRecord): string {
  return `${f.status} (from ${f.statusEffective})`;
}

function setFirmStatus(firm: FirmRecord, kind: FirmKind, status: string, effective: string): void {
  firm.kind = kind;
  firm.status = status;
  firm.searchStatus = status;
  firm.statusEffective = effective;
}

/** Status of a person at one firm (the firm's Individuals list) and overall (their own record). */
function statuses(s: DayState, irn: string, frn: string): { atFirm: string | null; overall: string } {
  const rows = s.person(irn).cfRows;
  const atFirm = rows.filter((r) => r.frn === frn);
  return { atFirm: atFirm.length === 0 ? null : approvalStatus(atFirm), overall: approvalStatus(rows) };
}

function statusConsequences(s: DayState, irn: string, frn: string, before: { atFirm: string | null; overall: string }): DayChange[] {
  const after = statuses(s, irn, frn);
  const out: DayChange[] = [];
  const person = s.person(irn);
  if (before.atFirm !== after.atFirm) {
    out.push(
      before.atFirm === null
        ? firmChange(
            s,
            frn,
            'Individuals',
            'individual-listed',
            `${person.fullName} (${irn}) now listed among the firm's individuals: ${after.atFirm}`,
            null,
            `${person.fullName}: ${after.atFirm}`,
          )
        : firmChange(
            s,
            frn,
            'Individuals',
            'individual-status-changed',
            `${person.fullName} (${irn}): ${before.atFirm} → ${after.atFirm}`,
            `${person.fullName}: ${before.atFirm}`,
            `${person.fullName}: ${after.atFirm}`,
          ),
    );
  }
  if (before.overall !== after.overall) {
    out.push(personChange(s, irn, 'Individual', 'status-changed', `Status ${before.overall} → ${after.overall}`, before.overall, after.overall));
  }
  return out;
}

/** Applies one change to the state and reports every (record, section) it altered. */
export function applyOp(s: DayState, op: DayOp): DayChange[] {
  const date = registerDate(s.day);
  switch (op.op) {
    case 'permission-add': {
      const d = s.mutableDetails(op.frn);
      insertSorted(d.permissions, op.permission, (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return [firmChange(s, op.frn, 'Permissions', 'permission-added', `Permission added: ${op.permission.name}`, null, op.permission.name)];
    }
    case 'permission-remove': {
      const d = s.mutableDetails(op.frn);
      const p = d.permissions.find((x) => x.name === op.name);
      if (!p) throw new Error(`register day: ${op.frn} has no permission ${op.name}`);
      removeFrom(d.permissions, p);
      return [firmChange(s, op.frn, 'Permissions', 'permission-removed', `Permission removed: ${op.name}`, op.name, null)];
    }
    case 'requirement-impose': {
      const d = s.mutableDetails(op.frn);
      d.requirements.push(op.requirement);
      const r = op.requirement;
      const types = r.investmentTypes.length > 0 ? ` (investment types: ${r.investmentTypes.join(', ')})` : '';
      return [firmChange(s, op.frn, 'Requirements', 'requirement-imposed', `Requirement ${r.ref} imposed from ${r.effective}: ${r.title}${types}`, null, `${r.ref} ${r.title}`)];
    }
    case 'requirement-lift': {
      const d = s.mutableDetails(op.frn);
      const r = d.requirements.find((x) => x.ref === op.ref);
      if (!r) throw new Error(`register day: ${op.frn} has no requirement ${op.ref}`);
      removeFrom(d.requirements, r);
      const types = r.investmentTypes.length > 0 ? ` (with its ${r.investmentTypes.length} investment types)` : '';
      return [firmChange(s, op.frn, 'Requirements', 'requirement-lifted', `Requirement ${r.ref} lifted: ${r.title}${types}`, `${r.ref} ${r.title}`, null)];
    }
    case 'ar-appoint': {
      const link = op.link;
      const ar = s.mutableFirm(link.arFrn);
      const principal = s.mutableFirm(link.principalFrn);
      ar.appointments.push(link);
      const byName = (a: ArLink, b: ArLink) => {
        const an = s.firm(a.arFrn).name.toLowerCase();
        const bn = s.firm(b.arFrn).name.toLowerCase();
        return an < bn ? -1 : an > bn ? 1 : a.arFrn < b.arFrn ? -1 : a.arFrn > b.arFrn ? 1 : 0;
      };
      insertSorted(principal.representatives.current, link, byName);
      const out = [firmChange(s, principal.frn, 'AR', 'ar-added', `Appointed representative added: ${ar.name} (${ar.frn}) from ${link.effective}`, null, `${ar.name} (${ar.frn})`)];
      const status = link.subType === 'Introducer' ? AR_INTRODUCER_STATUS : AR_STATUS;
      if (ar.kind !== 'appointed-representative') {
        const before = firmStatusText(ar);
        setFirmStatus(ar, 'appointed-representative', status, link.effective);
        out.push(
          firmChange(
            s,
            ar.frn,
            'Firm',
            'status-changed',
            `Appointed by ${principal.name} (${principal.frn}): status ${before} → ${firmStatusText(ar)}`,
            before,
            firmStatusText(ar),
          ),
        );
      }
      return out;
    }
    case 'ar-terminate': {
      const ar = s.mutableFirm(op.arFrn);
      const principal = s.mutableFirm(op.principalFrn);
      const old = principal.representatives.current.find((l) => l.arFrn === op.arFrn && l.effective === op.effective);
      if (!old) throw new Error(`register day: ${op.principalFrn} has no current appointment of ${op.arFrn}`);
      const ended: ArLink = { ...old, termination: date };
      removeFrom(principal.representatives.current, old);
      insertSorted(principal.representatives.previous, ended, (a, b) => {
        const an = s.firm(a.arFrn).name.toLowerCase();
        const bn = s.firm(b.arFrn).name.toLowerCase();
        return an < bn ? -1 : an > bn ? 1 : a.arFrn < b.arFrn ? -1 : a.arFrn > b.arFrn ? 1 : 0;
      });
      replaceIn(ar.appointments, old, ended);
      const out = [firmChange(s, principal.frn, 'AR', 'ar-removed', `Appointed representative ended: ${ar.name} (${ar.frn}) on ${date}`, `${ar.name} (${ar.frn})`, null)];
      if (!ar.appointments.some((l) => l.termination === null)) {
        const before = firmStatusText(ar);
        setFirmStatus(ar, 'former-appointed-representative', FORMER_AR_STATUS, date);
        const reason = op.reason ? `; ${op.reason}` : '';
        out.push(
          firmChange(
            s,
            ar.frn,
            'Firm',
            'status-changed',
            `No longer an appointed representative of ${principal.name} (${principal.frn}): status ${before} → ${firmStatusText(ar)}${reason}`,
            before,
            firmStatusText(ar),
          ),
        );
      }
      return out;
    }
    case 'ar-retype': {
      const ar = s.mutableFirm(op.arFrn);
      const principal = s.mutableFirm(op.principalFrn);
      const old = principal.representatives.current.find((l) => l.arFrn === op.arFrn && l.effective === op.effective);
      if (!old) throw new Error(`register day: ${op.principalFrn} has no current appointment of ${op.arFrn}`);
      const typeText = (l: Pick<ArLink, 'subType' | 'tiedAgent'>) => `${l.subType}${l.tiedAgent ? ', tied agent' : ''}`;
      const retyped: ArLink = { ...old, subType: op.subType, tiedAgent: op.tiedAgent };
      replaceIn(principal.representatives.current, old, retyped);
      replaceIn(ar.appointments, old, retyped);
      const out = [
        firmChange(
          s,
          principal.frn,
          'AR',
          'ar-retyped',
          `Appointed representative re-typed: ${ar.name} (${ar.frn}) ${typeText(old)} → ${typeText(retyped)}`,
          `${ar.name} (${ar.frn}): ${typeText(old)}`,
          `${ar.name} (${ar.frn}): ${typeText(retyped)}`,
        ),
      ];
      // The AR's own status says introducer when every current appointment is an introducer's.
      const current = ar.appointments.filter((l) => l.termination === null);
      const status = current.every((l) => l.subType === 'Introducer') ? AR_INTRODUCER_STATUS : AR_STATUS;
      if (ar.kind === 'appointed-representative' && ar.status !== status) {
        const before = firmStatusText(ar);
        setFirmStatus(ar, 'appointed-representative', status, date);
        out.push(
          firmChange(s, ar.frn, 'Firm', 'status-changed', `Re-typed by ${principal.name} (${principal.frn}): status ${before} → ${firmStatusText(ar)}`, before, firmStatusText(ar)),
        );
      }
      return out;
    }
    case 'cf-start': {
      const row = op.row;
      const before = statuses(s, row.irn, row.frn);
      const firm = s.mutableFirm(row.frn);
      const person = s.mutablePerson(row.irn);
      insertSorted(firm.cfRows, row, compareRows);
      insertSorted(person.cfRows, row, compareRows);
      if (person.searchStatus === 'Regulatory approval no longer required') person.searchStatus = 'Active';
      const label = `${row.function} from ${row.effective}`;
      return [
        firmChange(s, firm.frn, 'CF', 'cf-started', `${person.fullName} (${person.irn}) started ${label}`, null, `${person.fullName}: ${label}`),
        personChange(s, person.irn, 'CF', 'cf-started', `Started ${label} at ${firm.name} (${firm.frn})`, null, `${firm.name}: ${label}`),
        ...statusConsequences(s, row.irn, row.frn, before),
      ];
    }
    case 'cf-end': {
      const firm = s.mutableFirm(op.frn);
      const old = firm.cfRows.find((r) => r.irn === op.irn && r.function === op.function && r.effective === op.effective && r.end === null);
      if (!old) throw new Error(`register day: no current ${op.function} of ${op.irn} at ${op.frn}`);
      const before = statuses(s, op.irn, op.frn);
      const person = s.mutablePerson(op.irn);
      const ended: CfRow = { ...old, end: date };
      replaceIn(firm.cfRows, old, ended);
      replaceIn(person.cfRows, old, ended);
      if (person.searchStatus === 'Active' && !person.cfRows.some((r) => r.end === null)) person.searchStatus = 'Regulatory approval no longer required';
      const label = `${old.function} (from ${old.effective || 'no date'})`;
      return [
        firmChange(
          s,
          firm.frn,
          'CF',
          'cf-ended',
          `${person.fullName} (${person.irn}) ended ${label} on ${date}`,
          `${person.fullName}: ${label}`,
          `${person.fullName}: ${label} to ${date}`,
        ),
        personChange(s, person.irn, 'CF', 'cf-ended', `Ended ${label} at ${firm.name} (${firm.frn}) on ${date}`, `${firm.name}: ${label}`, `${firm.name}: ${label} to ${date}`),
        ...statusConsequences(s, op.irn, op.frn, before),
      ];
    }
    case 'disciplinary-add': {
      const r = op.record;
      const summary = `${r.action} (${r.effective})`;
      if (op.type === 'firm') {
        s.mutableDetails(op.ref).disciplinary.push(r);
        return [firmChange(s, op.ref, 'DisciplinaryHistory', 'disciplinary-added', `Disciplinary action added: ${summary}`, null, summary)];
      }
      s.mutablePerson(op.ref).disciplinary.push(r);
      return [personChange(s, op.ref, 'DisciplinaryHistory', 'disciplinary-added', `Disciplinary action added: ${summary}`, null, summary)];
    }
    case 'exceptional-add': {
      s.mutableFirm(op.frn).exceptionalInfo.push(op.notice);
      return [firmChange(s, op.frn, 'Firm', 'exceptional-info-added', `Exceptional Info notice added: ${op.notice.title}`, null, op.notice.title)];
    }
    case 'exceptional-remove': {
      const f = s.mutableFirm(op.frn);
      const notice = f.exceptionalInfo.find((n) => n.title === op.title);
      if (!notice) throw new Error(`register day: ${op.frn} has no notice ${op.title}`);
      removeFrom(f.exceptionalInfo, notice);
      return [firmChange(s, op.frn, 'Firm', 'exceptional-info-removed', `Exceptional Info notice removed: ${op.title}`, op.title, null)];
    }
    case 'sub-status': {
      const f = s.mutableFirm(op.frn);
      const before = f.subStatus === '' ? null : `${f.subStatus} (from ${f.subStatusFrom})`;
      f.subStatus = op.subStatus;
      f.subStatusFrom = op.subStatus === '' ? '' : date;
      const after = op.subStatus === '' ? null : `${op.subStatus} (from ${date})`;
      const what = after === null ? `Sub-status ended: ${f.name} is no longer "${before}"` : before === null ? `Sub-status set: ${after}` : `Sub-status ${before} → ${after}`;
      return [firmChange(s, op.frn, 'Firm', after === null ? 'sub-status-removed' : 'sub-status-changed', what, before, after)];
    }
    case 'cancel': {
      const f = s.mutableFirm(op.frn);
      const before = firmStatusText(f);
      setFirmStatus(f, 'no-longer-authorised', CANCELLED_STATUS, date);
      f.subStatus = '';
      f.subStatusFrom = '';
      const out = [firmChange(s, op.frn, 'Firm', 'cancelled', `Authorisation cancelled: status ${before} → ${firmStatusText(f)}`, before, firmStatusText(f))];
      const d = s.mutableDetails(op.frn);
      if (d.permissions.length > 0) {
        out.push(
          firmChange(
            s,
            op.frn,
            'Permissions',
            'permissions-removed',
            `All ${d.permissions.length} permissions removed on cancellation`,
            `${d.permissions.length} permissions`,
            null,
          ),
        );
        d.permissions.length = 0;
      }
      let regulatorsChanged = false;
      d.regulators = d.regulators.map((r) => {
        if (r.termination !== '') return r;
        regulatorsChanged = true;
        return { ...r, termination: date };
      });
      if (regulatorsChanged) out.push(firmChange(s, op.frn, 'Regulators', 'regulators-ended', `Regulators' termination date set to ${date}`, null, date));
      return out;
    }
    case 'firm-add': {
      // A copy: the state goes on to change its new records in place, and the plan must stay as planned for replays.
      const f = structuredClone(op.firm);
      s.addFirm(f);
      const successor = op.predecessorFrn
        ? `; it succeeds the appointed representative entry ${op.predecessorFrn} of the same name, which stops being an appointed representative the same day`
        : '';
      return [firmChange(s, f.frn, 'Firm', 'firm-added', `New register entry: ${f.name} (${f.frn}), ${firmStatusText(f)}${successor}`, null, firmStatusText(f))];
    }
    case 'trading-name-add': {
      const f = s.mutableFirm(op.frn);
      const registered = f.currentNames.findIndex((n) => n.status === 'Registered');
      f.currentNames.splice(registered < 0 ? f.currentNames.length : registered, 0, { name: op.name, status: 'Trading', from: date });
      return [firmChange(s, op.frn, 'Names', 'trading-name-added', `Trading name added: ${op.name} (from ${date})`, null, op.name)];
    }
    case 'trading-name-end': {
      const f = s.mutableFirm(op.frn);
      const n = f.currentNames.find((x) => x.status === 'Trading' && x.name === op.name);
      if (!n) throw new Error(`register day: ${op.frn} has no trading name ${op.name}`);
      removeFrom(f.currentNames, n);
      f.previousNames.unshift({ ...n, to: date });
      return [firmChange(s, op.frn, 'Names', 'trading-name-ended', `Trading name no longer used: ${op.name} (to ${date})`, op.name, null)];
    }
    case 'address': {
      const f = s.mutableFirm(op.frn);
      const line = (a: AddressRecord) => [a.line1, a.line2, a.town, a.postcode].filter((x) => x !== '').join(', ');
      const before = line(f.ppob);
      f.ppob = op.ppob;
      f.searchSuffix = op.searchSuffix;
      return [firmChange(s, op.frn, 'Address', 'address-changed', `Principal place of business moved: ${before} → ${line(op.ppob)}`, before, line(op.ppob))];
    }
    case 'subfund-add': {
      const sub = structuredClone(op.fund);
      s.addFund(sub);
      const parent = s.mutableFund(sub.parentPrn!);
      parent.subFundPrns.push(sub.prn);
      return [
        fundChange(s, parent.prn, 'Subfund', 'subfund-added', `Sub-fund added: ${sub.name} (${sub.prn})`, null, `${sub.name} (${sub.prn})`),
        fundChange(s, sub.prn, 'CIS', 'fund-added', `New sub-fund record: ${sub.name} (${sub.prn}) of ${parent.name}, ${sub.status} from ${sub.effective}`, null, sub.status),
      ];
    }
    case 'subfund-close': {
      const sub = s.mutableFund(op.prn);
      const parent = s.mutableFund(sub.parentPrn!);
      const before = sub.status;
      sub.status = 'Terminated';
      removeFrom(parent.subFundPrns, sub.prn);
      return [
        fundChange(s, parent.prn, 'Subfund', 'subfund-closed', `Sub-fund closed and no longer listed: ${sub.name} (${sub.prn})`, `${sub.name} (${sub.prn})`, null),
        fundChange(s, sub.prn, 'CIS', 'status-changed', `Sub-fund closed: status ${before} → Terminated`, before, 'Terminated'),
      ];
    }
  }
}
