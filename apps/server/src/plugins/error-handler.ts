import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@mayorista/core';
import { AppError, isAppError } from '../lib/errors';

/** Errors of the database connection (server down, restarting, pool exhausted): the client can retry later. */
const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: string; message?: string; cause?: unknown };
  if (e?.code && DB_UNAVAILABLE_CODES.has(e.code)) return true;
  if (typeof e?.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)) {
    return true;
  }
  return e?.cause ? isDatabaseUnavailable(e.cause) : false;
}

// Fastify's own client errors, mapped to our Spanish messages.
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', message: messages.errors.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_json', message: messages.errors.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: messages.errors.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: messages.errors.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: messages.errors.validation },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type', message: messages.errors.unsupportedMediaType },
};

/**
 * One place turns every error into `{ code, message }` with a Spanish message. Client mistakes
 * are 4xx; internals of a 5xx are logged, never sent.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isAppError(error)) {
      // Limits thrown by services (a locked account, a shared bucket) tell the client when to retry.
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('Retry-After', String(retryAfter));
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? messages.errors.validation,
      }));
      return reply.status(400).send({ code: 'validation_failed', message: issues[0]?.message ?? messages.errors.validation, issues });
    }
    if (error.code && FASTIFY_CLIENT_ERRORS[error.code]) {
      return reply.status(error.statusCode ?? 400).send(FASTIFY_CLIENT_ERRORS[error.code]);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: messages.errors.rateLimited });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other client error from Fastify or a plugin: keep the status, never leak English internals.
      return reply.status(error.statusCode).send({ code: 'bad_request', message: messages.errors.validation });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ code: 'database_unavailable', message: messages.errors.databaseUnavailable });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal_error', message: messages.errors.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: 'not_found', message: messages.errors.notFound });
  });
}

export function notFound(message: string = messages.errors.notFound): AppError {
  return new AppError('not_found', 404, message);
}
