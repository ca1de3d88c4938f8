/**
 * The portal's model of register data. Pages see only these shapes, never wire shapes.
 *
 * Conventions, everywhere:
 * - An absent value is `undefined` (the register's "", "None", "null" and null all become absent).
 * - Dates are ISO: calendar dates as "yyyy-mm-dd"; timestamps with their UK offset
 *   ("2026-02-27T11:25:00+00:00"). A date the normaliser cannot read is left out of the typed
 *   field and kept, as sent, in `extra` under its wire key.
 * - String flags ("true", "TRUE") are booleans.
 * - Reference numbers found only inside URLs (an individual's IRN in a CF row, a firm's FRN in an
 *   AR or fund-operator URL, a parent PRN in a sub-fund URL) are parsed out.
 * - `extra` holds every wire key the normaliser does not know, with its value untouched, so a new
 *   upstream field still reaches the page. It is `{}` when there is nothing extra.
 */

export type Extra = Record<string, unknown>;

export type SearchType = 'firm' | 'individual' | 'fund';

// ---- Firm ----------------------------------------------------------------------------------

export interface ExceptionalInfo {
  title?: string;
  body?: string;
  extra: Extra;
}

/** URLs of the firm's sub-resources, as the register gave them. Pages link by FRN instead. */
export interface FirmLinks {
  names?: string;
  individuals?: string;
  requirements?: string;
  permissions?: string;
  passports?: string;
  regulators?: string;
  appointedRepresentatives?: string;
  address?: string;
  waivers?: string;
  exclusions?: string;
  disciplinaryHistory?: string;
}

export interface Firm {
  frn: string;
  /** "Organisation Name". */
  name?: string;
  /** e.g. "Authorised", "Appointed representative", "No longer authorised". */
  status?: string;
  statusEffectiveDate?: string;
  /** e.g. "Regulated", "Appointed Representative". */
  businessType?: string;
  subStatus?: string;
  subStatusEffectiveFrom?: string;
  companiesHouseNumber?: string;
  mutualSocietyNumber?: string;
  clientMoneyPermission?: string;
  psdEmdStatus?: string;
  psdEmdEffectiveDate?: string;
  psdAgentStatus?: string;
  psdAgentEffectiveDate?: string;
  eMoneyAgentStatus?: string;
  eMoneyAgentEffectiveDate?: string;
  mlrsStatus?: string;
  mlrsStatusEffectiveDate?: string;
  /** Both the current list form and the old flat Title/Body form end up here; empty when none. */
  exceptionalInfo: ExceptionalInfo[];
  /** The register's clock when it answered (UK time, with offset). */
  systemTimestamp?: string;
  links: FirmLinks;
  extra: Extra;
}

export type AddressKind = 'principal-place-of-business' | 'complaints-contact' | 'other';

export interface FirmAddress {
  /** "Principal Place of Business", "Complaints Contact", … */
  type?: string;
  kind: AddressKind;
  /** Address lines 1-4, blanks removed, in order. */
  lines: string[];
  town?: string;
  county?: string;
  postcode?: string;
  country?: string;
  phone?: string;
  /** As given (often without a scheme, e.g. "www.hiscox.co.uk"). */
  website?: string;
  /** `website` made linkable (https:// added when it has no scheme). */
  websiteUrl?: string;
  /** The complaints contact's name ("Individual"). */
  contactName?: string;
  url?: string;
  extra: Extra;
}

export interface AppointedRepresentative {
  /** The AR's FRN (from "FRN", or from its URL when that is blank). */
  frn?: string;
  name?: string;
  principalFrn?: string;
  principalName?: string;
  /** "Full", "Introducer". */
  recordSubType?: string;
  effectiveDate?: string;
  /** Previous rows only. */
  terminationDate?: string;
  tiedAgent?: boolean;
  eeaTiedAgent?: boolean;
  /** The register labels this column "[NotinUse] Insurance Distribution". */
  insuranceDistribution?: boolean;
  url?: string;
  extra: Extra;
}

export interface AppointedRepresentatives {
  current: AppointedRepresentative[];
  previous: AppointedRepresentative[];
  /** Keys beside the two buckets, by wire key. */
  extra: Extra;
}

interface ControlledFunctionBase {
  /** The "(N)" prefix of the wire key. */
  order?: number;
  /** The function's name ("SMF1 Chief Executive"), from the row or else from the key. */
  name?: string;
  effectiveDate?: string;
  /** Previous rows only. */
  endDate?: string;
  restriction?: string;
  restrictionStartDate?: string;
  restrictionEndDate?: string;
  url?: string;
  extra: Extra;
}

/** A row of /Firm/{FRN}/CF: who holds (or held) which function at this firm. */
export interface FirmControlledFunction extends ControlledFunctionBase {
  individualName?: string;
  /** Parsed from the row's URL. */
  irn?: string;
}

export interface FirmControlledFunctions {
  current: FirmControlledFunction[];
  previous: FirmControlledFunction[];
  /** Keys beside Current/Previous, by wire key. */
  extra: Extra;
}

/** A row of /Individuals/{IRN}/CF: which function the individual holds (or held) at which firm. */
export interface IndividualControlledFunction extends ControlledFunctionBase {
  firmName?: string;
  /** Parsed from the row's URL. */
  frn?: string;
  /** "Face To Face; Telephone; Online" split into its parts. */
  customerEngagementMethods: string[];
}

export interface IndividualControlledFunctions {
  current: IndividualControlledFunction[];
  previous: IndividualControlledFunction[];
  /** Keys beside Current/Previous, by wire key. */
  extra: Extra;
}

export interface DisciplinaryAction {
  /** "Fines", "Prohibition", "Public censure", … */
  actionType?: string;
  /** "FSMA", … */
  enforcementType?: string;
  effectiveFrom?: string;
  /** Free text; NBSPs made spaces and the ends trimmed. */
  description?: string;
  extra: Extra;
}

export interface Exclusion {
  exclusionType?: string;
  exclusionReliedUpon?: string;
  servicesDescription?: string;
  extra: Extra;
}

export interface FirmIndividual {
  irn?: string;
  name?: string;
  /** As the register gives it (may be semicolon-joined). */
  status?: string;
  /** `status` split on ";". */
  statuses: string[];
  url?: string;
  extra: Extra;
}

export interface FirmName {
  name?: string;
  /** "Trading", "Registered". */
  status?: string;
  effectiveFrom?: string;
  effectiveTo?: string;
  extra: Extra;
}

export interface FirmNames {
  current: FirmName[];
  previous: FirmName[];
  /** Any list other than "Current Names"/"Previous Names", by its wire key. */
  extra: Extra;
}

export interface Passport {
  /** As the register spells it ("GIBRALTAR"). */
  country?: string;
  /** "Passporting Out" / "Passporting In". */
  direction?: string;
  permissionsUrl?: string;
  extra: Extra;
}

export interface FirmPassports {
  passports: Passport[];
  /** Keys beside "Passports" in the wire wrapper, by wire key. */
  extra: Extra;
}

export interface PassportActivity {
  name?: string;
  investmentTypes: string[];
  extra: Extra;
}

/** One directive's passport for a country. */
export interface PassportPermission {
  country?: string;
  directive?: string;
  direction?: string;
  /** "Service", "Establishment". */
  passportType?: string;
  permissions: PassportActivity[];
  extra: Extra;
}

export interface Permission {
  /** The permission's name (the wire key). */
  name: string;
  customerTypes: string[];
  investmentTypes: string[];
  limitations: string[];
  /**
   * Every other list under the permission, by its wire label: "Limitation Not Found",
   * "Acting as a CBTL administrator", "CBTL Effective Date", "CBTL Status", …
   */
  other: Record<string, string[]>;
  /** Entries that were not single-key objects of string lists, kept as sent. */
  extra: Extra;
}

export interface Regulator {
  name?: string;
  effectiveDate?: string;
  terminationDate?: string;
  /** True when there is no termination date. */
  current: boolean;
  extra: Extra;
}

export interface Requirement {
  /** "OR-0262545". */
  reference?: string;
  /** The requirement's title (the dynamic wire key). */
  title?: string;
  /** The requirement's text (the dynamic key's value). */
  text?: string;
  effectiveDate?: string;
  /** "Financial Promotions Requirement". */
  financialPromotions?: boolean;
  /** URL of the requirement's investment types, when it has any. */
  investmentTypesUrl?: string;
  extra: Extra;
}

export interface RequirementInvestmentType {
  name?: string;
  extra: Extra;
}

export interface Waiver {
  /** "Rule_ArticleNo". */
  rules: string[];
  /** The document's file name ("A4823494P.pdf"); often absent. */
  documentName?: string;
  documentUrl?: string;
  extra: Extra;
}

// ---- Individual ------------------------------------------------------------------------------

export interface Workplace {
  /** N of "Workplace Location N". */
  index: number;
  firmName?: string;
  location?: string;
  extra: Extra;
}

export interface Individual {
  irn: string;
  fullName?: string;
  commonlyUsedName?: string;
  status?: string;
  workplaces: Workplace[];
  links: { controlledFunctions?: string; disciplinaryHistory?: string };
  extra: Extra;
}

// ---- Fund (CIS) ----------------------------------------------------------------------------

export interface Fund {
  /** From the request (the body does not repeat it). */
  prn: string;
  status?: string;
  productType?: string;
  schemeType?: string;
  effectiveDate?: string;
  icvcRegistrationNumber?: string;
  mmfNavType?: string;
  mmfTermType?: string;
  operatorName?: string;
  /** Parsed from the Operator URL. */
  operatorFrn?: string;
  depositaryName?: string;
  /** Parsed from the CIS Depositary URL. */
  depositaryFrn?: string;
  links: { subfunds?: string; otherNames?: string; operator?: string; depositary?: string };
  extra: Extra;
}

export interface FundName {
  name?: string;
  effectiveFrom?: string;
  effectiveTo?: string;
  extra: Extra;
}

export interface SubFund {
  name?: string;
  /** "Sub-Fund Type", e.g. "Other". */
  type?: string;
  /** Parsed from the URL, which points at the parent (on the apexrest path). */
  parentPrn?: string;
  url?: string;
  extra: Extra;
}

// ---- Search and regulated markets ----------------------------------------------------------

export type SearchEntity = 'firm' | 'individual' | 'fund';

export interface SearchResult {
  /** The name without the " (Postcode: …)" / " (Region: …)" suffix. */
  name?: string;
  /** The name exactly as listed by the register, suffix included. */
  listedName?: string;
  /** From a " (Postcode: …)" suffix; "n/a", "N/A" and "-" count as absent. */
  postcode?: string;
  /** From a " (Region: …)" suffix (non-UK firms). */
  region?: string;
  /** FRN, IRN or PRN; absent for unauthorised and clone entries. */
  referenceNumber?: string;
  status?: string;
  /** "Firm", "Payment services firm", "Individual", "Collective investment scheme", "Unauthorised firm", … */
  type?: string;
  /** What the entry links to, from its URL (or from the search type when it has no URL). */
  entity: SearchEntity;
  /** False for unauthorised and clone entries (no URL, no reference number). */
  linkable: boolean;
  /** True for "Unauthorised firm" entries and "(clone of …)" names. */
  unauthorised: boolean;
  url?: string;
  extra: Extra;
}

export interface RegulatedMarket {
  name?: string;
  tradingName?: string;
  type?: string;
  referenceNumber?: string;
  status?: string;
  /** The register gives ".../Firm/" with an empty FRN; the FRN is set when it is present. */
  frn?: string;
  firmUrl?: string;
  extra: Extra;
}
