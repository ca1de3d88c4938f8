/**
 * Reference numbers of the sandbox's showcase records. They are fixed whatever the seed, so the
 * README, end-to-end tests and benchmarks can name them. The generator builds each record to the
 * profile described beside it; `sandbox/README.md` lists them for people.
 */
export const SHOWCASE = {
  /** Network principal with at least 1,500 appointed representatives, current and previous. */
  networkPrincipalFrn: '700100',
  /** One of the network's current appointed representatives (a firm with Business Type "Appointed Representative"). */
  appointedRepresentativeFrn: '700101',
  /** Bank: passports to at least 25 countries, at least 40 permissions, requirements with investment types, waivers, many individuals and CF rows over several pages. */
  bankFrn: '200200',
  /** A requirement of the bank that has investment types. */
  bankRequirementRef: 'OR-0200201',
  /** A country the bank passports to (as the register spells it). */
  bankPassportCountry: 'GIBRALTAR',
  /** Firm with Exceptional Info notices (the current list form) and a sub-status. */
  exceptionalInfoFrn: '300300',
  /** Firm with disciplinary history over several pages. */
  disciplinaryFrn: '400400',
  /** Payment institution with PSD2 exclusions. */
  paymentInstitutionFrn: '500500',
  /** Firms no longer authorised. */
  noLongerAuthorisedFrns: ['600600', '600601'],
  /** Search words that find the unauthorised and clone firms (which have no FRN in search results). */
  unauthorisedSearch: 'revolution',
  /** Individual with a prohibition and disciplinary history. */
  prohibitedIrn: 'PXR00042',
  /** Individual holding controlled functions at the bank (current and previous). */
  bankIndividualIrn: 'BKS00001',
  /** Umbrella fund with at least 30 sub-funds. */
  umbrellaFundPrn: '800800',
  /** One of the umbrella's sub-funds (its own CIS record). */
  subFundPrn: '800801',
  /** Firm whose names carry non-ASCII characters and apostrophes. */
  nonAsciiFrn: '900900',
  /** Individual whose name carries non-ASCII characters and an apostrophe. */
  nonAsciiIrn: 'OCM00777',
  /** Search words that find more than one page of individuals (two words, any order). */
  individualSearch: 'edward thornton',
} as const;
