import { z } from 'zod';

/** DESIGN §9 error codes and their statuses. */
export const ERROR_STATUS = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  internal: 500,
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

/**
 * Whether a request comes from another site (DESIGN §10 CSRF). Browsers send Sec-Fetch-Site with every
 * request and Origin with every cross-origin non-GET one, so same-origin calls and forms need no token.
 */
export function isCrossSite(header: (name: string) => string | null | undefined, appUrl: string): boolean {
  const site = header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = header('origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    const o = new URL(origin);
    return o.host !== header('host') && o.origin !== new URL(appUrl).origin;
  } catch {
    return true;
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new ApiError('invalid', message, { details });
export const unauthorized = (message = 'You need to sign in.') => new ApiError('unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this.') => new ApiError('forbidden', message);
export const notFound = (message = 'Not found.') => new ApiError('not_found', message);
export const conflict = (message: string, details?: unknown) =>
  new ApiError('conflict', message, { details });
export const tooLarge = (message = 'The request is too large.') => new ApiError('too_large', message);
export const rateLimited = (retryAfterSeconds: number) =>
  new ApiError('rate_limited', 'Too many attempts. Please wait a moment and try again.', {
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(err: ApiError): Response {
  const body: Record<string, unknown> = { error: err.code, message: err.message };
  if (err.details !== undefined) body.details = err.details;
  return json(body, { status: err.status, headers: err.headers });
}

/** Human text for zod issues: "field: problem", joined. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

export function parseWith<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const r = schema.safeParse(data);
  if (!r.success)
    throw badRequest(
      describeIssues(r.error),
      r.error.issues.map((i) => ({ path: i.path, message: i.message })),
    );
  return r.data;
}

/** Query parameters as an object; repeated keys become arrays. */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** A JSON or form body as an object. Invalid JSON is a 400, not a crash. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await request.text();
    if (!text.trim()) return {};
    try {
      const v = JSON.parse(text);
      return v && typeof v === 'object' ? v : { value: v };
    } catch {
      throw badRequest('The request body is not valid JSON.');
    }
  }
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await request.formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) out[k] = v;
    return out;
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

export function wantsJson(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  return (
    type.includes('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}
