import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { messages } from '@mayorista/core';
import { httpStatusOf, type ErrorCode } from '@mayorista/core/errors';

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a request that took longer
 * than `requestTimeout` to arrive, oversized headers, a malformed request line). Fastify's
 * default answers them in English; the API contract is `{ code, message }` in Spanish.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body: { code: ErrorCode; message: string } =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? { code: 'request_timeout', message: messages.errors.timeout }
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? { code: 'headers_too_large', message: messages.errors.bodyTooLarge }
        : { code: 'bad_request', message: messages.errors.validation };
  const status = httpStatusOf(body.code);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}
