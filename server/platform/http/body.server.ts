import { ApiError, badRequest, tooLarge, unsupportedMediaType } from './errors.server.ts';
import { describePath, findInputProblem, type InputProblem } from './input-checks.server.ts';
/**
 * Any request body, 32 MB at most: a catalog past SPEC §9's 16,793,600-byte threshold still fits, and no request
 * holds more than that in memory. Endpoints that take more (a listings import) declare their own cap (bodyLimit).
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

/**
 * Read and drop, in the background, what is left of a body nobody read (a refusal before reading it, an
 * endpoint that takes none), so the client's connection stays usable: the HTTP server leaves an unread body in
 * the socket, and the next request on it is never parsed. A body declared past BODY_MAX_BYTES is left alone: it
 * was refused as too large, and that answer closes the connection.
 */
export function discardUnreadBody(request: Request): void {
  if (!request.body || request.bodyUsed) return;
  if (Number(request.headers.get('content-length') ?? 0) > BODY_MAX_BYTES) return;
  const reader = request.body.getReader();
  void (async () => {
    let size = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        size += value?.byteLength ?? 0;
        if (done || size > BODY_MAX_BYTES) return;
      }
    } catch {
      // The client went away.
    }
  })();
}

/** Parse JSON text, a 400 in the DESIGN §9 shape when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

/** A form body (urlencoded or multipart); a malformed one (a multipart body without its boundary) is a 400. */
export async function parseFormBytes(
  bytes: Buffer<ArrayBuffer>,
  contentType: string,
  message: string,
): Promise<FormData> {
  try {
    return await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(message);
  }
}

/** The 400 for input no schema should see: text PostgreSQL cannot store, or nesting past MAX_JSON_DEPTH. */
function inputProblemError(problem: InputProblem, what = 'The request body'): ApiError {
  const message = problem.path.length
    ? `${describePath(problem.path)}: ${problem.message}`
    : `${what} ${problem.message}`;
  return badRequest(message, [{ path: problem.path, message: problem.message }]);
}

/** Refuse input no schema should see (inputProblemError); `what` names it when the problem is at its root. */
export function assertStorableInput(value: unknown, what?: string): void {
  const problem = findInputProblem(value);
  if (problem) throw inputProblemError(problem, what);
}

/** The media type of a Content-Type header, lower-case, without its parameters. */
export const mediaTypeOf = (contentType: string | null): string =>
  (contentType ?? '').split(';')[0]!.trim().toLowerCase();

const isJsonType = (media: string) => media === 'application/json' || media.endsWith('+json');
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** JSON value kinds, as JSON Schema names them. */
export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
const jsonKindOf = (v: unknown): JsonKind =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : (typeof v as JsonKind);

export type ReadBodyOptions = {
  /** Also take HTML form posts (urlencoded or multipart): the pages' own forms post these. */
  forms?: boolean;
  /** What the body may be at its top (the endpoint's schema says): anything else is a 400 naming what is. */
  kinds?: readonly JsonKind[];
  /** A cap other than BODY_MAX_BYTES, with its 413 message. */
  maxBytes?: number;
  tooLargeMessage?: string;
};

/**
 * A request body, checked before any schema sees it: JSON (application/json, else 415; with `forms`, also a
 * form post), within the size cap (413), valid (400), every string storable and nesting within MAX_JSON_DEPTH
 * (400 naming the field), and of a kind the endpoint takes (400). An empty body is an empty object.
 */
export async function readBody(request: Request, opts: ReadBodyOptions = {}): Promise<unknown> {
  const maxBytes = opts.maxBytes ?? BODY_MAX_BYTES;
  const bytes = await readBytesWithin(request, {
    maxBytes,
    tooLargeMessage: opts.tooLargeMessage ?? `The request is larger than ${maxBytes / 1024 / 1024} MB.`,
  });
  const contentType = request.headers.get('content-type') ?? '';
  const media = mediaTypeOf(contentType);
  let value: unknown;
  if (opts.forms && FORM_TYPES.includes(media)) {
    const form = await parseFormBytes(
      bytes,
      contentType,
      'The form could not be read: send it as application/x-www-form-urlencoded, or as multipart/form-data ' +
        'with the boundary its Content-Type names.',
    );
    const fields: Record<string, unknown> = {};
    for (const [k, v] of form) fields[k] = v;
    value = fields;
  } else {
    const text = bytes.toString('utf8');
    if (!text.trim()) return {};
    if (!isJsonType(media))
      throw unsupportedMediaType(
        opts.forms
          ? 'Send the body as JSON (Content-Type: application/json) or as a form.'
          : 'Send the body as JSON (Content-Type: application/json).',
      );
    value = parseJsonText(text);
  }
  assertStorableInput(value);
  const kind = jsonKindOf(value);
  if (opts.kinds && !opts.kinds.includes(kind))
    throw badRequest(`The request body must be ${describeKinds(opts.kinds)}, not ${articled(kind)}.`, [
      { path: [], message: `expected ${opts.kinds.join(' or ')}, received ${kind}` },
    ]);
  return value;
}

const articled = (kind: JsonKind) =>
  kind === 'null' ? 'null' : kind === 'object' ? 'a JSON object' : `${kind === 'array' ? 'an' : 'a'} ${kind}`;
const describeKinds = (kinds: readonly JsonKind[]) => kinds.map(articled).join(' or ');

export function wantsJson(request: Request): boolean {
  const type = request.headers.get('content-type') ?? '';
  const accept = request.headers.get('accept') ?? '';
  return (
    type.includes('application/json') ||
    (accept.includes('application/json') && !accept.includes('text/html'))
  );
}
