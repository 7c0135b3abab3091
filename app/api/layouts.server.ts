import { z } from 'zod';
import {
  createLayout,
  deleteLayout,
  isSpecialLayoutName,
  listLayouts,
  SPECIAL_LAYOUTS,
  specialLayout,
  updateLayout,
} from '../../server/catalogs/index.ts';
import { badRequest } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

/** Layout documents are validated by core/model when they are saved; here they are JSON objects. */
const Layout = z.record(z.string(), z.unknown());
const Ordering = z.number().int().min(-100_000).max(100_000);
const LayoutBody = z.object({
  layout: Layout,
  /** Staff: the layout's place in the library (lower first). */
  ordering: Ordering.optional(),
});
const NewLayoutBody = LayoutBody.extend({
  /** Staff: save it in the product's library (no owner) instead of as their own. */
  library: z.boolean().default(false),
});

export const listLayoutsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/pagelayouts',
    summary:
      "The page layouts the user can use: their own and the library's public ones their plan allows (SPEC §6); " +
      'custom_subscription flags a subscription made for the user. Staff: scope=library lists the whole library',
    tags: ['layouts'],
    auth: 'user',
    query: z.object({ scope: z.enum(['usable', 'library']).default('usable') }),
    response: z.object({ data: z.array(Layout), custom_subscription: z.boolean() }),
    errors: [403],
  },
  async ({ user, query, runtime }) => {
    const { data, customSubscription } = await listLayouts({ db: runtime.db, user, scope: query.scope });
    return { data, custom_subscription: customSubscription };
  },
);

export const createLayoutEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/pagelayouts',
    summary:
      "Save a layout as a new one of the user (plans with custom layouts; a copy of anyone else's, SPEC §4); " +
      'staff: library=true adds it to the product library',
    tags: ['layouts'],
    auth: 'user',
    body: NewLayoutBody,
    response: z.object({ data: Layout }),
    errors: [403],
  },
  async ({ user, body, runtime }) => ({
    data: await createLayout({
      db: runtime.db,
      user,
      layout: body.layout,
      toLibrary: body.library,
      ordering: body.ordering,
    }),
  }),
);

const names = Object.keys(SPECIAL_LAYOUTS).join(', ');

export const specialLayoutEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/pagelayouts/{pageLayoutId}',
    summary: `The layout of a special page by name (${names}); wholesaleform takes nbPages`,
    tags: ['layouts'],
    auth: 'user',
    query: z.object({ nbPages: z.coerce.number().int().min(1).max(50).optional() }),
    response: z.object({ data: Layout, nbPages: z.number() }),
    errors: [404],
  },
  async ({ user, params, query, runtime }) => {
    const name = params.pageLayoutId ?? '';
    if (!isSpecialLayoutName(name)) throw badRequest(`pageLayoutId: expected one of ${names}`);
    return specialLayout({ db: runtime.db, user, name, nbPages: query.nbPages });
  },
);

export const updateLayoutEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/pagelayouts/{pageLayoutId}',
    summary: "Update the user's own layout, or staff the library's (others save a copy with POST)",
    tags: ['layouts'],
    auth: 'user',
    body: LayoutBody,
    response: z.object({ data: Layout }),
    errors: [403, 404],
  },
  async ({ user, params, body, runtime }) => ({
    data: await updateLayout({
      db: runtime.db,
      user,
      id: params.pageLayoutId ?? '',
      layout: body.layout,
      ordering: body.ordering,
    }),
  }),
);

export const deleteLayoutEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/pagelayouts/{pageLayoutId}',
    summary:
      "Delete the user's own layout (staff: the library's); refused (409) while a catalog page uses it (SPEC §5)",
    tags: ['layouts'],
    auth: 'user',
    response: z.object({ ok: z.boolean() }),
    errors: [403, 404, 409],
  },
  async ({ user, params, runtime }) => {
    await deleteLayout({ db: runtime.db, user, id: params.pageLayoutId ?? '' });
    return { ok: true };
  },
);
