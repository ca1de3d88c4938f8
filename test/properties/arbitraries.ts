// Generators for what people type or paste into the portal: addresses (the portal's own routes,
// the register's API paths, with every segment possibly mangled), query strings and search text.
// The words come from the routes and the register's API so most generated paths reach deep into
// the parsers instead of being refused at the first character.
import fc from 'fast-check';

const ROUTE_WORDS = [
  'firm',
  'Firm',
  'FIRM',
  'individual',
  'Individuals',
  'fund',
  'CIS',
  'cis',
  'search',
  'Search',
  'CommonSearch',
  'markets',
  'services',
  'V0.1',
  'v0.1',
  'apexrest',
  'AR',
  'CF',
  'DisciplinaryHistory',
  'Passports',
  'passports',
  'Permission',
  'Requirements',
  'requirements',
  'InvestmentTypes',
  'Subfund',
  'subfunds',
  'Names',
  'names',
  'report',
  'address',
  'appointed-representatives',
  'controlled-functions',
  'disciplinary-history',
  'waivers',
  'regulators',
  'exclusions',
  'admin',
  'users',
  'audit',
  'reports',
  'api',
  'export',
  'typeahead',
  'login',
  'isle-of-man',
  'GIBRALTAR',
  'OR-0200201',
  '..',
  '.',
  '',
];

/** A reference-number-like segment: FRN/PRN digits, IRNs, near misses. */
const referenceLike = fc.oneof(fc.stringMatching(/^\d{1,9}$/), fc.stringMatching(/^[A-Za-z]{2,4}\d{4,6}$/), fc.stringMatching(/^[A-Z]{2,4}-\d{1,14}$/));

/** Anything at all in one segment: unicode, spaces, percent-escapes good and broken, slashes' cousins. */
const wildSegment = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.constantFrom('%', '%2', '%zz', '%2F', '%5C', '%00', '%E0%A4%A', '%C0%AF', '\\', '\u0000', '\t', ' ', '%20', '@evil.example', ':', '*', '<script>'),
);

export const segment = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ROUTE_WORDS) }, { weight: 3, arbitrary: referenceLike }, { weight: 2, arbitrary: wildSegment });

const queryKey = fc.oneof(fc.constantFrom('q', 'type', 'page', 'pgnp', 'callbackUrl', 'view', 'case', 'firm', 'user'), fc.string({ maxLength: 8 }));
const queryValue = fc.oneof(segment, fc.stringMatching(/^-?\d{1,20}$/), fc.constantFrom('firm', 'individual', 'fund', '0', '-1', '1e3', '99999999999'));

/** A query string as it would appear in a URL: "" or "?k=v&…" (values raw or encoded). */
export const query = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(queryKey, queryValue, fc.boolean()), { minLength: 1, maxLength: 4 })
    .map((pairs) => `?${pairs.map(([k, v, encode]) => (encode ? `${encodeURIComponent(k)}=${encodeURIComponent(v)}` : `${k}=${v}`)).join('&')}`),
);

/** A path as typed into the address bar: "/" and up to seven segments, sometimes with a trailing slash or doubled slashes. */
export const path = fc
  .tuple(fc.array(segment, { maxLength: 7 }), fc.constantFrom('', '/', '//'), fc.constantFrom('/', '/services/V0.1/', '/services/apexrest/V0.1/', '//'))
  .map(([segments, tail, head]) => `${head}${segments.join('/')}${segments.length > 0 ? tail.replace('//', '/') : ''}`);

/** Text typed into a search box: words, reference numbers, pasted URLs, and anything else. */
export const searchText = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  referenceLike,
  fc.tuple(fc.constantFrom('FRN', 'irn:', 'PRN no.', 'prn #', 'frn number'), referenceLike).map(([label, ref]) => `${label} ${ref}`),
  fc
    .tuple(fc.constantFrom('https://register.fca.org.uk/services/V0.1', 'https://register.fca.org.uk/services/apexrest/V0.1', ''), path, query)
    .map(([base, p, q]) => `${base}${p}${q}`),
  fc.array(fc.constantFrom('barclays', 'bank', '&', "o'neil", 'crème', '  ', '(uk)', '*', '%', '"', 'plc'), { maxLength: 6 }).map((words) => words.join(' ')),
);
