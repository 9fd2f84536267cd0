import { auth as authTexts } from '@mayorista/core/messages/auth';
import { errors as errorsTexts } from '@mayorista/core/messages/errors';
import { network as networkTexts } from '@mayorista/core/messages/network';
import { type ApiError, type ApiErrorCode, isApiError } from '../../api-client';

/** The auth client's own codes, beside the server's (the error catalogue (docs/api.md) names these errors). */
export type AuthErrorCode = ApiErrorCode | 'session_missing' | 'retryable_fetch_error' | 'invalid_token_response';

/**
 * The auth errors of the error catalogue (docs/api.md), typed so callers can tell them apart without reading messages:
 * session missing (400), invalid credentials (400), retryable fetch error (network, 502, 503,
 * 504), API error carrying the server's status and code, invalid token response (500).
 */
export class AuthError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly code: AuthErrorCode,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export class AuthSessionMissingError extends AuthError {
  constructor() {
    super(authTexts.sessionMissing, 400, 'session_missing');
    this.name = 'AuthSessionMissingError';
  }
}

export class AuthInvalidCredentialsError extends AuthError {
  constructor(message: string = authTexts.invalidCredentials) {
    super(message, 400, 'invalid_credentials');
    this.name = 'AuthInvalidCredentialsError';
  }
}

export class AuthRetryableFetchError extends AuthError {
  constructor(status: number, message: string = networkTexts.text) {
    super(message, status, 'retryable_fetch_error');
    this.name = 'AuthRetryableFetchError';
  }
}

export class AuthApiError extends AuthError {
  constructor(message: string, status: number, code: AuthErrorCode) {
    super(message, status, code);
    this.name = 'AuthApiError';
  }
}

export class AuthInvalidTokenResponseError extends AuthError {
  constructor() {
    super(errorsTexts.internal, 500, 'invalid_token_response');
    this.name = 'AuthInvalidTokenResponseError';
  }
}

export const isAuthRetryableFetchError = (error: unknown): error is AuthRetryableFetchError =>
  error instanceof AuthRetryableFetchError;

/** Session-not-found and session-missing mean "already signed out": nothing to tell the user. */
export function isSessionGoneError(error: unknown): boolean {
  return error instanceof AuthSessionMissingError || (error instanceof AuthError && error.code === 'session_not_found');
}

/** Maps whatever a request threw into one of the typed auth errors. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  if (isApiError(error)) return fromApiError(error);
  return new AuthRetryableFetchError(0);
}

function fromApiError(error: ApiError): AuthError {
  if (error.retryable) return new AuthRetryableFetchError(error.status, error.status === 0 ? networkTexts.text : error.message);
  if (error.code === 'invalid_credentials') return new AuthInvalidCredentialsError(error.message || undefined);
  return new AuthApiError(error.message, error.status, error.code);
}

/** The Spanish text shown next to the sign-in form for an error. */
export function signInErrorMessage(error: AuthError): string {
  if (error instanceof AuthInvalidCredentialsError) return authTexts.invalidCredentials;
  if (error.code === 'email_not_confirmed') return authTexts.emailNotVerified;
  return error.message || authTexts.formErrorsTitle;
}
