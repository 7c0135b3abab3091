import { z } from 'zod';
import {
  deletePicture,
  FILE_LIST_LIMITS,
  listFiles,
  PICTURE_MESSAGES,
  PICTURES_MAX_REQUEST_BYTES,
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
      "Add pictures to the user's files (multipart field files, several at once, each a JPEG, PNG, GIF or WebP " +
      'of at most 10 MB by its content; WebP is kept as JPEG, or PNG with transparency; optional field ' +
      "filetype, image). Answers the new files and url, the first one's address.",
    tags: ['files'],
    auth: 'user',
    rawBody: true,
    multipart: z.object({ files: z.array(z.file()), filetype: z.literal('image').optional() }),
    response: z.object({ data: z.array(FileSchema), url: z.string() }),
    errors: [413],
  },
  async ({ request, user, runtime }) => {
    const form = await readMultipart(request, {
      maxBytes: PICTURES_MAX_REQUEST_BYTES + 64 * 1024,
      tooLargeMessage: PICTURE_MESSAGES.requestTooLarge,
    });
    const filetype = form.get('filetype');
    // Fonts come with the fonts panel and its plan check; this library takes pictures only.
    if (filetype !== null && filetype !== 'image') throw badRequest('filetype: expected image');
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
      "Take a picture out of the user's files. Pages and listings that show it keep showing it (fileKept: " +
      'the stored file stays for them).',
    tags: ['files'],
    auth: 'user',
    response: z.object({ data: z.object({ _id: z.string(), fileKept: z.boolean() }) }),
    errors: [404],
  },
  async ({ user, params, runtime }) => ({
    data: await deletePicture({
      db: runtime.db,
      storage: runtime.storage,
      ownerId: user.id,
      id: params.fileId ?? '',
    }),
  }),
);
