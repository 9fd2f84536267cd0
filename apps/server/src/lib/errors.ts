/**
 * The one error type services throw. The error handler turns it into `{ code, message }`
 * with `status`; `message` must be Spanish and safe to show to the user.
 */
export class AppError extends Error {
  constructor(
    public readonly code: string,
    public readonly status: number,
    message: string,
    public readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
