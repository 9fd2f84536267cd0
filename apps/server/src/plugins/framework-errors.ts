import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@mayorista/core';
import { applySecurityHeaders } from './security-headers';

/**
 * Errors Fastify's router raises before any hook runs: a malformed percent-encoding (`GET /%`),
 * a path parameter over `maxParamLength`. Fastify's default answers them in English without our
 * security headers (issue 20 item 9); here they get the `{ code, message }` Spanish shape and the
 * same headers as every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(request.raw, reply.raw);
  const [status, body] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, { code: 'uri_too_long', message: messages.errors.badUrl }]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, { code: 'bad_url', message: messages.errors.badUrl }]
        : [500, { code: 'internal_error', message: messages.errors.internal }];
  void reply.status(status).header('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
}
