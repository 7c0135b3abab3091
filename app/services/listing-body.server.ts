import { badRequest, tooLarge } from './http.server.ts';

/**
 * POST api/v1/listings takes up to 20,000 listings at once (an import). As the wizard sends them, with every
 * field, a description and a few variations, that is about 3 KB a listing: 64 MB holds the largest import and
 * keeps one request from holding more than that in memory before its items are even counted.
 */
export const LISTINGS_BODY_MAX_BYTES = 64 * 1024 * 1024;
export const LISTINGS_BODY_TOO_LARGE = `The listings sent are larger than ${LISTINGS_BODY_MAX_BYTES / 1024 / 1024} MB. Import them in several files.`;

/**
 * A JSON body read with a size cap: a declared length over the cap is refused before anything is read, and
 * the bytes are counted while reading, so a body without a length (chunked) is cut off at the cap too.
 */
export async function readJsonWithin(
  request: Request,
  opts: { maxBytes: number; tooLargeMessage: string },
): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > opts.maxBytes) throw tooLarge(opts.tooLargeMessage);
  if (!request.body) throw badRequest('The request has no body.');
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
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}
