import { z } from 'zod';
import { assertFeature, getEntitlements } from '../../server/billing/index.ts';
import {
  asLibraryFile,
  deleteLibraryFile,
  FILE_LIST_LIMITS,
  listFiles,
  PICTURE_MESSAGES,
  PICTURES_MAX_REQUEST_BYTES,
  uploadFonts,
  uploadPictures,
} from '../../server/files/index.ts';
import { badRequest, formFiles, readMultipart } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

const FileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  url: z.string(),
  filetype: z.string(),
  mime_type: z.string().nullable(),
  size: z.number().nullable(),
  family: z.string().nullable(),
  created_at: z.string(),
});

export const listFilesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/files',
    summary:
      "The user's files of one type (filetype image, the default, or font), newest first; page from 1, " +
      'limit 25 by default (100 for fonts)',
    tags: ['files'],
    auth: 'user',
    query: z.object({
      filetype: z.enum(['image', 'font']).default('image'),
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
    response: z.object({ data: z.array(FileSchema), total: z.number(), count: z.number() }),
  },
  async ({ user, query, runtime }) =>
    listFiles({
      db: runtime.db,
      ownerId: user.id,
      filetype: query.filetype,
      page: query.page,
      limit: query.limit ?? FILE_LIST_LIMITS[query.filetype],
    }),
);

export const uploadFilesEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/files',
    summary:
      "Add files to the user's files (multipart field files, several at once, at most 10 MB each, checked by " +
      'content). Field filetype image (the default): JPEG, PNG, GIF or WebP (WebP is kept as JPEG, or PNG with ' +
      'transparency). Field filetype font: TTF, OTF, WOFF or WOFF2, for plans with custom fonts (403 otherwise). ' +
      "Answers the new files and url, the first one's address.",
    tags: ['files'],
    auth: 'user',
    rawBody: true,
    multipart: z.object({ files: z.array(z.file()), filetype: z.enum(['image', 'font']).optional() }),
    response: z.object({ data: z.array(FileSchema), url: z.string() }),
    errors: [403, 413],
  },
  async ({ request, user, runtime }) => {
    const form = await readMultipart(request, {
      maxBytes: PICTURES_MAX_REQUEST_BYTES + 64 * 1024,
      tooLargeMessage: PICTURE_MESSAGES.requestTooLarge,
    });
    const filetype = form.get('filetype');
    if (filetype !== null && filetype !== 'image' && filetype !== 'font')
      throw badRequest('filetype: expected image or font');
    if (filetype === 'font') {
      // SPEC §6: custom fonts for the plans that have them.
      const ent = await getEntitlements({ db: runtime.db, user });
      await assertFeature({ db: runtime.db, ent, feature: 'custom_fonts' });
      const rows = await uploadFonts({
        db: runtime.db,
        storage: runtime.storage,
        ownerId: user.id,
        files: formFiles(form, 'files'),
      });
      const data = rows.map(asLibraryFile);
      return { data, url: data[0]!.url };
    }
    const data = await uploadPictures({
      db: runtime.db,
      storage: runtime.storage,
      ownerId: user.id,
      files: formFiles(form, 'files'),
    });
    return { data, url: data[0]!.url };
  },
);

export const deleteFileEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/files/{fileId}',
    summary:
      "Take a picture or a font out of the user's files. Pages and listings that show a picture keep showing it " +
      '(fileKept: the stored file stays for them); catalogs that used a font fall back to their next family.',
    tags: ['files'],
    auth: 'user',
    response: z.object({ data: z.object({ _id: z.string(), fileKept: z.boolean() }) }),
    errors: [404],
  },
  async ({ user, params, runtime }) => ({
    data: await deleteLibraryFile({
      db: runtime.db,
      storage: runtime.storage,
      ownerId: user.id,
      id: params.fileId ?? '',
    }),
  }),
);
