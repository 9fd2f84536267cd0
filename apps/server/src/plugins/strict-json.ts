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
  // PostgreSQL text cannot hold U+0000: a NUL in a search, a name or a note made the query fail
  // with a 500 (anonymous `GET /api/products?search=%00`, sign-up names). Refused here, for every
  // route at once, after the access check and before validation. Pages of the SPA are left alone.
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new AppError('validation_failed', messages.errors.nulCharacter);
    }
  });
}

/** Whether a NUL is in any string or key of a parsed value. Iterative: a deeply nested body cannot overflow the stack. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
