/** DESIGN §9 error codes and their statuses. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** A service the server depends on is not set up or not answering (the currency rates source). */
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** An error a client should see: `{ error: code, message }` with the code's status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details?: unknown;
  readonly headers?: Record<string, string>;
  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.details = opts.details;
    this.headers = opts.headers;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new ApiError('invalid', message, { details });
export const unauthorized = (message = 'You need to sign in.') => new ApiError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError('forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError('not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new ApiError('conflict', message, { details });
// The rest of an oversized body is never read: the connection closes after the answer, so a client does not send
// its next request on a socket the server is discarding.
export const tooLarge = (message = 'The request is too large.') =>
  new ApiError('too_large', message, { headers: { Connection: 'close' } });
export const unsupportedMediaType = (message: string) => new ApiError('unsupported_media_type', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError('rate_limited', 'Too many attempts. Please wait a moment and try again.', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

/** A JSON answer. API answers are mostly the signed-in user's data: not kept by browsers or proxies by default. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(err: ApiError): Response {
  const body: Record<string, unknown> = { error: err.code, message: err.message };
  if (err.details !== undefined) body.details = err.details;
  return json(body, { status: err.status, headers: err.headers });
}
