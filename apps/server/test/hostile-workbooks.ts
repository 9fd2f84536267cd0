import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Workbooks built byte by byte, so a test can make every hostile shape an outside review sent:
 * parts whose declared sizes lie, a shared-strings part of hundreds of MB that compresses to a
 * few hundred KB, rows and cells far to the right. A part's deflated bytes are made from
 * repeated segments (each compressed once, ending on a byte boundary, then concatenated), so
 * building a 480 MB bomb takes milliseconds.
 */

export interface Part {
  name: string;
  deflated: Buffer;
  /** Real unpacked size. */
  size: number;
  /** What the zip says the unpacked size is (defaults to the real one). */
  declaredSize?: number;
  crc: number;
}

/** Deflated segments that can follow one another: each ends with a sync flush and is not final. */
const segment = (data: Buffer) => deflateRawSync(data, { finishFlush: constants.Z_SYNC_FLUSH });
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/** A part made of pieces, each repeated as many times as it says: `[['<sst>', 1], [megabyte, 80], …]`. */
export function repeatedPart(name: string, pieces: [content: string | Buffer, times: number][]): Part {
  const deflated: Buffer[] = [];
  let size = 0;
  for (const [content, times] of pieces) {
    const bytes = Buffer.from(content);
    const once = segment(bytes);
    for (let i = 0; i < times; i++) deflated.push(once);
    size += bytes.length * times;
  }
  return { name, deflated: Buffer.concat([...deflated, FINAL_EMPTY_BLOCK]), size, crc: 0 };
}

export function part(name: string, content: string): Part {
  const bytes = Buffer.from(content);
  return { name, deflated: deflateRawSync(bytes), size: bytes.length, crc: crc32(bytes) };
}

/** A zip of the parts, each deflated, with a central directory that declares each part's `declaredSize`. */
export function zip(parts: Part[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const declared = p.declaredSize ?? p.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, p.deflated);
    directory.push(central, name);
    offset += local.length + name.length + p.deflated.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`;
const number = (ref: string, n: number) => `<c r="${ref}"><v>${n}</v></c>`;

/** The catalogue header and one product, as rows 1 and 2. */
export const headerRow = `<row r="1">${['SKU', 'Nombre', 'Precio mayorista', 'Precio minorista'].map((h, i) => inline(`${'ABCD'[i]}1`, h)).join('')}</row>`;
export const productRow = (r: number, sku: string, name: string) =>
  `<row r="${r}">${inline(`A${r}`, sku)}${inline(`B${r}`, name)}${number(`C${r}`, 10)}${number(`D${r}`, 20)}</row>`;

/** The parts every workbook has around its sheet (and its shared strings, when it has some). */
export function workbookParts(sheet: Part, sharedStrings?: Part): Part[] {
  const sharedRel = sharedStrings ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : '';
  return [
    part(
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Catálogo" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${sharedRel}</Relationships>`,
    ),
    ...(sharedStrings ? [{ ...sharedStrings, name: 'xl/sharedStrings.xml' }] : []),
    { ...sheet, name: 'xl/worksheets/sheet1.xml' },
  ];
}

export const SST_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="${NS}">`;
export const sheetOf = (rows: string) => part('xl/worksheets/sheet1.xml', `${SHEET_HEAD}${rows}${SHEET_TAIL}`);
export { inline as inlineCell };
