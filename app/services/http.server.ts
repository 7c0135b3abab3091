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

/**
 * Whether a request shows that it comes from the app's own pages: `Sec-Fetch-Site: same-origin`, or, from a
 * browser without Sec-Fetch-Site, an Origin that is the app's. Required of the GETs that change state (SPEC §7),
 * which a link can trigger: a request with neither header (an old browser following a link) proves nothing,
 * and `Sec-Fetch-Site: none` (a typed address, a bookmark, a link opened from a mail program) is refused too,
 * since staff use the buttons of /admin/users and the preview page, which send same-origin.
 */
export function isSameOrigin(header: (name: string) => string | null | undefined, appUrl: string): boolean {
  const site = header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = header('origin');
  if (!origin || origin === 'null') return false;
  try {
    const o = new URL(origin);
    return o.host === header('host') || o.origin === new URL(appUrl).origin;
  } catch {
    return false;
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
/**
 * Any request body, 32 MB at most: a catalog past SPEC §9's 16,793,600-byte threshold still fits, and no request
 * holds more than that in memory. Endpoints that take more (a listings import) read with their own cap.
 */
export const BODY_MAX_BYTES = 32 * 1024 * 1024;

/**
 * A body's bytes with a size cap: a declared length over the cap is refused (413) before anything is read, and
 * the bytes are counted while reading, so a body without a length (chunked) is cut off at the cap too.
 */
export async function readBytesWithin(
  request: Request,
  opts: { maxBytes: number; tooLargeMessage: string },
): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > opts.maxBytes) throw tooLarge(opts.tooLargeMessage);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading, without cancelling: cancelling the request stream resets the connection before the 413 is
    // sent; Node discards what the client still sends once the answer is out.
    if (size > opts.maxBytes) throw tooLarge(opts.tooLargeMessage);
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Parse JSON text, a 400 in the DESIGN §9 shape when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  const bytes = await readBytesWithin(request, {
    maxBytes: BODY_MAX_BYTES,
    tooLargeMessage: `The request is larger than ${BODY_MAX_BYTES / 1024 / 1024} MB.`,
  });
  if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
    const form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) out[k] = v;
    return out;
  }
  const text = bytes.toString('utf8');
  if (!text.trim()) return {};
  const v = parseJsonText(text);
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v };
}

export function wantsJson(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  return (
    type.includes('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}
