import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@mayorista/core';
import { httpStatusOf, type ErrorCode } from '@mayorista/core/errors';
import { applySecurityHeaders } from './security-headers';

/**
 * Errors Fastify's router raises before any hook runs: a malformed percent-encoding (`GET /%`),
 * a path parameter over `maxParamLength`. Fastify's default answers them in English without our
 * security headers (the abuse-limits work, decision 010); here they get the `{ code, message }` Spanish shape and the
 * same headers as every other answer.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  applySecurityHeaders(request.raw, reply.raw);
  const [code, message]: [ErrorCode, string] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? ['uri_too_long', messages.errors.badUrl]
      : error.code === 'FST_ERR_BAD_URL'
        ? ['bad_url', messages.errors.badUrl]
        : ['internal_error', messages.errors.internal];
  void reply
    .status(httpStatusOf(code))
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify({ code, message }));
}
