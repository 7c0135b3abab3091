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
const LayoutBody = z.object({ layout: Layout });

export const listLayoutsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/pagelayouts',
    summary: "The page layouts the user can use: the product's own and the user's",
    tags: ['layouts'],
    auth: 'user',
    response: z.object({ data: z.array(Layout) }),
  },
  async ({ user, runtime }) => ({ data: await listLayouts({ db: runtime.db, ownerId: user.id }) }),
);

export const createLayoutEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/pagelayouts',
    summary: 'Save a layout as a new one of the user (plans with custom layouts)',
    tags: ['layouts'],
    auth: 'user',
    body: LayoutBody,
    response: z.object({ data: Layout }),
    errors: [403],
  },
  async ({ user, body, runtime }) => ({
    data: await createLayout({ db: runtime.db, ownerId: user.id, layout: body.layout }),
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
    return specialLayout({ db: runtime.db, ownerId: user.id, name, nbPages: query.nbPages });
  },
);

export const updateLayoutEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/pagelayouts/{pageLayoutId}',
    summary: "Update the user's own layout (others save a copy with POST)",
    tags: ['layouts'],
    auth: 'user',
    body: LayoutBody,
    response: z.object({ data: Layout }),
    errors: [403, 404],
  },
  async ({ user, params, body, runtime }) => ({
    data: await updateLayout({
      db: runtime.db,
      ownerId: user.id,
      id: params.pageLayoutId ?? '',
      layout: body.layout,
    }),
  }),
);

export const deleteLayoutEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/pagelayouts/{pageLayoutId}',
    summary: "Delete the user's own layout; refused (409) while one of their catalog pages uses it",
    tags: ['layouts'],
    auth: 'user',
    response: z.object({ ok: z.boolean() }),
    errors: [403, 404, 409],
  },
  async ({ user, params, runtime }) => {
    await deleteLayout({ db: runtime.db, ownerId: user.id, id: params.pageLayoutId ?? '' });
    return { ok: true };
  },
);
