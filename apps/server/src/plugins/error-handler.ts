import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@mayorista/core';
import { httpStatusOf, type ErrorCode } from '@mayorista/core/errors';
import { isConcurrencyFailure, isDatabaseUnavailable } from '../db/pg-errors';
import { AppError, isAppError } from '../lib/errors';

// Fastify's own client errors, mapped to our codes and Spanish messages.
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'malformed_json', message: messages.errors.malformedJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'malformed_json', message: messages.errors.malformedJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'body_too_large', message: messages.errors.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported_media_type', message: messages.errors.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'bad_request', message: messages.errors.validation },
  FST_ERR_CTP_INVALID_TYPE: { code: 'unsupported_media_type', message: messages.errors.unsupportedMediaType },
};

/** The one place that writes an error answer: the status always comes from the code's kind. */
export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
): FastifyReply {
  return reply.status(httpStatusOf(code)).send({ code, message, ...details });
}

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
      return sendError(reply, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? messages.errors.validation,
      }));
      return sendError(reply, 'validation_failed', issues[0]?.message ?? messages.errors.validation, { issues });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, known.code, known.message);
    if (error.statusCode === 429) return sendError(reply, 'rate_limited', messages.errors.rateLimited);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Any other client error from Fastify or a plugin: keep the status, never leak English internals.
      return reply.status(error.statusCode).send({ code: 'bad_request', message: messages.errors.validation });
    }
    if (isConcurrencyFailure(error)) {
      request.log.warn({ err: error }, 'transaction rolled back by a concurrent one');
      return sendError(reply, 'concurrent_change', messages.errors.concurrentChange);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, 'database_unavailable', messages.errors.databaseUnavailable);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'internal_error', messages.errors.internal);
  });

  app.setNotFoundHandler((_request, reply) => {
    sendError(reply, 'not_found', messages.errors.notFound);
  });
}

export function notFound(message: string = messages.errors.notFound): AppError {
  return new AppError('not_found', message);
}
