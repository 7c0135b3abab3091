import { assertStorableInput, mediaTypeOf, parseFormBytes, readBytesWithin } from './body.server.ts';
import { badRequest, unsupportedMediaType } from './errors.server.ts';

/**
 * A multipart/form-data body read with a size cap (readBytesWithin: 413 past it, never held whole); field names,
 * text values and file names must be storable text (400 naming the field).
 */
export async function readMultipart(
  request: Request,
  opts: { maxBytes: number; tooLargeMessage: string },
): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (mediaTypeOf(type) !== 'multipart/form-data')
    throw unsupportedMediaType('Send the file as multipart/form-data.');
  const bytes = await readBytesWithin(request, opts);
  if (bytes.length === 0) throw badRequest('The request has no file.');
  const form = await parseFormBytes(bytes, type, 'The upload could not be read as multipart/form-data.');
  for (const [name, value] of form)
    assertStorableInput({ [name]: typeof value === 'string' ? value : value.name });
  return form;
}

/** The files of a form field (a field sent as plain text is not a file). */
export function formFiles(form: FormData, field: string): File[] {
  return form
    .getAll(field)
    .filter((v): v is File => typeof v === 'object' && v !== null && 'arrayBuffer' in v);
}
