import { constants, crc32, deflateRawSync } from 'node:zlib';
import { columnLetters } from '../spreadsheet-types';

/**
 * Workbooks made in tests, never committed files: a zip writer that can state any size for an
 * entry (to build files that lie), deflate streams that inflate to a gigabyte from a few hundred
 * kilobytes, and a small XLSX writer that covers what the reader must handle (shared and inline
 * strings, numbers, dates, formulas with and without a saved value, merged cells, hidden and
 * several sheets).
 */

export interface ZipEntrySpec {
  name: string;
  /** Raw deflate data (method 8), or the stored bytes when `stored`. */
  data: Buffer;
  /** The inflated size written in the zip's headers (a lie when it differs from the truth). */
  declaredSize: number;
  crc?: number;
  stored?: boolean;
}

/** A zip archive of the given entries, with the sizes they declare. */
export function zipOf(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE((e.crc ?? 0) >>> 0, 14);
    local.writeUInt32LE(e.data.byteLength, 18);
    local.writeUInt32LE(e.declaredSize >>> 0, 22);
    local.writeUInt16LE(name.byteLength, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(method, 10);
    head.writeUInt16LE(0, 12);
    head.writeUInt16LE(0x21, 14);
    head.writeUInt32LE((e.crc ?? 0) >>> 0, 16);
    head.writeUInt32LE(e.data.byteLength, 20);
    head.writeUInt32LE(e.declaredSize >>> 0, 24);
    head.writeUInt16LE(name.byteLength, 28);
    head.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    central.push(head, name);
    offset += local.byteLength + name.byteLength + e.data.byteLength;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.byteLength, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An honest entry: deflated, with its true size and checksum. */
export function entryOf(name: string, content: string | Buffer): ZipEntrySpec {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, data: deflateRawSync(bytes), declaredSize: bytes.byteLength, crc: crc32(bytes) };
}

/**
 * A raw deflate stream of `prefix`, then `unit` repeated `times` times, then `suffix`, built without
 * ever holding the inflated text: each piece is deflated on its own with a sync flush (so it refers
 * only to itself) and the pieces are concatenated, the repeated one as often as asked.
 */
export function repeatedDeflate(prefix: string, unit: string, times: number, suffix: string): { data: Buffer; size: number } {
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const head = deflateRawSync(Buffer.from(prefix), flush);
  const body = deflateRawSync(Buffer.from(unit), flush);
  const tail = deflateRawSync(Buffer.from(suffix));
  const pieces = [head];
  for (let i = 0; i < times; i += 1) pieces.push(body);
  pieces.push(tail);
  return { data: Buffer.concat(pieces), size: Buffer.byteLength(prefix) + Buffer.byteLength(unit) * times + Buffer.byteLength(suffix) };
}

export type BuiltCell = string | number | boolean | Date | null | { formula: string; value?: string | number } | { inline: string };

export interface BuiltSheet {
  name: string;
  rows: BuiltCell[][];
  /** Merged ranges, e.g. "A1:D1". */
  merges?: string[];
  hidden?: boolean;
  /** Rows start at this sheet row (1 when absent). */
  firstRow?: number;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** The fixed parts of a workbook with `sheetCount` sheets, and optional overrides of any part. */
export function workbookParts(sheets: Array<{ name: string; hidden?: boolean }>, withSharedStrings = true): Record<string, string> {
  return {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets>${sheets
      .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ''} r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}">${sheets
      .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
      .join(
        '',
      )}${withSharedStrings ? `<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}<Relationship Id="rIdT" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
  };
}

function serial(date: Date): number {
  return (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** An XLSX workbook of the given sheets (strings shared, dates with a date style). */
export function buildXlsx(sheets: BuiltSheet[]): Buffer {
  const shared: string[] = [];
  const index = new Map<string, number>();
  const share = (text: string) => {
    if (!index.has(text)) {
      index.set(text, shared.length);
      shared.push(text);
    }
    return index.get(text)!;
  };
  const parts = workbookParts(sheets);
  sheets.forEach((sheet, s) => {
    const first = sheet.firstRow ?? 1;
    const rows = sheet.rows
      .map((cells, r) => {
        const n = first + r;
        const xml = cells
          .map((cell, c) => {
            const ref = `${columnLetters(c)}${n}`;
            if (cell === null) return '';
            if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${share(cell)}</v></c>`;
            if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
            if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
            if (cell instanceof Date) return `<c r="${ref}" s="1"><v>${serial(cell)}</v></c>`;
            if ('inline' in cell) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
            if (cell.value === undefined) return `<c r="${ref}"><f>${escapeXml(cell.formula)}</f></c>`;
            if (typeof cell.value === 'string') return `<c r="${ref}" t="str"><f>${escapeXml(cell.formula)}</f><v>${escapeXml(cell.value)}</v></c>`;
            return `<c r="${ref}"><f>${escapeXml(cell.formula)}</f><v>${cell.value}</v></c>`;
          })
          .join('');
        return `<row r="${n}">${xml}</row>`;
      })
      .join('');
    const merges = sheet.merges?.length ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>` : '';
    parts[`xl/worksheets/sheet${s + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData>${rows}</sheetData>${merges}</worksheet>`;
  });
  parts['xl/sharedStrings.xml'] = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${shared.length}" uniqueCount="${shared.length}">${shared
    .map((t) => `<si><t xml:space="preserve">${escapeXml(t)}</t></si>`)
    .join('')}</sst>`;
  return zipOf(Object.entries(parts).map(([name, content]) => entryOf(name, content)));
}

/** A workbook of one sheet whose parts are given as zip entries (for files built to attack). */
export function workbookWith(entries: ZipEntrySpec[], options: { sharedStrings?: boolean } = {}): Buffer {
  const fixed = workbookParts([{ name: 'Sheet1' }], options.sharedStrings ?? true);
  const given = new Set(entries.map((e) => e.name));
  return zipOf([
    ...Object.entries(fixed)
      .filter(([name]) => !given.has(name))
      .map(([name, content]) => entryOf(name, content)),
    ...entries,
  ]);
}
