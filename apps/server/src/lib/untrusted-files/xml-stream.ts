import { fileErrors } from './limits';

/**
 * A small SAX reader for the XML parts of a workbook, written here so that every buffer it keeps
 * is bounded (decision 030): text is handed on in pieces as it arrives (the caller bounds what it
 * keeps), and only an unfinished tag, comment or entity is carried to the next piece, at most
 * MAX_CARRY characters. A general parser collects a whole text node before reporting it (an 80 MB
 * shared string becomes an 80 MB string) and was four to six times slower on a 50,000-row sheet.
 * It reads what Excel and other writers produce: elements, attributes, the five named entities
 * and character references, comments, CDATA and processing instructions. A DTD is refused (it
 * could declare entities that expand without limit), and so is anything malformed.
 */

export interface XmlHandlers {
  /** `name` without its namespace prefix: `x:row` and `row` are the same element. */
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  /** Part of a text node; a node may arrive in several parts. */
  text(text: string): void;
}

const MAX_CARRY = 64 * 1024;
const MAX_DEPTH = 64;
const MAX_ATTRIBUTES = 64;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&([^;&]{0,10});|&/g, (whole, entity: string | undefined) => {
    if (entity === undefined) throw fileErrors.unsupported();
    if (entity in NAMED) return NAMED[entity]!;
    const code = entity.startsWith('#x')
      ? parseInt(entity.slice(2), 16)
      : entity.startsWith('#')
        ? parseInt(entity.slice(1), 10)
        : NaN;
    if (!Number.isInteger(code) || code < 1 || code > 0x10ffff) throw fileErrors.unsupported();
    return String.fromCodePoint(code);
  });
}

/** JavaScript's `\s`, which the reader has always taken as white space between a tag's parts. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const SLASH = 0x2f;
const GT = 0x3e;
const EQUALS = 0x3d;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const BANG = 0x21;
const QUESTION_MARK = 0x3f;

const skipSpaces = (s: string, i: number) => {
  while (i < s.length && isSpace(s.charCodeAt(i))) i++;
  return i;
};

/** A start tag read: the element's name, its attributes, whether it closes itself, and the index after it. */
interface StartTag {
  name: string;
  attributes: Record<string, string>;
  selfClosing: boolean;
  end: number;
}

/**
 * The start tag at `lt` (`<name attr="v" attr2='v'>` or `<name/>`), read character by character:
 * a regular expression made a match array and a string for every tag and attribute, the largest
 * part of the garbage an import's thread made (decision 089). Null when the tag is not finished
 * in this piece or is malformed: the carry limit tells the two apart. Exported for its test, which
 * holds it to the regular expressions it replaced.
 */
export function readStartTag(s: string, lt: number): StartTag | null {
  let i = lt + 1;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c) || c === SLASH || c === GT || c === BANG || c === QUESTION_MARK) break;
    i++;
  }
  if (i === lt + 1) return null;
  const name = s.slice(lt + 1, i);
  // Names and values as read; counted and decoded only once the tag is known to be finished, so
  // that an unfinished tag is carried to the next piece whatever it holds, as before.
  const raw: string[] = [];
  for (;;) {
    const afterSpace = skipSpaces(s, i);
    if (afterSpace >= s.length) return null;
    const c = s.charCodeAt(afterSpace);
    if (c === GT) return { name, attributes: attributesOf(raw), selfClosing: false, end: afterSpace + 1 };
    if (c === SLASH) {
      if (afterSpace + 1 >= s.length || s.charCodeAt(afterSpace + 1) !== GT) return null;
      return { name, attributes: attributesOf(raw), selfClosing: true, end: afterSpace + 2 };
    }
    // An attribute must be preceded by white space: `<c r="A1"t="s">` is malformed.
    if (afterSpace === i) return null;
    const attribute = readAttribute(s, afterSpace);
    if (!attribute) return null;
    raw.push(attribute.name, attribute.value);
    i = attribute.end;
  }
}

/** A finished tag's attributes from its names and values in order (the last of a repeated name wins). */
function attributesOf(raw: string[]): Record<string, string> {
  if (raw.length / 2 > MAX_ATTRIBUTES) throw fileErrors.unsupported();
  const attributes: Record<string, string> = {};
  for (let k = 0; k < raw.length; k += 2) {
    const value = raw[k + 1]!;
    attributes[raw[k]!] = value.includes('&') ? decodeEntities(value) : value;
  }
  return attributes;
}

/** `name = "value"` or `name='value'` from `from`; null when unfinished or malformed. */
function readAttribute(s: string, from: number): { name: string; value: string; end: number } | null {
  let i = from;
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (isSpace(c) || c === EQUALS || c === SLASH || c === GT) break;
    i++;
  }
  if (i === from) return null;
  const name = s.slice(from, i);
  i = skipSpaces(s, i);
  if (i >= s.length || s.charCodeAt(i) !== EQUALS) return null;
  i = skipSpaces(s, i + 1);
  if (i >= s.length) return null;
  const quote = s.charCodeAt(i);
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return null;
  const close = s.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", i + 1);
  if (close === -1) return null;
  return { name, value: s.slice(i + 1, close), end: close + 1 };
}

class XmlScanner {
  private depth = 0;

  constructor(private readonly handlers: XmlHandlers) {}

  /** Reads what it can of `s`; returns the unfinished end to prepend to the next piece. */
  scan(s: string, final: boolean): string {
    let i = 0;
    while (i < s.length) {
      const lt = s.indexOf('<', i);
      if (lt === -1) return this.text(s.slice(i), final);
      if (lt > i) this.text(s.slice(i, lt), true);
      const next = this.markup(s, lt);
      if (next === -1) return this.carry(s.slice(lt), final);
      i = next;
    }
    return '';
  }

  /** Hands on text, keeping back an entity cut by the end of the piece. */
  private text(text: string, complete: boolean): string {
    const amp = complete ? -1 : text.lastIndexOf('&');
    const cut = amp !== -1 && !text.includes(';', amp) ? amp : text.length;
    if (cut > 0) this.handlers.text(decodeEntities(text.slice(0, cut)));
    return this.carry(text.slice(cut), complete);
  }

  private carry(rest: string, final: boolean): string {
    if (rest.length > MAX_CARRY || (final && rest.length > 0)) throw fileErrors.unsupported();
    return rest;
  }

  /** The index after the markup at `lt`, or -1 when it is not finished in this piece. */
  private markup(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) return this.skipTo(s, '-->', lt + 4);
    if (s.startsWith('<![CDATA[', lt)) {
      const end = s.indexOf(']]>', lt + 9);
      if (end === -1) return -1;
      this.handlers.text(s.slice(lt + 9, end));
      return end + 3;
    }
    if (s.startsWith('<!', lt)) {
      if (s.length - lt < 9) return -1;
      throw fileErrors.unsupported(); // DOCTYPE and DTD declarations
    }
    if (s.startsWith('<?', lt)) return this.skipTo(s, '?>', lt + 2);
    if (s.startsWith('</', lt)) {
      const end = s.indexOf('>', lt + 2);
      if (end === -1) return -1;
      this.close(s.slice(lt + 2, end).trim());
      return end + 1;
    }
    const tag = readStartTag(s, lt);
    if (!tag) return -1; // unfinished, or malformed: the carry limit decides
    if (++this.depth > MAX_DEPTH) throw fileErrors.unsupported();
    this.handlers.open(localName(tag.name), tag.attributes);
    if (tag.selfClosing) this.close(tag.name);
    return tag.end;
  }

  private skipTo(s: string, terminator: string, from: number): number {
    const end = s.indexOf(terminator, from);
    return end === -1 ? -1 : end + terminator.length;
  }

  private close(name: string): void {
    if (--this.depth < 0) throw fileErrors.unsupported();
    this.handlers.close(localName(name));
  }
}

export async function parseXml(pieces: AsyncIterable<Buffer>, handlers: XmlHandlers): Promise<void> {
  const scanner = new XmlScanner(handlers);
  const decoder = new TextDecoder('utf-8');
  let carried = '';
  for await (const piece of pieces) carried = scanner.scan(carried + decoder.decode(piece, { stream: true }), false);
  scanner.scan(carried + decoder.decode(), true);
}
