import { z } from 'zod';
import { recordEditorFlags, updateUser, UserUpdateSchema } from '../../server/accounts/index.ts';
import { describeUser, listUsers, USER_SORTS } from '../../server/billing/index.ts';
import { sortNames } from '../../db/list-sort.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  filter: z.string().trim().max(200).optional(),
});
const UserSort = z.enum(sortNames(USER_SORTS) as [string, ...string[]]);

export const listUsersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/users',
    summary:
      'Staff: users with their subscription, stores and their connection, catalogs, recorded session durations ' +
      'and what staff did (page, limit, filter, sort)',
    tags: ['admin'],
    auth: 'admin',
    query: PageQuery.extend({ sort: UserSort.optional() }),
    response: z.object({
      data: z.array(z.record(z.string(), z.unknown())),
      total: z.number(),
      count: z.number(),
    }),
    errors: [403],
  },
  async ({ query, runtime }) => listUsers({ db: runtime.db, ...query }),
);

export const meEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/users/me',
    summary: 'The signed-in user',
    tags: ['users'],
    auth: 'user',
    response: z.record(z.string(), z.unknown()),
  },
  async ({ user, runtime }) => describeUser({ db: runtime.db, user }),
);

export const updateMeEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/users/me',
    summary:
      "Change the signed-in user's business name, language (en, fr) and settings (SPEC §3 User settings: " +
      'page_format Letter, A4 or Letter_booklet; image_quality q10 to q100; ga4_tracking_id G-…; ' +
      'store_front_access_token; synchronize_orders). Settings not named keep their value. Answers the user.',
    tags: ['users'],
    auth: 'user',
    body: UserUpdateSchema,
    response: z.record(z.string(), z.unknown()),
    errors: [400],
  },
  async ({ user, body, runtime }) => {
    const fresh = await updateUser({ db: runtime.db, userId: user.id, update: body });
    return describeUser({ db: runtime.db, user: fresh });
  },
);

export const editorFlagsEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/users/me/editor-flags',
    summary: "Record the editor's first-visit tour as done, or the answer to the rating prompt (SPEC §4)",
    tags: ['users'],
    auth: 'user',
    body: z
      .object({
        tourDone: z.literal(true).optional(),
        rating: z.union([z.literal('later'), z.number().int().min(1).max(5)]).optional(),
      })
      .strict()
      .refine((b) => b.tourDone !== undefined || b.rating !== undefined, {
        message: 'tourDone or rating is required',
        path: ['rating'],
      }),
    response: z.object({
      tourDone: z.boolean().optional(),
      rated: z.boolean().optional(),
      stars: z.number().optional(),
      ratingPostponedUntil: z.string().optional(),
    }),
    errors: [400],
  },
  async ({ user, body, runtime }) => recordEditorFlags({ db: runtime.db, userId: user.id, ...body }),
);
