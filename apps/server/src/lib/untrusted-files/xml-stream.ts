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

const START_TAG = /<([^\s/>!?]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
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

function attributesOf(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  let count = 0;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    if (++count > MAX_ATTRIBUTES) throw fileErrors.unsupported();
    const value = match[2] ?? match[3] ?? '';
    attributes[match[1]!] = value.includes('&') ? decodeEntities(value) : value;
  }
  return attributes;
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
    START_TAG.lastIndex = lt;
    const match = START_TAG.exec(s);
    if (!match) return -1; // unfinished, or malformed: the carry limit decides
    if (++this.depth > MAX_DEPTH) throw fileErrors.unsupported();
    const name = match[1]!;
    this.handlers.open(localName(name), match[2] ? attributesOf(match[2]) : {});
    if (match[3]) this.close(name);
    return START_TAG.lastIndex;
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
