import { describe, expect, it } from 'vitest';
import { readAppConfig } from './app-config';

function docWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('x');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'app-config';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readAppConfig', () => {
  it('reads the configuration the server wrote into the page', () => {
    expect(readAppConfig(docWith('{"catalogName":"Distribuidora Sur","whatsappPhone":"5491122334455"}'))).toEqual({
      catalogName: 'Distribuidora Sur',
      whatsappPhone: '5491122334455',
    });
  });

  it('falls back to defaults when the tag is missing, empty or broken', () => {
    for (const content of [null, '{}', 'not json', '{"catalogName":42}']) {
      expect(readAppConfig(docWith(content)).catalogName).toBe('Catálogo Mayorista');
    }
  });
});
