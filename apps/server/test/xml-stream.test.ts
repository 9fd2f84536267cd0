import { describe, expect, it } from 'vitest';
import { parseXml } from '../src/lib/untrusted-files/xml-stream';

/**
 * The workbook's XML reader (lib/untrusted-files/xml-stream.ts) reads start tags character by
 * character. What it hands on must not depend on where the upload's pieces happen to be cut: the
 * same events for the whole text and for the text cut at every byte, multibyte characters included.
 */

type Event = ['open', string, Record<string, string>] | ['close', string] | ['text', string];

async function eventsOf(pieces: Buffer[]): Promise<Event[]> {
  const events: Event[] = [];
  await parseXml(
    (async function* () {
      yield* pieces;
    })(),
    {
      open: (name, attributes) => events.push(['open', name, { ...attributes }]),
      close: (name) => events.push(['close', name]),
      // A text node may arrive in several parts: joined here, as every caller does.
      text: (text) => {
        const last = events[events.length - 1];
        if (last?.[0] === 'text') last[1] += text;
        else events.push(['text', text]);
      },
    },
  );
  return events;
}

const cutAt = (bytes: Buffer, ...at: number[]) => [0, ...at, bytes.length].slice(1).map((end, i, ends) => bytes.subarray(i === 0 ? 0 : ends[i - 1], end));

const DOCUMENT =
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
  `<x:worksheet xmlns:x="urn:x" a = 'b&amp;c' d="&#65;&#x42;" e="q'uote" f='dou"ble'>` +
  `<!-- a comment with <tags> inside -->` +
  `<row r="2" spans="1:6"><c r="A2" t="s"><v>1</v></c><c r="B2" t="inlineStr"><is><t>Ñandú &lt;3&gt;</t></is></c></row>` +
  `<row\tr="3"\n/><empty/><spaced  g="h"  /><tight g="h"/>` +
  `<![CDATA[<not a="tag">]]>café</x:worksheet >`;

const EXPECTED: Event[] = [
  ['text', '\n'],
  ['open', 'worksheet', { 'xmlns:x': 'urn:x', a: 'b&c', d: 'AB', e: "q'uote", f: 'dou"ble' }],
  ['open', 'row', { r: '2', spans: '1:6' }],
  ['open', 'c', { r: 'A2', t: 's' }],
  ['open', 'v', {}],
  ['text', '1'],
  ['close', 'v'],
  ['close', 'c'],
  ['open', 'c', { r: 'B2', t: 'inlineStr' }],
  ['open', 'is', {}],
  ['open', 't', {}],
  ['text', 'Ñandú <3>'],
  ['close', 't'],
  ['close', 'is'],
  ['close', 'c'],
  ['close', 'row'],
  ['open', 'row', { r: '3' }],
  ['close', 'row'],
  ['open', 'empty', {}],
  ['close', 'empty'],
  ['open', 'spaced', { g: 'h' }],
  ['close', 'spaced'],
  ['open', 'tight', { g: 'h' }],
  ['close', 'tight'],
  ['text', '<not a="tag">café'],
  ['close', 'worksheet'],
];

describe('the workbook XML reader', () => {
  it('reads elements, attributes in both quotes with entities, self-closing tags, comments and CDATA', async () => {
    expect(await eventsOf([Buffer.from(DOCUMENT)])).toEqual(EXPECTED);
  });

  it('hands on the same events wherever the pieces are cut, in a tag, an attribute, an entity or a character', async () => {
    const bytes = Buffer.from(DOCUMENT);
    for (let at = 1; at < bytes.length; at++) expect(await eventsOf(cutAt(bytes, at)), `cut at byte ${at}`).toEqual(EXPECTED);
    for (let at = 1; at + 7 < bytes.length; at += 5) expect(await eventsOf(cutAt(bytes, at, at + 3, at + 7)), `cut at ${at}`).toEqual(EXPECTED);
  });

  it.each([
    ['an attribute without white space before it', '<a b="1"c="2"></a>'],
    ['an attribute without quotes', '<a b=1></a>'],
    ['an attribute without a value', '<a b></a>'],
    ['a slash not followed by >', '<a b="1"/ ></a>'],
    ['a tag left open at the end', '<a><b c="1"'],
    ['a quote left open at the end', '<a b="1></a>'],
    ['a name that holds a !', '<a!b></a!b>'],
    ['a DTD', '<!DOCTYPE a [<!ENTITY b "c">]><a/>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['more than 64 attributes', `<a ${Array.from({ length: 65 }, (_, i) => `n${i}="v"`).join(' ')}></a>`],
  ])('refuses %s as not a workbook', async (_, xml) => {
    await expect(eventsOf([Buffer.from(xml)])).rejects.toMatchObject({ code: 'import_unsupported_file' });
  });

  it('takes 64 attributes', async () => {
    const xml = `<a ${Array.from({ length: 64 }, (_, i) => `n${i}="v${i}"`).join(' ')}/>`;
    const [open] = await eventsOf([Buffer.from(xml)]);
    expect(Object.keys(open![2] as Record<string, string>)).toHaveLength(64);
  });
});
