/**
 * Faster text for pdfkit documents that draw the same pixels (decision 027).
 *
 * Two costs dominated an order PDF: pdfkit's LineWrapper, which runs for every `text()` and
 * `heightOfString()` call that has a width (each table cell, twice), and the standard fonts'
 * width and kerning lookups (a string key per pair of letters). This module
 *  - gives a standard font table-driven `widthOfString` and `encode` with the same results: the
 *    AFM widths and kerning pairs are integers, so their sum is exact in any order;
 *  - draws a text whose every line certainly fits its width without the LineWrapper: the same
 *    lines at the same coordinates, computed with pdfkit's own arithmetic. "Certainly" means
 *    even with every positive kerning pair and none of the negative ones it fits; anything else
 *    (a line that may wrap, an empty line, soft hyphens, other line-break characters, a line
 *    near the page's bottom, where pdfkit would turn the page) goes through pdfkit as before.
 * Both rely on pdfkit 0.20 internals; where they are not as expected pdfkit's own path runs.
 */

/** pdfkit's AFM font (the parsed metrics of a standard font). */
interface AfmFont {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
  encodeText(text: string): string[];
}

/** pdfkit's StandardFont: its AFM metrics and the methods this module replaces. */
interface StandardFontLike {
  font?: unknown;
  widthOfString?: unknown;
  encode?: unknown;
  lineHeight?: unknown;
}

/** The document internals the fast path reads. */
interface DocumentInternals {
  _font?: StandardFontLike;
  _fontSize?: number;
  _lineGap?: number;
  _wrapper?: unknown;
  _textOptions?: unknown;
}

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

function isAfmFont(value: unknown): value is AfmFont {
  const font = value as Partial<AfmFont> | null;
  return (
    typeof font === 'object' &&
    font !== null &&
    typeof font.glyphWidths === 'object' &&
    typeof font.kernPairs === 'object' &&
    typeof font.characterToGlyph === 'function' &&
    typeof font.widthOfGlyph === 'function' &&
    typeof font.encodeText === 'function'
  );
}

/** Control and line-break characters other than '\n', and the soft hyphen: texts with them take pdfkit's path. */
function hasSpecialBreak(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x0a) || code === 0x85 || code === 0xad || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** A standard font's widths and kerning as integer tables indexed by glyph number. */
class FontMetrics {
  private readonly glyphOf = new Int16Array(0x10000).fill(-1);
  private readonly hexOf: string[] = [];
  private readonly widths: number[] = [];
  private readonly kerns: Int16Array;
  private readonly positiveKerns: Int16Array;
  private readonly count: number;
  private readonly ids = new Map<string, number>();

  constructor(private readonly afm: AfmFont) {
    for (const name of Object.keys(afm.glyphWidths)) this.idOf(name);
    const pairs = Object.entries(afm.kernPairs).map(([key, amount]) => [...key.split('\0').map((name) => this.idOf(name)), amount] as const);
    // One more id for a glyph the font does not list (width 0, never kerned, like pdfkit's lookups).
    this.count = this.ids.size + 1;
    this.kerns = new Int16Array(this.count * this.count);
    this.positiveKerns = new Int16Array(this.count);
    for (const [left, right, amount] of pairs) {
      this.kerns[left! * this.count + right!] = amount!;
      if (amount! > this.positiveKerns[left!]!) this.positiveKerns[left!] = amount!;
    }
  }

  private idOf(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(name, id);
      this.widths[id] = this.afm.widthOfGlyph(name);
    }
    return id;
  }

  private glyph(code: number): number {
    let id = this.glyphOf[code]!;
    if (id < 0) {
      const name = this.afm.characterToGlyph(code);
      id = this.ids.get(name) ?? this.count - 1;
      this.widths[id] ??= this.afm.widthOfGlyph(name);
      this.glyphOf[code] = id;
    }
    return id;
  }

  /** The advance of a string in font units, as pdfkit's AFM lookups add it up. */
  units(text: string): number {
    let sum = 0;
    let previous = -1;
    for (let i = 0; i < text.length; i++) {
      const id = this.glyph(text.charCodeAt(i));
      if (previous >= 0) sum += this.kerns[previous * this.count + id]!;
      sum += this.widths[id]!;
      previous = id;
    }
    return sum;
  }

  /** At least the units of any split of the text into words: positive kerning counted, negative not. */
  unitsAtMost(text: string): number {
    let sum = 0;
    for (let i = 0; i < text.length; i++) {
      const id = this.glyph(text.charCodeAt(i));
      sum += this.widths[id]! + (i + 1 < text.length ? this.positiveKerns[id]! : 0);
    }
    return sum;
  }

  /** pdfkit's StandardFont.encode: WinAnsi codes in hex and each glyph's advance. */
  encode(text: string): [string[], GlyphPosition[]] {
    const encoded: string[] = [];
    const positions: GlyphPosition[] = [];
    const length = text.length;
    let id = length > 0 ? this.glyph(text.charCodeAt(0)) : -1;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      encoded.push((this.hexOf[code] ??= this.afm.encodeText(text[i]!)[0]!));
      const next = i + 1 < length ? this.glyph(text.charCodeAt(i + 1)) : -1;
      const width = this.widths[id]!;
      positions.push({ xAdvance: width + (next >= 0 ? this.kerns[id * this.count + next]! : 0), yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width });
      id = next;
    }
    return [encoded, positions];
  }
}

const metricsByFont = new WeakMap<object, FontMetrics>();

/** Off, every text goes through pdfkit's own code: tests compare the two paths' documents byte for byte. */
let shortcuts = true;
export function usePdfTextShortcuts(enabled: boolean): void {
  shortcuts = enabled;
}

/** The tables of a standard font, or null for another kind of font. */
function metricsOf(font: StandardFontLike | undefined): FontMetrics | null {
  if (!font || !isAfmFont(font.font)) return null;
  let metrics = metricsByFont.get(font.font);
  if (!metrics) {
    metrics = new FontMetrics(font.font);
    metricsByFont.set(font.font, metrics);
  }
  return metrics;
}

/** A sample with kerning pairs, accents and WinAnsi extras to check the tables against pdfkit. */
const SAMPLE = 'AVATAR Yo, Ta. "ry" r,  fi€—“ñandú” ¿Qué? ¡Sí! 0123 $ 8,26\u00a0Wö LT';

/**
 * Gives a standard font (pdfkit's StandardFont) table-driven `widthOfString` and `encode`, once
 * they give what pdfkit's own give for a sample; otherwise the font is left as it is.
 */
export function useFastMetrics(font: object): void {
  const target = font as StandardFontLike & {
    widthOfString(text: string, size: number): number;
    encode(text: string): [string[], GlyphPosition[]];
  };
  const metrics = metricsOf(target);
  if (!metrics || typeof target.widthOfString !== 'function' || typeof target.encode !== 'function') return;
  const pdfkitWidth = target.widthOfString;
  const pdfkitEncode = target.encode;
  const same =
    metrics.units(SAMPLE) * (9 / 1000) === target.widthOfString(SAMPLE, 9) && JSON.stringify(metrics.encode(SAMPLE)) === JSON.stringify(target.encode(SAMPLE));
  if (!same) return;
  function widthOfString(this: unknown, text: string, size: number): number {
    return shortcuts ? metrics!.units(text) * (size / 1000) : pdfkitWidth.call(this, text, size);
  }
  function encode(this: unknown, text: string): [string[], GlyphPosition[]] {
    return shortcuts ? metrics!.encode(text) : pdfkitEncode.call(this, text);
  }
  Object.assign(target, { widthOfString, encode });
}

export type TextAlign = 'left' | 'right';

/**
 * The lines of `text` if each certainly fits `width` on the current font and size, so pdfkit's
 * LineWrapper would emit exactly these lines; null when pdfkit must decide.
 */
function certainLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] | null {
  return certainLinesWithin(doc, text, (width * 100) / 100);
}

/** certainLines for the LineWrapper's own line width (pdfkit derives it from the width). */
function certainLinesWithin(doc: PDFKit.PDFDocument, text: string, lineWidth: number): string[] | null {
  const internals = doc as unknown as DocumentInternals;
  if (!shortcuts || internals._wrapper || internals._textOptions || typeof internals._fontSize !== 'number') return null;
  const metrics = metricsOf(internals._font);
  if (!metrics || text === '' || hasSpecialBreak(text)) return null;
  const scale = internals._fontSize / 1000;
  const lines = text.split('\n');
  for (const line of lines) {
    // A margin far above float rounding: pdfkit rounds each word's width down, to float32.
    if (line === '' || metrics.unitsAtMost(line) * scale + 1e-3 > lineWidth) return null;
  }
  return lines;
}

type Fragment = (text: string, x: number, y: number, options: object) => void;

/**
 * One line, no wrapping: what `doc.text(line, x, y, { lineBreak: false })` draws — pdfkit's
 * `_fragment` with no options — without the option handling around it. The caller sets x and y after.
 */
function drawLine(doc: PDFKit.PDFDocument, line: string, x: number, y: number): void {
  const fragment = (doc as unknown as { _fragment?: Fragment })._fragment;
  if (typeof fragment === 'function') fragment.call(doc, line, x, y, {});
  else doc.text(line, x, y, { lineBreak: false });
}

/** A text measured for a width: the height `heightOfString` gives and the lines pdfkit would draw (null: pdfkit draws it). */
export interface MeasuredText {
  text: string;
  width: number;
  height: number;
  lines: string[] | null;
}

type TextRunner = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions, onLine: (line: string) => void) => void;

/**
 * The lines pdfkit's LineWrapper breaks a text into for `width`, run as `heightOfString` runs it
 * (pdfkit's `_text` with a line callback, no page turns), or null without that internal.
 */
function wrappedLines(doc: PDFKit.PDFDocument, text: string, width: number): string[] | null {
  const internals = doc as unknown as DocumentInternals & { _text?: TextRunner };
  if (!shortcuts || typeof internals._text !== 'function' || internals._wrapper || internals._textOptions) return null;
  const lines: string[] = [];
  const { x, y } = doc;
  const lineGap = internals._lineGap || 0;
  internals._text.call(doc, text, x, y, { width, height: Infinity }, (line) => {
    lines.push(line);
    doc.y += doc.currentLineHeight(true) + lineGap;
  });
  doc.x = x;
  doc.y = y;
  return lines;
}

/**
 * Measures a text as `doc.heightOfString(text, { width })` does and keeps its lines, so drawing it
 * (`drawMeasured`) needs no second run of the LineWrapper; lines that certainly fit need none at all.
 */
export function measureText(doc: PDFKit.PDFDocument, text: string, width: number): MeasuredText {
  const lines = certainLines(doc, text, width) ?? wrappedLines(doc, text, width);
  if (!lines) return { text, width, height: doc.heightOfString(text, { width }), lines: null };
  const lineGap = (doc as unknown as DocumentInternals)._lineGap || 0;
  const start = doc.y;
  let y = start;
  for (let i = 0; i < lines.length; i++) y += doc.currentLineHeight(true) + lineGap;
  return { text, width, height: y - start, lines };
}

/**
 * `doc.text(text, x, y, { width, align })` for a text measured in the same font and size: each
 * line is drawn where pdfkit's LineWrapper would put it, as real text, unless the page would turn.
 */
export function drawMeasured(doc: PDFKit.PDFDocument, measured: MeasuredText, x: number, y: number, align: TextAlign): void {
  const { lines, width } = measured;
  const step = doc.currentLineHeight(true) + ((doc as unknown as DocumentInternals)._lineGap || 0);
  // pdfkit turns the page before a line that would end below the bottom margin: leave that to it.
  if (!lines || y + step * lines.length > doc.page.height - doc.page.margins.bottom - 1) {
    doc.text(measured.text, x, y, { width, align });
    return;
  }
  const lineWidth = (width * 100) / 100;
  let lineY = y;
  for (const wrapped of lines) {
    // As pdfkit's _fragment: without line breaks, nothing drawn for an empty line; right
    // alignment from the wrapper's line width and the line's width without trailing spaces.
    const line = wrapped.replace(/\n/g, '');
    if (line) {
      const lineX = align === 'right' ? x + (lineWidth - doc.widthOfString(line.replace(/\s+$/, ''))) : x;
      drawLine(doc, line, lineX, lineY);
    }
    lineY += step;
  }
  doc.x = x;
  doc.y = lineY;
}

/** `doc.text(text, x, y, { width, align })`, through measureText and drawMeasured. */
export function drawText(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, align: TextAlign): void {
  drawMeasured(doc, measureText(doc, text, width), x, y, align);
}

const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);
/** pdfkit's PDFNumber: the largest float32 not above n (the LineWrapper rounds word widths with it). */
function pdfNumber(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  float32[0] = n;
  if (n <= 0) float32Bits[0]! += 1;
  else float32Bits[0]! -= 1;
  return float32[0]!;
}

/**
 * Labels whose LineWrapper words are plain: Latin letters and digits (no line-break opportunity
 * between them in Unicode's algorithm), single spaces (one after each), ending in ": ".
 */
const PLAIN_LABEL = /^[A-Za-z0-9À-ÖØ-öø-ÿ]+(?: [A-Za-z0-9À-ÖØ-öø-ÿ]+)*: $/;

/**
 * `doc.font(labelFont).text(label, { continued: true }).font(valueFont).text(value)`: a label and
 * its value on one line at the left margin. Where the label is plain and the value certainly fits
 * the rest of the line, both are drawn where pdfkit puts them: the value starts after the sum of
 * the label's word widths as the LineWrapper rounds them.
 */
export function drawField(doc: PDFKit.PDFDocument, label: string, value: string, labelFont: string, valueFont: string): void {
  const internals = doc as unknown as DocumentInternals;
  doc.font(labelFont);
  const x = doc.x;
  const y = doc.y;
  const lineWidth = (Math.max(doc.page.width - x - doc.page.margins.right, 0) * 100) / 100;
  const labelLines = PLAIN_LABEL.test(label) ? certainLinesWithin(doc, label, lineWidth) : null;
  const labelHeight = doc.currentLineHeight(true);
  let labelWidth = 0;
  for (const word of labelLines ? label.split(/(?<= )/) : []) labelWidth += pdfNumber(doc.widthOfString(word));
  doc.font(valueFont);
  const valueLines = labelLines ? certainLinesWithin(doc, value, lineWidth - labelWidth) : null;
  const step = doc.currentLineHeight(true) + (internals._lineGap || 0);
  if (!valueLines || valueLines.length !== 1 || y + labelHeight + step > doc.page.height - doc.page.margins.bottom - 1) {
    // pdfkit ends a continued line only when text follows: an empty value ends it with the label.
    if (value === '') doc.font(labelFont).text(label);
    else doc.font(labelFont).text(label, { continued: true }).font(valueFont).text(value);
    return;
  }
  drawLine(doc.font(labelFont), label, x, y);
  drawLine(doc.font(valueFont), value, x + labelWidth, y);
  doc.x = x;
  doc.y = y + step;
}

/**
 * pdfkit's built-in Helvetica encodes WinAnsi (Latin-1 plus a few typographic signs): every Spanish
 * letter fits, but an emoji or another script would come out as garbage, so such characters become '?'.
 * User content is always drawn as plain text, never interpreted.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function printable(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n')) {
    const code = char.codePointAt(0)!;
    const fits = code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
    out += fits ? char : '?';
  }
  return out;
}
