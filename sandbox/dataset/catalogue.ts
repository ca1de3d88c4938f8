/**
 * Regulatory vocabulary the generator draws on: permission (activity) names, customer and
 * investment types, controlled functions, passport directives, requirement titles, waiver rule
 * references, enforcement wording and PSD2 exclusions. The phrasing imitates the register's
 * style; the texts are written for the sandbox.
 */

export interface PermissionTemplate {
  name: string;
  customerTypes?: string[];
  investmentTypes?: string[];
  limitation?: string;
}

export const CUSTOMER_TYPES = {
  all: ['All'],
  retailInvestment: ['Retail (Investment)', 'Professional', 'Eligible Counterparty'],
  retailInsurance: ['Retail (Non-Investment Insurance)', 'Commercial'],
  consumer: ['Consumer'],
  professional: ['Professional', 'Eligible Counterparty'],
};

export const INVESTMENT_TYPES = {
  securities: [
    'Shares',
    'Debentures',
    'Government and public security',
    'Warrants',
    'Certificates representing certain securities',
    'Units',
    'Rights to or interests in investments (Security)',
  ],
  derivatives: [
    'Options (excluding a commodity option and an option on a commodity future)',
    'Futures (excluding a commodity future and a rolling spot forex contract)',
    'Contract for Differences (excluding a spread bet and a rolling spot forex contract)',
    'Rolling spot forex contract',
    'Spread Bet',
    'Rights to or interests in investments (Contractually Based Investments)',
  ],
  insurance: ['Non-investment insurance contracts'],
  life: ['Life policy', 'Personal pension scheme', 'Stakeholder pension scheme'],
  mortgage: ['Regulated mortgage contract', 'Home reversion plan', 'Home purchase plan'],
  deposit: ['Deposit', 'Structured deposit'],
  generalClasses: [
    'Accident',
    'Sickness',
    'Land Vehicles',
    'Goods in transit',
    'Fire and natural forces',
    'Damage to property',
    'Motor vehicle liability',
    'General liability',
    'Credit',
    'Suretyship',
    'Miscellaneous financial loss',
    'Legal expenses',
    'Assistance',
  ],
};

const LIMITATIONS = [
  'The firm can only agree to carry on the regulated activities specified in this Notice.',
  'Limited to business where the firm acts as an introducer only.',
  'The firm may not hold or control client money in carrying on this activity.',
  'Limited to arranging transactions for professional clients and eligible counterparties.',
  'Limited to contracts of insurance relating to motor vehicles sold by the firm.',
  'Limited to accepting deposits in the course of carrying on insurance business for which the firm holds a permission.',
  'Limited to hire-purchase and conditional sale agreements for vehicles supplied by the firm.',
];

/** Activities; the first entries are the common ones. At least 45 so a bank can hold 40+. */
export const PERMISSIONS: PermissionTemplate[] = [
  {
    name: 'Advising on investments (except on Pension Transfers and Pension Opt Outs)',
    customerTypes: CUSTOMER_TYPES.retailInvestment,
    investmentTypes: [...INVESTMENT_TYPES.securities, ...INVESTMENT_TYPES.life],
  },
  { name: 'Arranging (bringing about) deals in investments', customerTypes: CUSTOMER_TYPES.retailInvestment, investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Making arrangements with a view to transactions in investments', customerTypes: CUSTOMER_TYPES.retailInvestment, investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Agreeing to carry on a regulated activity', limitation: LIMITATIONS[0] },
  { name: 'Advising on regulated mortgage contracts', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Regulated mortgage contract'] },
  { name: 'Arranging (bringing about) regulated mortgage contracts', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Regulated mortgage contract'] },
  { name: 'Making arrangements with a view to regulated mortgage contracts', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Regulated mortgage contract'] },
  {
    name: 'Assisting in the administration and performance of a contract of insurance',
    customerTypes: CUSTOMER_TYPES.retailInsurance,
    investmentTypes: INVESTMENT_TYPES.insurance,
  },
  { name: 'Dealing in investments as agent', customerTypes: CUSTOMER_TYPES.retailInvestment, investmentTypes: [...INVESTMENT_TYPES.securities, ...INVESTMENT_TYPES.derivatives] },
  {
    name: 'Dealing in investments as principal',
    customerTypes: CUSTOMER_TYPES.professional,
    investmentTypes: INVESTMENT_TYPES.derivatives,
    limitation:
      'The firm, in carrying out this regulated activity, is limited to entering into transactions in a manner which, if the firm was an unauthorised person, would come within article 16 of the RAO.',
  },
  { name: 'Managing investments', customerTypes: CUSTOMER_TYPES.retailInvestment, investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Safeguarding and administration of assets (without arranging)', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Arranging safeguarding and administration of assets', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Credit broking', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Debt adjusting', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Debt counselling', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Debt collecting', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Debt administration', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Entering into regulated credit agreements as lender', customerTypes: CUSTOMER_TYPES.consumer, limitation: LIMITATIONS[6] },
  { name: "Exercising or having the right to exercise the lender's rights and duties under a regulated credit agreement", customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Entering into regulated consumer hire agreements as owner', customerTypes: CUSTOMER_TYPES.consumer },
  { name: "Exercising or having the right to exercise the owner's rights and duties under a regulated consumer hire agreement", customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Providing credit information services', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Accepting Deposits', customerTypes: CUSTOMER_TYPES.all, investmentTypes: INVESTMENT_TYPES.deposit },
  { name: 'Effecting contracts of insurance', customerTypes: CUSTOMER_TYPES.all, investmentTypes: INVESTMENT_TYPES.generalClasses },
  { name: 'Carrying out contracts of insurance', customerTypes: CUSTOMER_TYPES.all, investmentTypes: INVESTMENT_TYPES.generalClasses },
  { name: 'Entering into a regulated mortgage contract as lender', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Regulated mortgage contract'] },
  { name: 'Administering a regulated mortgage contract', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Regulated mortgage contract'] },
  { name: 'Advising on pension transfers and pension opt outs', customerTypes: ['Retail (Investment)'], investmentTypes: INVESTMENT_TYPES.life },
  { name: 'Advising on P2P agreements', customerTypes: CUSTOMER_TYPES.retailInvestment },
  { name: 'Operating an electronic system in relation to lending', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Sending dematerialised instructions', investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Causing dematerialised instructions to be sent', investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Establishing, operating or winding up a collective investment scheme', customerTypes: CUSTOMER_TYPES.all, investmentTypes: ['Units'] },
  { name: 'Establishing, operating or winding up a personal pension scheme', customerTypes: CUSTOMER_TYPES.all, investmentTypes: ['Personal pension scheme'] },
  { name: 'Establishing, operating or winding up a stakeholder pension scheme', customerTypes: CUSTOMER_TYPES.all, investmentTypes: ['Stakeholder pension scheme'] },
  { name: 'Managing a UK UCITS', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Managing an AIF', customerTypes: CUSTOMER_TYPES.professional },
  { name: 'Managing an unauthorised AIF', customerTypes: CUSTOMER_TYPES.professional },
  { name: 'Acting as trustee or depositary of a UK UCITS', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Acting as trustee or depositary of an AIF', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Operating a multilateral trading facility', customerTypes: CUSTOMER_TYPES.professional, investmentTypes: INVESTMENT_TYPES.securities },
  { name: 'Operating an organised trading facility', customerTypes: CUSTOMER_TYPES.professional, investmentTypes: INVESTMENT_TYPES.derivatives },
  { name: 'Advising on home reversion plans', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Home reversion plan'] },
  { name: 'Arranging (bringing about) home reversion plans', customerTypes: CUSTOMER_TYPES.consumer, investmentTypes: ['Home reversion plan'] },
  { name: 'Advising on regulated sale and rent back agreements', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Meeting of repayment claims', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Managing dormant account funds (including the investment of such funds)', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Providing credit references', customerTypes: CUSTOMER_TYPES.all },
  { name: 'Buying rights to assigned benefits', customerTypes: CUSTOMER_TYPES.consumer },
  { name: 'Money remittance' },
  { name: 'Execution of payment transactions' },
  { name: 'Account information services' },
  { name: 'Payment initiation services' },
  { name: 'Issuing electronic money' },
];

/** Extra single-value entries the register shows on consumer buy-to-let permissions. */
export const CBTL_PERMISSION = 'Consumer buy-to-let mortgage business';

/** Permission sets by firm profile (names from PERMISSIONS). */
export const PROFILE_PERMISSIONS: Record<string, string[]> = {
  adviser: [
    'Advising on investments (except on Pension Transfers and Pension Opt Outs)',
    'Arranging (bringing about) deals in investments',
    'Making arrangements with a view to transactions in investments',
    'Agreeing to carry on a regulated activity',
    'Managing investments',
    'Advising on pension transfers and pension opt outs',
    'Arranging safeguarding and administration of assets',
  ],
  mortgage: [
    'Advising on regulated mortgage contracts',
    'Arranging (bringing about) regulated mortgage contracts',
    'Making arrangements with a view to regulated mortgage contracts',
    'Agreeing to carry on a regulated activity',
    'Assisting in the administration and performance of a contract of insurance',
    'Credit broking',
    'Advising on home reversion plans',
  ],
  broker: [
    'Arranging (bringing about) deals in investments',
    'Making arrangements with a view to transactions in investments',
    'Assisting in the administration and performance of a contract of insurance',
    'Agreeing to carry on a regulated activity',
    'Advising on investments (except on Pension Transfers and Pension Opt Outs)',
    'Credit broking',
  ],
  insurer: [
    'Effecting contracts of insurance',
    'Carrying out contracts of insurance',
    'Accepting Deposits',
    'Agreeing to carry on a regulated activity',
    'Dealing in investments as principal',
    'Assisting in the administration and performance of a contract of insurance',
  ],
  'fund-manager': [
    'Managing investments',
    'Managing a UK UCITS',
    'Managing an AIF',
    'Establishing, operating or winding up a collective investment scheme',
    'Dealing in investments as agent',
    'Arranging (bringing about) deals in investments',
    'Agreeing to carry on a regulated activity',
  ],
  depositary: [
    'Acting as trustee or depositary of a UK UCITS',
    'Acting as trustee or depositary of an AIF',
    'Safeguarding and administration of assets (without arranging)',
    'Arranging safeguarding and administration of assets',
    'Agreeing to carry on a regulated activity',
  ],
  'consumer-credit': [
    'Credit broking',
    'Entering into regulated credit agreements as lender',
    "Exercising or having the right to exercise the lender's rights and duties under a regulated credit agreement",
    'Entering into regulated consumer hire agreements as owner',
    'Debt collecting',
    'Agreeing to carry on a regulated activity',
  ],
  payment: ['Money remittance', 'Execution of payment transactions', 'Account information services', 'Payment initiation services'],
  emoney: ['Issuing electronic money', 'Money remittance', 'Execution of payment transactions'],
  broker_dealer: [
    'Dealing in investments as agent',
    'Dealing in investments as principal',
    'Arranging (bringing about) deals in investments',
    'Making arrangements with a view to transactions in investments',
    'Safeguarding and administration of assets (without arranging)',
    'Sending dematerialised instructions',
    'Operating a multilateral trading facility',
    'Agreeing to carry on a regulated activity',
  ],
};

export type FunctionClass = 'approved' | 'certified' | 'other';

export interface ControlledFunction {
  name: string;
  cls: FunctionClass;
  /** Functions that no longer exist appear only in Previous rows. */
  legacy?: boolean;
  /** Functions held at appointed representatives. */
  ar?: boolean;
  customerFacing?: boolean;
}

export const CONTROLLED_FUNCTIONS: ControlledFunction[] = [
  { name: 'SMF1 Chief Executive', cls: 'approved' },
  { name: 'SMF2 Chief Finance', cls: 'approved' },
  { name: 'SMF3 Executive Director', cls: 'approved' },
  { name: 'SMF4 Chief Risk', cls: 'approved' },
  { name: 'SMF5 Head of Internal Audit', cls: 'approved' },
  { name: 'SMF7 Group Entity Senior Manager', cls: 'approved' },
  { name: 'SMF9 Chair', cls: 'approved' },
  { name: 'SMF10 Chair of the Risk Committee', cls: 'approved' },
  { name: 'SMF11 Chair of the Audit Committee', cls: 'approved' },
  { name: 'SMF12 Chair of the Remuneration Committee', cls: 'approved' },
  { name: 'SMF14 Senior Independent Director', cls: 'approved' },
  { name: 'SMF16 Compliance Oversight', cls: 'approved' },
  { name: 'SMF17 Money Laundering Reporting Officer (MLRO)', cls: 'approved' },
  { name: 'SMF18 Other Overall Responsibility', cls: 'approved' },
  { name: 'SMF20 Chief Actuary', cls: 'approved' },
  { name: 'SMF23 Chief Underwriting Officer', cls: 'approved' },
  { name: 'SMF24 Chief Operations', cls: 'approved' },
  { name: 'SMF27 Partner', cls: 'approved' },
  { name: 'SMF29 Limited Scope Function', cls: 'approved' },
  { name: 'Responsible for Insurance Distribution', cls: 'approved' },
  { name: '[FCA CF] Functions requiring qualifications', cls: 'certified', customerFacing: true },
  { name: '[FCA CF] Client dealing', cls: 'certified', customerFacing: true },
  { name: '[FCA CF] Material risk takers', cls: 'certified' },
  { name: '[FCA CF] Significant management', cls: 'certified' },
  { name: '[FCA CF] Managers of certification employees', cls: 'certified' },
  { name: 'CF1 Director', cls: 'approved', legacy: true },
  { name: 'CF2 Non Executive Director', cls: 'approved', legacy: true },
  { name: 'CF3 Chief Executive', cls: 'approved', legacy: true },
  { name: 'CF4 Partner', cls: 'approved', legacy: true },
  { name: 'CF8 Apportionment and Oversight', cls: 'approved', legacy: true },
  { name: 'CF10 Compliance Oversight', cls: 'approved', legacy: true },
  { name: 'CF11 Money Laundering Reporting', cls: 'approved', legacy: true },
  { name: 'CF28 Systems and Controls', cls: 'approved', legacy: true },
  { name: 'CF29 Significant management', cls: 'approved', legacy: true },
  { name: 'CF30 Customer', cls: 'approved', legacy: true, customerFacing: true },
  { name: 'CF1 Director (AR)', cls: 'approved', ar: true },
  { name: 'CF3 Chief Executive (AR)', cls: 'approved', ar: true },
  { name: 'CF4 Partner (AR)', cls: 'approved', ar: true },
  { name: 'Appointed representative dealing with clients for which they require qualification', cls: 'certified', ar: true, customerFacing: true },
];

export function controlledFunction(name: string): ControlledFunction {
  const found = CONTROLLED_FUNCTIONS.find((f) => f.name === name);
  if (!found) throw new Error(`unknown controlled function ${name}`);
  return found;
}

export const ENGAGEMENT_METHODS = ['Face To Face; Telephone', 'Face To Face; Telephone; Online', 'Telephone; Online', 'Face To Face'];

/** EEA states a UK firm may show passports to (as the register spells them). */
export const PASSPORT_COUNTRIES = [
  'AUSTRIA',
  'BELGIUM',
  'BULGARIA',
  'CROATIA',
  'CYPRUS',
  'CZECH REPUBLIC',
  'DENMARK',
  'ESTONIA',
  'FINLAND',
  'FRANCE',
  'GERMANY',
  'GIBRALTAR',
  'GREECE',
  'HUNGARY',
  'ICELAND',
  'IRELAND',
  'ITALY',
  'LATVIA',
  'LIECHTENSTEIN',
  'LITHUANIA',
  'LUXEMBOURG',
  'MALTA',
  'NETHERLANDS',
  'NORWAY',
  'POLAND',
  'PORTUGAL',
  'ROMANIA',
  'SLOVAKIA',
  'SLOVENIA',
  'SPAIN',
  'SWEDEN',
];

export interface DirectiveTemplate {
  directive: string;
  permissions: Array<{ name: string; investmentTypes: string[] }>;
}

export const DIRECTIVES: Record<string, DirectiveTemplate> = {
  solvency: {
    directive: 'Solvency II Directive',
    permissions: [
      { name: '1 - Accident', investmentTypes: [] },
      { name: '2 - Sickness', investmentTypes: [] },
      { name: '8 - Fire and natural forces', investmentTypes: [] },
      { name: '9 - Other damage to property', investmentTypes: [] },
      { name: '13 - General liability', investmentTypes: [] },
      { name: '16 - Miscellaneous financial loss', investmentTypes: [] },
    ],
  },
  mifid: {
    directive: 'MiFID',
    permissions: [
      {
        name: 'Reception and transmission of orders in relation to one or more financial instruments',
        investmentTypes: ['Transferable securities', 'Units in collective investment undertakings'],
      },
      {
        name: 'Execution of orders on behalf of clients',
        investmentTypes: ['Transferable securities', 'Money-market instruments', 'Options, futures, swaps relating to securities'],
      },
      { name: 'Portfolio management', investmentTypes: ['Transferable securities', 'Units in collective investment undertakings'] },
      { name: 'Investment advice', investmentTypes: ['Transferable securities'] },
      { name: '*  - additional MiFID services and activities subject to the Banking Consolidation Directive', investmentTypes: [] },
    ],
  },
  crd: {
    directive: 'Capital Requirements Directive',
    permissions: [
      { name: 'Acceptance of deposits and other repayable funds', investmentTypes: [] },
      {
        name: 'Lending including, inter alia: consumer credit, credit agreements relating to immovable property, factoring, with or without recourse, financing of commercial transactions (including forfeiting)',
        investmentTypes: [],
      },
      { name: 'Payment services as defined in Article 4(3) of Directive 2015/2366/EU', investmentTypes: [] },
      { name: 'Guarantees and commitments', investmentTypes: [] },
      { name: 'Safekeeping and administration of securities', investmentTypes: [] },
    ],
  },
  idd: {
    directive: 'Insurance Distribution Directive',
    permissions: [
      { name: 'Insurance distribution', investmentTypes: [] },
      { name: 'Reinsurance distribution', investmentTypes: [] },
    ],
  },
  ucits: {
    directive: 'UCITS Directive',
    permissions: [
      { name: 'Collective portfolio management of UCITS', investmentTypes: [] },
      { name: 'Discretionary portfolio management', investmentTypes: ['Transferable securities'] },
    ],
  },
  psd: {
    directive: 'Payment Services Directive',
    permissions: [
      { name: 'Money remittance', investmentTypes: [] },
      { name: 'Execution of payment transactions', investmentTypes: [] },
      { name: 'Issuing of payment instruments and/or acquiring of payment transactions', investmentTypes: [] },
    ],
  },
  mcd: {
    directive: 'Mortgage Credit Directive',
    permissions: [{ name: 'Credit intermediary activities', investmentTypes: [] }],
  },
};

export const PROFILE_DIRECTIVES: Record<string, string[]> = {
  bank: ['crd', 'mifid', 'mcd'],
  insurer: ['solvency', 'idd'],
  broker: ['idd'],
  adviser: ['mifid'],
  'fund-manager': ['ucits', 'mifid'],
  broker_dealer: ['mifid'],
  payment: ['psd'],
  emoney: ['psd'],
  mortgage: ['mcd'],
};

export interface RequirementTemplate {
  title: string;
  text: string;
  financialPromotion: boolean;
  investmentTypes?: string[];
}

export const REQUIREMENTS: RequirementTemplate[] = [
  {
    title: 'No holding of client money',
    text: 'The firm must not hold client money or take any action which would result in it receiving or holding client money.',
    financialPromotion: false,
  },
  {
    title: 'Consumer buy-to-let business only if registered',
    text: 'The firm must not carry on consumer buy-to-let mortgage business unless it has first been registered as a consumer buy-to-let mortgage firm.',
    financialPromotion: false,
  },
  {
    title: 'No canvassing of credit agreements away from trade premises',
    text: 'The firm must not canvass regulated credit agreements or regulated consumer hire agreements off trade premises.',
    financialPromotion: false,
  },
  {
    title: 'Prior consent needed for new retail business',
    text: 'The firm must not take on any new retail client without first obtaining the written consent of the Financial Conduct Authority.',
    financialPromotion: false,
  },
  {
    title: 'Assets to be held with an approved custodian',
    text: "The firm must ensure that all clients' assets are held with a custodian approved in writing by the Authority and must notify the Authority within 5 business days of any change.",
    financialPromotion: false,
  },
  {
    title: 'Approval of own and group financial promotions',
    text: 'This firm may approve its own financial promotions and those of other members of its group and, in limited circumstances, those of its appointed representatives.',
    financialPromotion: true,
  },
  {
    title: 'Approval of financial promotions for unauthorised persons',
    text: 'This firm may approve financial promotions for unauthorised persons only in relation to the investment types listed against this requirement.',
    financialPromotion: true,
    investmentTypes: [
      'Shares',
      'Debentures',
      'Government and public security',
      'Warrants',
      'Certificates representing certain securities',
      'Units',
      'Rights to or interests in investments',
    ],
  },
  {
    title: 'Approval of financial promotions limited to deposits',
    text: 'This firm may approve financial promotions for unauthorised persons in relation to the investment types listed against this requirement only.',
    financialPromotion: true,
    investmentTypes: ['Deposit', 'Structured deposit'],
  },
];

/** Rule references for waivers and modifications. */
export const WAIVER_RULES = [
  'CRR Ar 313',
  'CRR Ar 329(1)',
  'CRR Ar 352(2)',
  'CRR Ar 283(1)',
  'Liquidity (CRR) Ar 411, Ar 428da',
  'Regulatory Reporting Ru 21.2',
  'Perm & Wav - CRR Ru 2.2',
  'Leverage Ratio – Capital Requirements and Buffers Ru 2.1B',
  'Group Sup - SII Ru 4.2, 4.4, 5-19',
  'SUP 16.12.5R',
  'CASS 7.13.62R',
  'COBS 19.1.6R',
  'IPRU(INV) 11.3.2R',
  'Liquidity Coverage Ratio (CRR) Ar 10(1)(c)(i), (ii), Ar 11(1)(b)',
  'Solvency Capital Requirement - General Provisions Ru 3.1',
];

export interface EnforcementTemplate {
  action: string;
  /** `{firm}` is replaced by the firm or person's name; `{amount}` and `{year}` by figures. */
  text: string;
}

/** Descriptions carry non-breaking spaces and trailing spaces like the live free text does. */
export const FIRM_ENFORCEMENT: EnforcementTemplate[] = [
  {
    action: 'Fines',
    text: 'On {date} the Authority imposed a financial penalty of £{amount} on {firm} for breaches of Principle 3 (management and control) of the Principles for Businesses.\u00a0 {firm} agreed to resolve this matter and qualified for a 30% (stage 1) discount. ',
  },
  {
    action: 'Fines',
    text: 'Final Notice {year}: {firm}. The Authority found that {firm} failed to take reasonable care to organise and control its affairs responsibly and effectively in relation to its financial crime controls.\u00a0 ',
  },
  {
    action: 'Public Censure',
    text: 'On {date} the Authority published a statement of misconduct censuring {firm} for failing to treat customers in financial difficulty fairly, in breach of Principle 6.  ',
  },
  {
    action: 'Restitution',
    text: 'On {date} the Authority required {firm} to pay redress of £{amount} to customers who were sold products unsuitable for their needs between {year} and the date of this notice.',
  },
  {
    action: 'Variation of Permission',
    text: 'On {date} the Authority varied the permission of {firm} so that it may not carry on any new regulated activity until the matters set out in the First Supervisory Notice have been resolved. ',
  },
  {
    action: 'Requirements',
    text: 'On {date} the Authority imposed requirements on {firm} restricting the transfer of assets out of the United Kingdom without prior written consent.\u00a0',
  },
];

export const INDIVIDUAL_ENFORCEMENT: EnforcementTemplate[] = [
  {
    action: 'Prohibition',
    text: 'On {date} the Authority made an order prohibiting {firm} from performing any function in relation to any regulated activity carried on by an authorised person, exempt person or exempt professional firm, because {firm} is not a fit and proper person.\u00a0 ',
  },
  {
    action: 'Fines',
    text: 'On {date} the Authority imposed a financial penalty of £{amount} on {firm} for failing to act with integrity, in breach of Individual Conduct Rule 1 of COCON.  ',
  },
  {
    action: 'Public Censure',
    text: 'On {date} the Authority publicly censured {firm} for being knowingly concerned in breaches of Principle 3 by the firm at which {firm} was a director. ',
  },
];

export const PSD2_EXCLUSIONS = [
  {
    type: 'Limited Network Exclusion',
    particular: '2(k)(i) – allows the holder to acquire goods or services only in the issuer’s premises',
    description: 'Closed-loop gift card accepted only at the firm’s own stores',
  },
  {
    type: 'Limited Network Exclusion',
    particular: '2(k)(iii) – may be used only to acquire a very limited range of goods or services',
    description: 'Fuel card accepted for fuel and vehicle washing at participating forecourts',
  },
  {
    type: 'Electronic Communications Exclusion',
    particular: '2(l)(i) – purchase of digital content and voice-based services charged to the related bill',
    description: 'Mobile ticketing for regional bus operators charged to the customer’s phone bill',
  },
];

export const SUB_STATUSES = ['In administration', 'Subject to a voluntary requirement', 'Suspended'];
