/**
 * The sandbox's own model of the register. The API layer turns these records into the wire shapes;
 * keeping the model separate lets one fact (say, a controlled-function row) feed both sides of a
 * relation (the firm's CF list and the individual's CF list) so they can never disagree.
 * Dates are stored as the register prints them: dd/mm/yyyy, or '' when absent.
 */

export type FirmKind =
  | 'authorised'
  | 'appointed-representative'
  | 'former-appointed-representative'
  | 'no-longer-authorised'
  | 'payment-institution'
  | 'e-money-institution'
  | 'psd-agent'
  | 'overseas-branch';

/** Drives which activities, passports and staff a firm gets. */
export type FirmProfile =
  'bank' | 'insurer' | 'adviser' | 'mortgage' | 'broker' | 'fund-manager' | 'depositary' | 'consumer-credit' | 'broker_dealer' | 'payment' | 'emoney' | 'ar';

export interface NameRecord {
  name: string;
  status: 'Trading' | 'Registered';
  from: string;
  /** Previous names only. */
  to?: string;
}

export interface AddressRecord {
  line1: string;
  line2: string;
  line3: string;
  line4: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
  phone: string;
  website: string;
  /** Complaints contact only. */
  individual?: string;
}

export interface ArLink {
  arFrn: string;
  principalFrn: string;
  effective: string;
  /** null while the appointment is current. */
  termination: string | null;
  subType: 'Full' | 'Introducer';
  tiedAgent: boolean;
  eeaTiedAgent: boolean;
  insuranceDistribution: boolean;
}

/** One controlled-function row: a person holding a function at a firm for a period. */
export interface CfRow {
  irn: string;
  frn: string;
  function: string;
  effective: string;
  /** null while current. */
  end: string | null;
  restriction: string;
  restrictionStart: string;
  restrictionEnd: string;
  customerEngagement: string;
}

export interface DisciplinaryRecord {
  description: string;
  action: string;
  enforcement: string;
  effective: string;
}

export interface PermissionRecord {
  name: string;
  /** Ordered single-key entries, e.g. ['Customer Type', ['All']]. */
  entries: Array<[string, string[]]>;
}

export interface PassportDirectiveRecord {
  directive: string;
  type: 'Service' | 'Establishment';
  permissions: Array<{ name: string; investmentTypes: string[] }>;
}

export interface PassportRecord {
  country: string;
  direction: 'Passporting Out';
  directives: PassportDirectiveRecord[];
}

export interface RequirementRecord {
  ref: string;
  title: string;
  text: string;
  effective: string;
  financialPromotion: boolean;
  investmentTypes: string[];
}

export interface WaiverRecord {
  file: string | null;
  url: string | null;
  rules: string[];
}

export interface RegulatorRecord {
  name: string;
  effective: string;
  termination: string;
}

export interface ExclusionRecord {
  type: string;
  particular: string;
  description: string;
}

/** The sections behind a firm's sub-resources (generated on first use for ordinary firms). */
export interface FirmDetails {
  permissions: PermissionRecord[];
  passports: PassportRecord[];
  requirements: RequirementRecord[];
  waivers: WaiverRecord[];
  regulators: RegulatorRecord[];
  disciplinary: DisciplinaryRecord[];
  exclusions: ExclusionRecord[];
}

export interface FirmRecord {
  frn: string;
  name: string;
  kind: FirmKind;
  profile: FirmProfile;
  businessType: string;
  status: string;
  statusEffective: string;
  subStatus: string;
  subStatusFrom: string;
  clientMoney: string;
  companiesHouse: string;
  mutualSociety: string;
  mlrsStatus: string;
  mlrsDate: string;
  emoneyAgentStatus: string;
  emoneyAgentDate: string;
  psdAgentStatus: string;
  psdAgentDate: string;
  psdEmdStatus: string;
  psdEmdDate: string;
  exceptionalInfo: Array<{ title: string; body: string }>;
  currentNames: NameRecord[];
  previousNames: NameRecord[];
  ppob: AddressRecord;
  complaints: AddressRecord | null;
  /** Search row type: "Firm", "Payment services firm", "E-money". */
  searchType: string;
  searchStatus: string;
  /** " (Postcode: …)", " (Region: …)" or "". */
  searchSuffix: string;
  /** Extra search rows for the same firm with another status (the live search repeats some firms). */
  duplicateSearchStatuses: string[];
  /** Relative number of staff, for spreading individuals over firms. */
  staffWeight: number;
  authorisedFrom: string;
  /** Appointments where this firm is the appointed representative. */
  appointments: ArLink[];
  /** Appointments where this firm is the principal, current then previous, each sorted by AR name. */
  representatives: { current: ArLink[]; previous: ArLink[] };
  /** Controlled-function rows held at this firm. */
  cfRows: CfRow[];
  /** Set for showcase firms; generated on demand otherwise. */
  details: FirmDetails | null;
}

export interface IndividualRecord {
  irn: string;
  fullName: string;
  /** "None" when absent (the register's literal). */
  commonlyUsedName: string;
  /** Search vocabulary: "Active", "Regulatory approval no longer required", "Deceased", "Prohibited". */
  searchStatus: string;
  workplaces: Array<{ firmName: string; location: string }>;
  cfRows: CfRow[];
  disciplinary: DisciplinaryRecord[];
  /** Extra search words (nicknames of the first name). */
  searchAliases: string[];
}

export interface FundRecord {
  prn: string;
  name: string;
  status: string;
  productType: string;
  schemeType: string;
  icvcRegistration: string;
  effective: string;
  operatorFrn: string;
  depositaryFrn: string;
  mmfTermType: string;
  mmfNavType: string;
  otherNames: Array<{ name: string; from: string; to: string }>;
  subFundPrns: string[];
  parentPrn: string | null;
  subFundType: string;
}

/** Unauthorised and clone firms: search rows only, no FRN. */
export interface UnauthorisedRecord {
  name: string;
  suffix: string;
}

export interface RegulatedMarketRecord {
  name: string;
  tradingName: string;
}

export interface DatasetSizes {
  firms: number;
  individuals: number;
  funds: number;
}
