import sax from 'sax';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import {
  type CellValue,
  columnLetters,
  countText,
  ReadRefused,
  refuse,
  type SheetSummary,
  sizeText,
  type SourceRow,
  type SpreadsheetLimits,
  type SpreadsheetTable,
  type UncachedFormula,
} from './spreadsheet-types';

/**
 * A bounded XLSX reader: yauzl for the zip, sax for the XML, and only the parts a table needs
 * (the package and workbook relationships, the workbook, the shared strings, the styles for date
 * formats, and the worksheets). Nothing else in the zip is ever inflated.
 *
 * Every part is inflated as a stream (Node's zlib through yauzl, 16 KB at a time), decoded and
 * fed to the XML parser chunk by chunk, and every limit is counted as it goes: a part that says it
 * inflates past the limit is refused before a byte is inflated, one that lies about its size is
 * stopped when it passes what it said (yauzl checks), and rows, cells, columns, string lengths
 * and shared strings stop the read the moment they pass theirs. sax emits text in pieces of at
 * most 64 KB and refuses longer names and attribute values, so no single string grows unbounded
 * inside the parser either. A DOCTYPE (never in a real workbook; the way to entity expansion
 * attacks) is refused outright.
 *
 * Why not ExcelJS, which read XLSX here before: it inflates every entry of the zip whole into
 * memory (a 100 KB file whose shared string inflates to 100 MB killed the portal), builds the whole
 * workbook model before anyone can count its rows, and is unmaintained with deprecated
 * dependencies. The read path is the one exposed to anyone's files, so it is ours, small, and
 * bounded; writing results (our own data) may stay with ExcelJS (lib/bulk/bulk-xlsx.ts).
 */

const MAX_MERGES = 10_000;
/** Built-in number formats that are dates (ECMA-376 18.8.30 and the East Asian ones Excel uses). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Stops reading a part early without an error (a sheet scanned only until its first value). */
class StopPart extends Error {}

interface Context {
  zip: ZipFile;
  entries: Map<string, Entry>;
  limits: SpreadsheetLimits;
  label: string;
  inflated: number;
}

type XmlTag = { name: string; attributes: Record<string, string> };
interface XmlHandlers {
  open?(tag: XmlTag): void;
  close?(name: string): void;
  text?(text: string): void;
}

function local(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

function attr(tag: XmlTag, name: string): string | undefined {
  if (name in tag.attributes) return tag.attributes[name];
  for (const [key, value] of Object.entries(tag.attributes)) if (local(key) === name) return value;
  return undefined;
}

function damaged(label: string, detail: string): never {
  return refuse('damaged-workbook', `${label} could not be read as an XLSX workbook: ${detail} Save it again from your spreadsheet as .xlsx (or .csv) and upload that.`, 422);
}

function partLabel(name: string, what: string): string {
  return `"${name}" inside the file (${what})`;
}

/** Streams one zip entry through sax, counting inflated bytes against the limits. */
async function readPart(ctx: Context, entry: Entry, what: string, handlers: XmlHandlers): Promise<void> {
  const { limits } = ctx;
  if (entry.isEncrypted()) refuse('encrypted-entry', `${ctx.label} is encrypted inside: save a copy without a password and upload that.`, 422);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
    damaged(ctx.label, `${partLabel(entry.fileName, what)} uses a compression method no spreadsheet program writes.`);
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    refuse(
      'entry-too-large',
      `${ctx.label} is not a workbook the portal can read safely: ${partLabel(entry.fileName, what)} unpacks to ${sizeText(entry.uncompressedSize)}, and the portal unpacks at most ${sizeText(limits.maxEntryBytes)} of any one part. A workbook within the row limit is far smaller; save the sheet again as .xlsx or .csv.`,
      413,
    );
  }
  if (ctx.inflated + entry.uncompressedSize > limits.maxTotalBytes) totalTooLarge(ctx);
  let stream: NodeJS.ReadableStream;
  try {
    stream = await ctx.zip.openReadStreamPromise(entry);
  } catch {
    damaged(ctx.label, `${partLabel(entry.fileName, what)} is damaged.`);
  }
  // Position tracking stays on: sax checks its buffers' lengths (and flushes long text) only as the position advances.
  const parser = sax.parser(true, { trim: false, normalize: false, position: true });
  let failure: unknown = null;
  parser.onerror = (error) => {
    failure ??= new ReadRefused({
      ok: false,
      code: 'damaged-workbook',
      status: 422,
      message: `${ctx.label} could not be read as an XLSX workbook: ${partLabel(entry.fileName, what)} is not well-formed XML (${error.message.split('\n')[0]}). Save it again from your spreadsheet as .xlsx (or .csv) and upload that.`,
    });
    throw failure;
  };
  parser.ondoctype = () => {
    failure ??= new ReadRefused({
      ok: false,
      code: 'damaged-workbook',
      status: 422,
      message: `${ctx.label} is not a workbook the portal reads: ${partLabel(entry.fileName, what)} declares a document type, which spreadsheet programs never write.`,
    });
    throw failure;
  };
  if (handlers.open) parser.onopentag = (tag) => handlers.open!({ name: local(tag.name), attributes: tag.attributes as Record<string, string> });
  if (handlers.close) parser.onclosetag = (name) => handlers.close!(local(name));
  if (handlers.text) {
    parser.ontext = handlers.text;
    parser.oncdata = handlers.text;
  }
  let decoder: TextDecoder | null = null;
  let partBytes = 0;
  try {
    for await (const raw of stream as AsyncIterable<Buffer>) {
      partBytes += raw.byteLength;
      ctx.inflated += raw.byteLength;
      if (partBytes > limits.maxEntryBytes) {
        refuse(
          'entry-too-large',
          `${ctx.label} is not a workbook the portal can read safely: ${partLabel(entry.fileName, what)} unpacks to more than ${sizeText(limits.maxEntryBytes)}, the most the portal unpacks of any one part. Save the sheet again as .xlsx or .csv.`,
          413,
        );
      }
      if (ctx.inflated > limits.maxTotalBytes) totalTooLarge(ctx);
      // Parts are UTF-8; a UTF-16 part says so with its byte order mark.
      decoder ??= new TextDecoder(raw[0] === 0xff && raw[1] === 0xfe ? 'utf-16le' : raw[0] === 0xfe && raw[1] === 0xff ? 'utf-16be' : 'utf-8');
      parser.write(decoder.decode(raw, { stream: true }));
    }
    parser.close();
  } catch (error) {
    (stream as unknown as { destroy?: () => void }).destroy?.();
    if (error instanceof StopPart) return;
    if (error instanceof ReadRefused) throw error;
    if (failure) throw failure;
    const message = error instanceof Error ? error.message : String(error);
    if (/too many bytes/.test(message)) {
      refuse(
        'entry-too-large',
        `${ctx.label} is not a workbook the portal can read safely: ${partLabel(entry.fileName, what)} unpacks to more than the ${sizeText(entry.uncompressedSize)} it declares. The file is damaged or built to exhaust memory.`,
        413,
      );
    }
    damaged(ctx.label, `${partLabel(entry.fileName, what)} is damaged (${message.slice(0, 120)}).`);
  }
}

function totalTooLarge(ctx: Context): never {
  return refuse(
    'total-too-large',
    `${ctx.label} is not a workbook the portal can read safely: the parts it needs unpack to more than ${sizeText(ctx.limits.maxTotalBytes)} together, the most the portal unpacks of one upload. Save only the sheet you need as .xlsx or .csv.`,
    413,
  );
}

function resolveTarget(fromPart: string, target: string): string {
  const base = target.startsWith('/') ? [] : fromPart.split('/').slice(0, -1);
  for (const segment of target.replace(/^\/+/, '').split('/')) {
    if (segment === '..') base.pop();
    else if (segment !== '.' && segment !== '') base.push(segment);
  }
  return base.join('/');
}

function relsPathOf(part: string): string {
  const parts = part.split('/');
  const file = parts.pop();
  return [...parts, '_rels', `${file}.rels`].join('/');
}

interface Relationship {
  type: string;
  target: string;
}

async function readRelationships(ctx: Context, part: string): Promise<Map<string, Relationship>> {
  const rels = new Map<string, Relationship>();
  const entry = ctx.entries.get(relsPathOf(part).toLowerCase());
  if (!entry) return rels;
  await readPart(ctx, entry, 'relationships', {
    open(tag) {
      if (tag.name !== 'Relationship' || attr(tag, 'TargetMode') === 'External') return;
      const id = attr(tag, 'Id');
      const target = attr(tag, 'Target');
      if (id && target && rels.size < 10_000) rels.set(id, { type: attr(tag, 'Type') ?? '', target: resolveTarget(part, target) });
    },
  });
  return rels;
}

interface WorkbookSheet {
  name: string;
  hidden: boolean;
  part: string;
}

async function readWorkbookPart(ctx: Context, part: string, rels: Map<string, Relationship>): Promise<{ sheets: WorkbookSheet[]; date1904: boolean }> {
  const entry = ctx.entries.get(part.toLowerCase());
  if (!entry) damaged(ctx.label, 'it has no workbook part.');
  const sheets: WorkbookSheet[] = [];
  let date1904 = false;
  await readPart(ctx, entry, 'the workbook', {
    open(tag) {
      if (tag.name === 'workbookPr') date1904 = ['1', 'true'].includes((attr(tag, 'date1904') ?? '').toLowerCase());
      if (tag.name !== 'sheet') return;
      const id = Object.entries(tag.attributes).find(([key]) => local(key) === 'id' && key !== 'id')?.[1] ?? attr(tag, 'id');
      const rel = id ? rels.get(id) : undefined;
      // Chart sheets, dialog sheets and macro sheets hold no table.
      if (!rel || !/\/worksheet$/.test(rel.type)) return;
      if (sheets.length >= ctx.limits.maxSheets) {
        refuse('too-many-sheets', `${ctx.label} has more than ${countText(ctx.limits.maxSheets)} worksheets, the most the portal reads. Save the sheet you need on its own.`, 413);
      }
      const state = attr(tag, 'state') ?? 'visible';
      sheets.push({ name: attr(tag, 'name') ?? `Sheet ${sheets.length + 1}`, hidden: state !== 'visible', part: rel.target });
    },
  });
  return { sheets, date1904 };
}

async function readSharedStrings(ctx: Context, part: string): Promise<string[]> {
  const entry = ctx.entries.get(part.toLowerCase());
  if (!entry) return [];
  const { limits } = ctx;
  const strings: string[] = [];
  let chars = 0;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await readPart(ctx, entry, 'the shared text', {
    open(tag) {
      if (tag.name === 'si') {
        current = '';
        if (strings.length >= limits.maxSharedStrings) {
          refuse(
            'too-many-shared-strings',
            `${ctx.label} has more than ${countText(limits.maxSharedStrings)} different texts in its shared text table, the most the portal reads. Save only the sheet you need as .xlsx or .csv.`,
            413,
          );
        }
      } else if (tag.name === 'rPh') phonetic += 1;
      else if (tag.name === 't' && current !== null && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'si' && current !== null) {
        strings.push(current);
        current = null;
      }
    },
    text(text) {
      if (!inText || current === null) return;
      current += text;
      chars += text.length;
      if (current.length > limits.maxStringLength) {
        refuse(
          'string-too-long',
          `${ctx.label} holds a text of more than ${countText(limits.maxStringLength)} characters, more than a spreadsheet cell can hold: the file is damaged or built to exhaust memory.`,
          413,
        );
      }
      if (chars > limits.maxSharedStringChars) {
        refuse(
          'shared-strings-too-large',
          `${ctx.label} has more than ${countText(limits.maxSharedStringChars)} characters of text in its shared text table, the most the portal reads. Save only the sheet you need as .xlsx or .csv.`,
          413,
        );
      }
    },
  });
  return strings;
}

function isDateFormat(code: string): boolean {
  const plain = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .toLowerCase();
  return /[dy]/.test(plain);
}

/** Which cell styles (`s` index) show a number as a date. */
async function readDateStyles(ctx: Context, part: string): Promise<Set<number>> {
  const dates = new Set<number>();
  const entry = ctx.entries.get(part.toLowerCase());
  if (!entry) return dates;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  await readPart(ctx, entry, 'the styles', {
    open(tag) {
      if (tag.name === 'numFmt') custom.set(Number(attr(tag, 'numFmtId')), attr(tag, 'formatCode') ?? '');
      else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs) {
        const id = Number(attr(tag, 'numFmtId') ?? '0');
        if (BUILTIN_DATE_FORMATS.has(id) || (custom.has(id) && isDateFormat(custom.get(id)!))) dates.add(xf);
        xf += 1;
        if (xf > 100_000) throw new StopPart();
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return dates;
}

function columnIndex(ref: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(ref)?.[1];
  if (!letters) return undefined;
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

function rowIndex(ref: string): number | undefined {
  const digits = /(\d+)$/.exec(ref)?.[1];
  return digits ? Number(digits) : undefined;
}

function serialDate(serial: number, date1904: boolean): Date {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400_000));
}

function hasValue(value: CellValue): boolean {
  if (value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return true;
}

interface SheetReadOptions {
  sheet: WorkbookSheet;
  shared: string[];
  dateStyles: Set<number>;
  date1904: boolean;
  /** Scan only: stop at the first row with a value. */
  scan: boolean;
}

interface SheetRead {
  rows: SourceRow[];
  merges: Array<{ top: number; bottom: number; left: number }>;
}

async function readSheet(ctx: Context, options: SheetReadOptions): Promise<SheetRead> {
  const { limits } = ctx;
  const entry = ctx.entries.get(options.sheet.part.toLowerCase());
  if (!entry) damaged(ctx.label, `the sheet "${options.sheet.name}" is missing from the file.`);
  const what = `the sheet "${options.sheet.name}"`;
  const rows: SourceRow[] = [];
  const merges: SheetRead['merges'] = [];
  let cellsRead = 0;
  let rowNumber = 0;
  let cells: CellValue[] = [];
  let uncached: UncachedFormula[] = [];
  let inRow = false;
  let column = -1;
  let cell: { type: string; style: number; value: string; hasValue: boolean; formula: string | null; inline: string } | null = null;
  let textTarget: 'v' | 'f' | 'is' | null = null;
  let phonetic = 0;
  const where = () => `${what}, cell ${columnLetters(column)}${rowNumber}`;

  const tooLong = () =>
    refuse(
      'string-too-long',
      `${ctx.label} holds more than ${countText(limits.maxStringLength)} characters in ${where()}, more than a spreadsheet cell can hold: the file is damaged or built to exhaust memory.`,
      413,
    );

  const finishCell = () => {
    if (!cell) return;
    let value: CellValue = null;
    const raw = cell.value;
    switch (cell.type) {
      case 's': {
        if (!cell.hasValue || raw.trim() === '') break;
        const index = Number(raw);
        if (!Number.isInteger(index) || index < 0 || index >= options.shared.length) damaged(ctx.label, `${where()} points at shared text that does not exist.`);
        value = options.shared[index];
        break;
      }
      case 'inlineStr':
        value = cell.inline;
        break;
      case 'str':
        value = cell.hasValue ? raw : null;
        break;
      case 'b':
        value = cell.hasValue ? raw.trim() === '1' || raw.trim().toLowerCase() === 'true' : null;
        break;
      case 'e':
        value = cell.hasValue ? raw : null;
        break;
      case 'd': {
        const date = new Date(raw);
        value = cell.hasValue ? (Number.isNaN(date.getTime()) ? raw : date) : null;
        break;
      }
      default: {
        if (!cell.hasValue || raw.trim() === '') break;
        const n = Number(raw);
        if (!Number.isFinite(n)) value = raw;
        else value = options.dateStyles.has(cell.style) && n >= 0 && n < 2_958_466 ? serialDate(n, options.date1904) : n;
      }
    }
    if (hasValue(value)) {
      if (column >= limits.maxColumns) {
        refuse(
          'too-many-columns',
          `${ctx.label} has a value in ${where()}, column ${countText(column + 1)}; the portal reads at most ${countText(limits.maxColumns)} columns. Delete the columns you do not need, or save only those.`,
          413,
        );
      }
      cellsRead += 1;
      if (cellsRead > limits.maxCells) {
        refuse(
          'too-many-cells',
          `${ctx.label} has more than ${countText(limits.maxCells)} filled cells in ${what}, the most the portal reads. Save only the columns you need.`,
          413,
        );
      }
      while (cells.length < column) cells.push(null);
      cells[column] = value;
    } else if (cell.formula !== null && !cell.hasValue && column < limits.maxColumns) {
      uncached.push({ column, formula: cell.formula.slice(0, 200) });
    }
    cell = null;
  };

  await readPart(ctx, entry, what, {
    open(tag) {
      switch (tag.name) {
        case 'row': {
          const r = Number(attr(tag, 'r'));
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
          inRow = true;
          cells = [];
          uncached = [];
          column = -1;
          break;
        }
        case 'c': {
          if (!inRow) break;
          const ref = attr(tag, 'r');
          const fromRef = ref ? columnIndex(ref) : undefined;
          column = fromRef ?? column + 1;
          if (ref && rowIndex(ref) !== undefined) rowNumber = rowIndex(ref)!;
          cell = { type: attr(tag, 't') ?? 'n', style: Number(attr(tag, 's') ?? '0'), value: '', hasValue: false, formula: null, inline: '' };
          break;
        }
        case 'v':
          if (cell) {
            textTarget = 'v';
            cell.hasValue = true;
          }
          break;
        case 'f':
          if (cell) {
            textTarget = 'f';
            cell.formula ??= '';
          }
          break;
        case 'rPh':
          phonetic += 1;
          break;
        case 't':
          if (cell && cell.type === 'inlineStr' && phonetic === 0) textTarget = 'is';
          break;
        case 'mergeCell': {
          if (options.scan || merges.length >= MAX_MERGES) break;
          const [from, to] = (attr(tag, 'ref') ?? '').split(':');
          const top = rowIndex(from ?? '');
          const bottom = rowIndex(to ?? '');
          const left = columnIndex(from ?? '');
          if (top !== undefined && bottom !== undefined && left !== undefined && bottom > top) merges.push({ top, bottom, left });
          break;
        }
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 'f':
        case 't':
          textTarget = null;
          break;
        case 'rPh':
          phonetic -= 1;
          break;
        case 'c':
          finishCell();
          break;
        case 'row': {
          finishCell();
          inRow = false;
          if (cells.length === 0 && uncached.length === 0) break;
          if (options.scan && cells.length > 0) {
            rows.push({ number: rowNumber, cells });
            throw new StopPart();
          }
          if (rows.length >= limits.maxRows) {
            refuse(
              'too-many-rows',
              `${ctx.label} has more than ${countText(limits.maxRows)} rows with values in ${what}, the most the portal reads. Split it into several files.`,
              413,
            );
          }
          rows.push({ number: rowNumber, cells, ...(uncached.length ? { uncached } : {}) });
          break;
        }
      }
    },
    text(text) {
      if (!cell || textTarget === null) return;
      if (textTarget === 'v') {
        cell.value += text;
        if (cell.value.length > limits.maxStringLength) tooLong();
      } else if (textTarget === 'f') {
        cell.formula = (cell.formula ?? '') + text;
        if (cell.formula.length > limits.maxStringLength) tooLong();
      } else {
        cell.inline += text;
        if (cell.inline.length > limits.maxStringLength) tooLong();
      }
    },
  });
  return { rows, merges };
}

/** Fills a merged range's first value down its first column, as a person reading the sheet sees it. */
function fillMerges(rows: SourceRow[], merges: SheetRead['merges']): number {
  if (merges.length === 0) return 0;
  const byNumber = new Map(rows.map((r) => [r.number, r]));
  let filled = 0;
  for (const m of merges) {
    const source = byNumber.get(m.top)?.cells[m.left];
    if (source === null || source === undefined) continue;
    for (let n = m.top + 1; n <= m.bottom; n += 1) {
      const row = byNumber.get(n);
      // Only rows that hold other values: a merge never makes a row out of nothing.
      if (!row) continue;
      while (row.cells.length <= m.left) row.cells.push(null);
      if (row.cells[m.left] === null) {
        row.cells[m.left] = source;
        filled += 1;
      }
    }
  }
  return filled;
}

function firstRowText(row: SourceRow | undefined): string[] | undefined {
  if (!row) return undefined;
  return row.cells
    .filter(hasValue)
    .slice(0, 6)
    .map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : String(c)).slice(0, 60));
}

async function openZip(bytes: Uint8Array, label: string, limits: SpreadsheetLimits): Promise<{ zip: ZipFile; entries: Map<string, Entry> }> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
      decodeStrings: true,
      strictFileNames: false,
    });
  } catch {
    return refuse(
      'not-a-workbook',
      `${label} is not an XLSX workbook (its zip structure cannot be read). Save it from your spreadsheet as .xlsx or .csv and upload it again.`,
      422,
    );
  }
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    refuse('too-many-entries', `${label} holds ${countText(zip.entryCount)} files inside; a workbook the portal reads holds at most ${countText(limits.maxEntries)}.`, 413);
  }
  const entries = new Map<string, Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName.replace(/^\/+/, '').toLowerCase(), entry);
  } catch {
    zip.close();
    refuse('not-a-workbook', `${label} is not an XLSX workbook (its list of contents is damaged). Save it from your spreadsheet as .xlsx or .csv and upload it again.`, 422);
  }
  return { zip, entries };
}

/**
 * Reads one sheet of a workbook (by name, or the first visible sheet with data), and which of the
 * other sheets hold data. Throws ReadRefused when a limit is passed or the file is unusable.
 */
export async function readXlsx(
  bytes: Uint8Array,
  request: { sheet?: string; label: string; limits: SpreadsheetLimits },
): Promise<Omit<SpreadsheetTable, 'stats'> & { inflatedBytes: number }> {
  const { label, limits } = request;
  const { zip, entries } = await openZip(bytes, label, limits);
  const ctx: Context = { zip, entries, limits, label, inflated: 0 };
  try {
    const packageRels = await readRelationships(ctx, '');
    const office = [...packageRels.values()].find((r) => /\/officeDocument$/.test(r.type))?.target ?? 'xl/workbook.xml';
    if (!entries.has(office.toLowerCase())) {
      refuse('not-a-workbook', `${label} is a zip file but not an XLSX workbook (it has no workbook inside). Save it from your spreadsheet as .xlsx or .csv.`, 422);
    }
    const rels = await readRelationships(ctx, office);
    const { sheets, date1904 } = await readWorkbookPart(ctx, office, rels);
    if (sheets.length === 0) refuse('no-worksheet', `${label} has no worksheet to read.`, 422);
    const related = (kind: string) => [...rels.values()].find((r) => r.type.endsWith(`/${kind}`))?.target;
    const shared = related('sharedStrings') ? await readSharedStrings(ctx, related('sharedStrings')!) : [];
    const dateStyles = related('styles') ? await readDateStyles(ctx, related('styles')!) : new Set<number>();

    let chosen: number | undefined;
    if (request.sheet !== undefined) {
      chosen = sheets.findIndex((s) => s.name === request.sheet);
      if (chosen === -1) chosen = sheets.findIndex((s) => s.name.toLowerCase() === request.sheet!.toLowerCase());
      if (chosen === -1) {
        refuse(
          'no-such-sheet',
          `${label} has no sheet called "${request.sheet.slice(0, 100)}". Its sheets are ${sheets
            .slice(0, 20)
            .map((s) => `"${s.name}"`)
            .join(', ')}${sheets.length > 20 ? ', …' : ''}.`,
          422,
        );
      }
    }
    const summaries: SheetSummary[] = [];
    for (const [index, sheet] of sheets.entries()) {
      const scanned = await readSheet(ctx, { sheet, shared, dateStyles, date1904, scan: true });
      const first = scanned.rows.find((r) => r.cells.some(hasValue));
      summaries.push({ name: sheet.name, index, hidden: sheet.hidden, hasData: first !== undefined, ...(first ? { firstRow: firstRowText(first) } : {}) });
    }
    chosen ??= summaries.find((s) => s.hasData && !s.hidden)?.index ?? summaries.find((s) => s.hasData)?.index ?? 0;
    const read = await readSheet(ctx, { sheet: sheets[chosen], shared, dateStyles, date1904, scan: false });
    const rows = read.rows.filter((r) => r.cells.some(hasValue) || (r.uncached?.length ?? 0) > 0);
    const filledMerges = fillMerges(rows, read.merges);
    return { format: 'xlsx', sheets: summaries, sheet: chosen, rows, filledMerges, inflatedBytes: ctx.inflated };
  } finally {
    zip.close();
  }
}
