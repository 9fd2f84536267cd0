import { httpStatusOf, type ErrorCode } from '@mayorista/core/errors';

/**
 * The one error type services throw. The code's kind (core's ERROR_CODES) decides the status, so
 * no call site chooses one; the error handler turns it into `{ code, message, ...details }`.
 * `message` must be Spanish and safe to show to the user.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = httpStatusOf(code);
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
