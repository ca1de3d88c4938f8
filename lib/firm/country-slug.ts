/**
 * Passport countries in the portal's URLs: /firm/200200/passports/czech-republic. The register
 * names countries in capitals with spaces and hyphens ("CZECH REPUBLIC", "GUINEA-BISSAU") and
 * matches them case-insensitively, so the slug is the name in lower case with each space written
 * as "-" and each hyphen as "--". That keeps the URL readable and the mapping reversible: the
 * page gets back exactly the name the register uses, without another request to look it up.
 */

/** "CZECH REPUBLIC" → "czech-republic"; "GUINEA-BISSAU" → "guinea--bissau". */
export function countrySlug(country: string): string {
  return country.trim().replace(/\s+/g, ' ').toLowerCase().replace(/-/g, '--').replace(/ /g, '-');
}

/**
 * The register's name for a slug: "czech-republic" → "CZECH REPUBLIC". Pairs of hyphens are read
 * first (left to right), so "guinea--bissau" → "GUINEA-BISSAU". Not validated here: the result
 * goes through the register client's checkCountry.
 */
export function countryFromSlug(slug: string): string {
  let out = '';
  for (let i = 0; i < slug.length; i += 1) {
    if (slug[i] === '-' && slug[i + 1] === '-') {
      out += '-';
      i += 1;
    } else if (slug[i] === '-') {
      out += ' ';
    } else {
      out += slug[i];
    }
  }
  return out.toUpperCase();
}
