import { badRequest, readBytesWithin } from './http.server.ts';

/** A multipart/form-data body read with a size cap (readBytesWithin: 413 past it, never held whole). */
export async function readMultipart(
  request: Request,
  opts: { maxBytes: number; tooLargeMessage: string },
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw badRequest('Send the file as multipart/form-data.');
  const bytes = await readBytesWithin(request, opts);
  if (bytes.length === 0) throw badRequest('The request has no file.');
  try {
    return await new Response(bytes, { headers: { 'content-type': type } }).formData();
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
