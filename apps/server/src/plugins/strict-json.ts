import type { FastifyInstance } from 'fastify';
import { messages } from '@mayorista/core';
import { AppError } from '../lib/errors';

/**
 * JSON bodies must be valid UTF-8. Fastify's default parser decodes bytes leniently, so a body
 * with broken bytes inside a string was accepted and stored with U+FFFD in it (product names,
 * notes, reasons): a garbled write the client never meant. We decode strictly first and answer
 * 400 malformed_json, then hand the text to Fastify's own parser, which keeps its protections
 * (`__proto__` and `constructor.prototype` keys are refused, the body limit still applies).
 */
export function registerStrictJson(app: FastifyInstance): void {
  const parseJsonText = app.getDefaultJsonParser('error', 'error');
  const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(new AppError('malformed_json', messages.errors.malformedJson), undefined);
      return;
    }
    parseJsonText(request, text, done);
  });
}
