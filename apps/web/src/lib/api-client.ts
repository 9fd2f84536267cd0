import type { ErrorCode } from '@mayorista/core/errors';
import { errors as errorsTexts } from '@mayorista/core/messages/errors';
import { network as networkTexts } from '@mayorista/core/messages/network';

/**
 * The one place that talks HTTP to our API: attaches the access token, parses `{ code, message }`
 * errors into ApiError, and turns network failures into the retryable error of the error catalogue (docs/api.md).
 */

/**
 * Codes the client makes up: the network failed (`network_error`), or an answer came without one
 * of our codes, e.g. a proxy's 502 page (`http_<status>`).
 */
export type ClientErrorCode = 'network_error' | `http_${number}`;
/** What callers branch on: the server's code from core's table, or one of the client's own. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: ApiErrorCode,
    message: string,
    public readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** the error catalogue (docs/api.md): network failure, 502, 503 and 504 are worth retrying. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type TokenProvider = () => Promise<string | null> | string | null;
let tokenProvider: TokenProvider = () => null;

/** The session (lib/auth) registers how to get a fresh access token (it refreshes when near expiry). */
export function setAccessTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/**
 * Whether the server answered the last request (decision 043). `navigator.onLine` only knows
 * about the device's own link (and stays true behind a dead Wi-Fi), so the offline banner and the
 * order queue also listen to what our own requests found.
 */
type ReachabilityListener = (reachable: boolean) => void;
const reachabilityListeners = new Set<ReachabilityListener>();
let lastReachable: boolean | null = null;
export function reportReachable(reachable: boolean): void {
  lastReachable = reachable;
  for (const listener of reachabilityListeners) listener(reachable);
}
/** What the last request found (null: nothing asked yet). */
export const lastReachability = () => lastReachable;
export function onReachabilityChange(listener: ReachabilityListener): () => void {
  reachabilityListeners.add(listener);
  return () => reachabilityListeners.delete(listener);
}

/** A fresh access token for a request made outside apiRequest (the offline snapshot's conditional GET). */
export async function currentAccessToken(): Promise<string | null> {
  return tokenProvider();
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Send without the Authorization header (sign-in, sign-up, refresh). */
  anonymous?: boolean;
  /** Use this token instead of asking the provider (refresh flow, sign-out). */
  token?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

// The server answers only codes of core's table (its AppError takes an ErrorCode). The table itself
// is not imported here: it would add its bytes to the first download for a check the server owns.
const codeOf = (body: Record<string, unknown>, status: number): ApiErrorCode =>
  typeof body.code === 'string' ? (body.code as ErrorCode) : `http_${status}`;

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  // FormData (file uploads) goes as is: the browser sets multipart/form-data with its boundary.
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isFormData) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : (options.token ?? (await tokenProvider()));
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : isFormData ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    reportReachable(false);
    throw new ApiError(0, 'network_error', networkTexts.text);
  }
  reportReachable(true);

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const message = typeof body.message === 'string' ? body.message : errorsTexts.internal;
    throw new ApiError(response.status, codeOf(body, response.status), message, body);
  }
  return data as T;
}

/** Downloads a binary resource (PDF, CSV) with the token attached. */
export async function apiDownload(path: string, query?: ApiRequestOptions['query']): Promise<Blob> {
  const token = await tokenProvider();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'network_error', networkTexts.text);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiError(response.status, codeOf(body, response.status), String(body.message ?? errorsTexts.internal), body);
  }
  return response.blob();
}
