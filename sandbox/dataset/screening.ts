/**
 * Reference numbers of the sandbox's screening records: firms, people and unauthorised entries
 * built for name matching and standing (issue 22), fixed whatever the seed so the labelled
 * screening set (bench/screening-set.csv) and tests can name them. Each is shaped as the live
 * register shapes such a record (`screening-records.ts` says how); `sandbox/README.md` lists them.
 */
export const SCREENING = {
  /** Genuine firm the register also lists a clone of, under the same name. */
  clonedFirmFrn: '910101',
  /** "Kestrel & Finch Advisers LLP": an ampersand and LLP. */
  ampersandLlpFrn: '910102',
  /** "Northbrook Capital plc". */
  plcFrn: '910103',
  /** "The Ashdown Partnership LLP": a leading "The". */
  leadingTheFrn: '910104',
  /** "Marlow and Dene Insurance Services Ltd": "and" written out. */
  andFrn: '910105',
  /** "Saxon Ridge Mortgage Company Limited": Company and Limited. */
  companyFrn: '910106',
  /** "Crédit Côte d'Azur (UK) Limited": accents, an apostrophe, brackets. */
  accentsFrn: '910107',
  /** "Nørgaard Asset Management Ltd": a letter without a decomposition (ø). */
  ligatureFrn: '910108',
  /** "Łukasz & Zoë Financial Ltd". */
  polishFrn: '910109',
  /** "HWM Holdings Ltd", trading as "Hawthorn Wealth" and "Hawthorn Wealth Partners". */
  tradingNameFrn: '910110',
  /** "Brightwater Financial Ltd", previously "Oakhurst Financial Planning Ltd". */
  previousNameFrn: '910111',
  /** Two firms called "Oakwood Financial Services Ltd": Sheffield (S1 2AB) and Bristol (BS1 4DJ). */
  sameNameFrns: ['910112', '910113'],
  /** "Blue Peak Capital Partners Ltd", often written "Bluepeak". */
  spacingFrn: '910114',
  /** "Greystone Securities Limited": a requirement stops all its regulated business. */
  stoppedByRequirementFrn: '910115',
  /** "Fenwick Lane Advisers Ltd": no longer authorised. */
  noLongerAuthorisedFrn: '910116',
  /** "St. Aldhelm's Trust Company Limited". */
  saintFrn: '910117',
  /** "Pembroke-Lyle Investment Management LLP": a hyphen. */
  hyphenFrn: '910118',
  /** "Albion Crown Insurance Brokers Ltd": shares words with the bank. */
  albionNeighbourFrn: '910119',
  /** "Castlegate Security Services Ltd": one word from Castlegate Securities Limited. */
  castlegateNeighbourFrn: '910120',
  /** "Kingsmere Mortgages Ltd": shares a word with the network principal. */
  kingsmereNeighbourFrn: '910121',
  /** "Sterling Crest Investments Limited": cloned under a shorter name. */
  clonedShortNameFrn: '910122',
  /** "Maple Leaf Payments Ltd": registered as a PSD agent. */
  psdAgentFrn: '910123',
  /** "Dunmore Bay Capital Ltd": an Exceptional Info warning that fraudsters use its name. */
  noticeFrn: '910124',
  /** "Thistle & Heath Financial Planning Ltd": an appointed representative. */
  appointedRepresentativeFrn: '910125',
  /** Principal of the appointed representative: "Caledon Wealth Network Ltd". */
  principalFrn: '910126',
  /** Prohibited: Darren Whitlock (search status "Prohibited", a prohibition order). */
  prohibitedIrn: 'DXW00913',
  /** Approved, with accents and a hyphen: Marguerite Hélène Dubois-Fairweather. */
  accentedIrn: 'MHD00214',
  /** Approved, with a public censure: Seán O'Rourke. */
  censuredIrn: 'SXO00388',
  /** Approved, with a restriction on a current function: Rebecca Kingsley. */
  restrictedIrn: 'RXK00505',
} as const;

/** Every screening reference number, for code that must leave them alone (the register days). */
export const SCREENING_REFS: ReadonlySet<string> = new Set(Object.values(SCREENING).flat());
