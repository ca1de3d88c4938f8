/**
 * UK postcodes as people give them: whole ("EC2V 6AA"), the outward code only ("EC2V", "S1"), the
 * outward code and the sector ("EC2V 6"), or the area letters ("EC", "S"). A partial postcode is
 * partial agreement with the register's: it narrows, it never proves.
 *
 * A postcode is area (1-2 letters), district (digits, maybe a letter: the outward code is area +
 * district), then sector (one digit) and unit (two letters): "EC2V 6AA" = area EC, outward EC2V,
 * sector EC2V 6, unit AA.
 */

export type PostcodePrecision = 'full' | 'sector' | 'outward' | 'area';

export interface GivenPostcode {
  /** Upper case, one space before the inward part when there is one. */
  text: string;
  precision: PostcodePrecision;
  area: string;
  outward?: string;
  sector?: string;
}

const FULL = /^([A-Z]{1,2})(\d[A-Z\d]?) ?(\d)([A-Z]{2})$/;
const SECTOR = /^([A-Z]{1,2})(\d[A-Z\d]?) (\d)$/;
const OUTWARD = /^([A-Z]{1,2})(\d[A-Z\d]?)$/;
const AREA = /^([A-Z]{1,2})$/;

/** Reads a postcode or part of one; undefined when the text is not one. */
export function readPostcode(raw: string | undefined): GivenPostcode | undefined {
  if (!raw) return undefined;
  const text = raw
    .replace(/[\u00a0\s]+/g, ' ')
    .trim()
    .toUpperCase();
  let m = FULL.exec(text.replace(/ /g, '').length >= 5 ? text.replace(/ /g, '') : '');
  if (m) return { text: `${m[1]}${m[2]} ${m[3]}${m[4]}`, precision: 'full', area: m[1], outward: `${m[1]}${m[2]}`, sector: `${m[1]}${m[2]} ${m[3]}` };
  m = SECTOR.exec(text);
  if (m) return { text, precision: 'sector', area: m[1], outward: `${m[1]}${m[2]}`, sector: text };
  m = OUTWARD.exec(text);
  if (m) return { text, precision: 'outward', area: m[1], outward: text };
  m = AREA.exec(text);
  if (m) return { text, precision: 'area', area: m[1] };
  return undefined;
}

export type PostcodeAgreement = 'same' | 'same-sector' | 'same-outward' | 'same-area' | 'different' | 'not-listed';

export interface PostcodeComparison {
  agreement: PostcodeAgreement;
  /** What it adds to (or takes from) a candidate's score. */
  adjustment: number;
  /** For people: "postcode agrees", "postcode district agrees (S1, partial)". */
  note: string;
}

/**
 * A given (possibly partial) postcode against the register's. The same whole postcode adds 5; a
 * partial one that agrees as far as it goes adds less the less it says (sector 3, outward code 2,
 * area 1); a whole one in the same sector or district adds 2 or 1 (a move nearby); any
 * disagreement takes 25 off, because a firm somewhere else is usually another firm.
 */
export function comparePostcodes(given: GivenPostcode, listedRaw: string | undefined): PostcodeComparison {
  const listed = readPostcode(listedRaw);
  if (!listed || listed.precision !== 'full') return { agreement: 'not-listed', adjustment: 0, note: 'the register lists no postcode to compare' };
  if (listed.area !== given.area) return { agreement: 'different', adjustment: -25, note: `postcode differs (${given.text} given, ${listed.text} listed)` };
  switch (given.precision) {
    case 'full':
      if (given.text === listed.text) return { agreement: 'same', adjustment: 5, note: 'postcode agrees' };
      if (given.sector === listed.sector) return { agreement: 'same-sector', adjustment: 2, note: `postcode sector agrees (${given.sector}), not the whole postcode` };
      if (given.outward === listed.outward) return { agreement: 'same-outward', adjustment: 1, note: `postcode district agrees (${given.outward}), not the whole postcode` };
      return { agreement: 'different', adjustment: -25, note: `postcode differs (${given.text} given, ${listed.text} listed)` };
    case 'sector':
      if (given.sector === listed.sector) return { agreement: 'same-sector', adjustment: 3, note: `postcode sector agrees (${given.text}, partial)` };
      return { agreement: 'different', adjustment: -25, note: `postcode differs (${given.text} given, ${listed.text} listed)` };
    case 'outward':
      if (given.outward === listed.outward) return { agreement: 'same-outward', adjustment: 2, note: `postcode district agrees (${given.text}, partial)` };
      return { agreement: 'different', adjustment: -25, note: `postcode differs (${given.text} given, ${listed.text} listed)` };
    default:
      return { agreement: 'same-area', adjustment: 1, note: `postcode area agrees (${given.text}, partial)` };
  }
}
