/**
 * The register's wire shapes (FCA Financial Services Register API V0.1), keys exactly as the live
 * service sends them, typos included ("Address LIne 3", "PSD Agent Effective date",
 * "[NotinUse] Insurance Distribution"). Source of truth: shared/reference/register-api.md and the
 * recorded exchanges beside it. Only `normalise*.ts` may read these; pages use `model.ts`.
 *
 * Every value is typed as what has been seen, but the normaliser treats each field as `unknown`
 * at run time, because the upstream changes shape without notice (2021, 2023 and 2026 firm
 * shapes all differ).
 */

/** All ResultInfo values are strings, and may be "" (Individual CF). */
export interface WireResultInfo {
  page?: string;
  per_page?: string;
  total_count?: string;
  /** Absolute URL; query values echoed unencoded; Subfund's are off by one. */
  Next?: string;
  Previous?: string;
}

/** The four-key envelope. On a miss ResultInfo and Data are null; the Subfund miss is all-null. */
export interface WireEnvelope<D = unknown> {
  Status: string | null;
  ResultInfo: WireResultInfo | null;
  Message: string | null;
  Data: D | null;
}

// ---- /Firm/{FRN} -------------------------------------------------------------------------

export interface WireExceptionalInfo {
  'Exceptional Info Title'?: string;
  'Exceptional Info Body'?: string;
}

export interface WireFirm {
  /** URL of /Names, not the firm's name. */
  Name?: string;
  Individuals?: string;
  Requirements?: string;
  Permission?: string;
  Passport?: string;
  Regulators?: string;
  'Appointed Representative'?: string;
  Address?: string;
  Waivers?: string;
  Exclusions?: string;
  DisciplinaryHistory?: string;
  /** "dd/mm/yyyy HH:MM", the server's current UK time. */
  'System Timestamp'?: string;
  /** Current (2024+) form. */
  'Exceptional Info Details'?: WireExceptionalInfo[];
  /** Old flat form (up to mid-2023). */
  'Exceptional Info Title'?: string;
  'Exceptional Info Body'?: string;
  'Status Effective Date'?: string;
  'E-Money Agent Status'?: string;
  'PSD / EMD Effective Date'?: string;
  'Client Money Permission'?: string;
  'Sub Status Effective from'?: string;
  'Sub-Status'?: string;
  'Mutual Society Number'?: string;
  'Companies House Number'?: string;
  'MLRs Status Effective Date'?: string;
  'MLRs Status'?: string;
  'E-Money Agent Effective Date'?: string;
  'PSD Agent Effective date'?: string;
  'PSD Agent Status'?: string;
  'PSD / EMD Status'?: string;
  Status?: string;
  'Business Type'?: string;
  'Organisation Name'?: string;
  FRN?: string;
}
export type WireFirmData = WireFirm[];

// ---- /Firm/{FRN}/Address ------------------------------------------------------------------

export interface WireAddress {
  URL?: string;
  'Website Address'?: string;
  'Phone Number'?: string;
  Country?: string;
  Postcode?: string;
  County?: string;
  Town?: string;
  'Address Line 4'?: string;
  'Address LIne 3'?: string;
  'Address Line 2'?: string;
  'Address Line 1'?: string;
  'Address Type'?: string;
  /** Complaints contact only. */
  Individual?: string;
}
export type WireAddressData = WireAddress[];

// ---- /Firm/{FRN}/AR ----------------------------------------------------------------------

export interface WireAppointedRepresentative {
  URL?: string;
  /** Previous rows only. */
  'Termination Date'?: string;
  RecordSubType?: string;
  'Principal FRN'?: string;
  'Principal Firm Name'?: string;
  'Effective Date'?: string;
  'EEA Tied Agent'?: string;
  'Tied Agent'?: string;
  '[NotinUse] Insurance Distribution'?: string;
  FRN?: string;
  Name?: string;
}
/** Each bucket is paged separately (10 per page); an empty bucket is null. */
export interface WireAppointedRepresentativeData {
  PreviousAppointedRepresentatives: WireAppointedRepresentative[] | null;
  CurrentAppointedRepresentatives: WireAppointedRepresentative[] | null;
}

// ---- /Firm/{FRN}/CF and /Individuals/{IRN}/CF ----------------------------------------------

export interface WireFirmControlledFunction {
  'Suspension / Restriction End Date'?: string;
  'Suspension / Restriction Start Date'?: string;
  Restriction?: string;
  'Effective Date'?: string;
  /** Previous only. */
  'End Date'?: string;
  'Individual Name'?: string;
  Name?: string;
  /** → /Individuals/{IRN} */
  URL?: string;
}
/** Keys are "(N)<function name>". */
export interface WireFirmControlledFunctionData {
  Current?: Record<string, WireFirmControlledFunction>;
  Previous?: Record<string, WireFirmControlledFunction>;
}

export interface WireIndividualControlledFunction {
  'Customer Engagement Method'?: string;
  'End Date'?: string;
  'Suspension / Restriction End Date'?: string;
  'Suspension / Restriction Start Date'?: string;
  Restriction?: string;
  'Effective Date'?: string;
  'Firm Name'?: string;
  Name?: string;
  /** → /Firm/{FRN} */
  URL?: string;
}
export interface WireIndividualControlledFunctionData {
  Current?: Record<string, WireIndividualControlledFunction>;
  Previous?: Record<string, WireIndividualControlledFunction>;
}

// ---- DisciplinaryHistory (firm and individual) -------------------------------------------

export interface WireDisciplinaryAction {
  /** Long free text with NBSP and trailing spaces. */
  TypeofDescription?: string;
  TypeofAction?: string;
  EnforcementType?: string;
  ActionEffectiveFrom?: string;
}

// ---- /Firm/{FRN}/Exclusions ---------------------------------------------------------------

export interface WireExclusion {
  PSD2_Exclusion_Type?: string;
  Particular_Exclusion_relied_upon?: string;
  Description_of_services?: string;
}

// ---- /Firm/{FRN}/Individuals --------------------------------------------------------------

export interface WireFirmIndividual {
  /** May be semicolon-joined: "Approved by regulator;Certified / assessed by firm". */
  Status?: string;
  URL?: string;
  IRN?: string;
  Name?: string;
}

// ---- /Firm/{FRN}/Names --------------------------------------------------------------------

export interface WireFirmName {
  'Effective To'?: string;
  'Effective From'?: string;
  Status?: string;
  Name?: string;
}
/** A list of single-key objects: [{"Current Names": [...]}, {"Previous Names": [...]}]. */
export type WireFirmNamesData = Array<Record<string, WireFirmName[]>>;

// ---- /Firm/{FRN}/Passports and /Passports/{Country}/Permission -----------------------------

export interface WirePassport {
  PassportDirection?: string;
  /** URL of the country's /Permission resource. */
  Permissions?: string;
  Country?: string;
}
export type WirePassportsData = Array<{ Passports?: WirePassport[] }>;

export interface WirePassportPermission {
  Country?: string;
  Directive?: string;
  PassportDirection?: string;
  PassportType?: string;
  Permissions?: Array<{ Name?: string; InvestmentTypes?: string[] }>;
}

// ---- /Firm/{FRN}/Permissions --------------------------------------------------------------

/**
 * Keyed by permission name; each value is a list of single-key objects whose values are lists:
 * {"Customer Type": [...]}, {"Investment Type": [...]}, {"Limitation": [...]},
 * {"Limitation Not Found": ["Valid limitation not present"]}, CBTL scalars wrapped in lists.
 */
export type WirePermissionsData = Record<string, Array<Record<string, string[]>>>;

// ---- /Firm/{FRN}/Regulators ---------------------------------------------------------------

export interface WireRegulator {
  'Termination Date'?: string;
  'Effective Date'?: string;
  'Regulator Name'?: string;
}

// ---- /Firm/{FRN}/Requirements and .../InvestmentTypes --------------------------------------

/** Fixed keys plus exactly one dynamic key: the requirement's title, whose value is its text. */
export interface WireRequirement {
  'Effective Date'?: string;
  'Requirement Reference'?: string;
  /** "TRUE" / "FALSE" */
  'Financial Promotions Requirement'?: string;
  'Financial Promotions Investment Types'?: string;
  [title: string]: string | undefined;
}

export interface WireRequirementInvestmentType {
  'Investment Type Name'?: string;
}

// ---- /Firm/{FRN}/Waivers ------------------------------------------------------------------

export interface WireWaiver {
  Waivers_Discretions_URL?: string | null;
  Waivers_Discretions?: string | null;
  Rule_ArticleNo?: string[];
}

// ---- /Individuals/{IRN} -------------------------------------------------------------------

export interface WireIndividualDetails {
  'Disciplinary History'?: string;
  'Current roles & activities'?: string;
  IRN?: string;
  /** "None" when absent. */
  'Commonly Used Name'?: string;
  Status?: string;
  'Full Name'?: string;
}
/** Plus optional "Workplace Location 1", "Workplace Location 2"… */
export interface WireIndividual {
  Details?: WireIndividualDetails;
  [workplace: string]: WireIndividualDetails | Record<string, string> | undefined;
}

// ---- /CIS/{PRN}, /Names, /Subfund ---------------------------------------------------------

export interface WireFund {
  'Sub-funds'?: string;
  'Other Name'?: string;
  'CIS Depositary'?: string;
  'CIS Depositary Name'?: string;
  'Operator Name'?: string;
  Operator?: string;
  'MMF Term Type'?: string;
  'MMF NAV Type'?: string;
  'Effective Date'?: string;
  'Scheme Type'?: string;
  'Product Type'?: string;
  'ICVC Registration No'?: string;
  Status?: string;
}

export interface WireFundName {
  'Effective To'?: string;
  'Effective From'?: string;
  'Product Other Name'?: string;
}

export interface WireSubFund {
  /** Points at the parent, on the apexrest path. */
  URL?: string;
  'Sub-Fund Type'?: string;
  Name?: string;
}

// ---- /Search and /CommonSearch ------------------------------------------------------------

export interface WireSearchResult {
  URL?: string | null;
  Status?: string;
  'Reference Number'?: string;
  'Type of business or Individual'?: string;
  /** Firms: "Name (Postcode: XXX)" or "Name (Region: XXX)" or no suffix. */
  Name?: string;
}

export interface WireRegulatedMarket {
  Name?: string;
  TradingName?: string;
  'Type of business or Individual'?: string;
  'Reference Number'?: string;
  Status?: string;
  /** Ends in /Firm/ with an empty FRN. */
  FirmURL?: string;
}
