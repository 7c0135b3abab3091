import { badRequest, tooLarge } from './http.server.ts';

/**
 * A multipart/form-data body read with a size cap. The declared length is checked before anything is read
 * and the bytes are counted while reading, so an oversized upload is refused with 413 without being held in
 * memory whole, whether or not the client announced its length.
 */
export async function readMultipart(
  request: Request,
  opts: { maxBytes: number; tooLargeMessage: string },
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw badRequest('Send the file as multipart/form-data.');
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > opts.maxBytes) throw tooLarge(opts.tooLargeMessage);
  if (!request.body) throw badRequest('The request has no file.');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > opts.maxBytes) {
      await reader.cancel();
      throw tooLarge(opts.tooLargeMessage);
    }
    chunks.push(value);
  }
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
  } catch {
    throw badRequest('The upload could not be read as multipart/form-data.');
  }
}

/** The files of a form field (a field sent as plain text is not a file). */
export function formFiles(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v);
}
