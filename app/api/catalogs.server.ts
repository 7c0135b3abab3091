import { z } from 'zod';
import { PAGING } from '../../core/constants.ts';
import { INT32_MAX } from '../../core/model/index.ts';
import { sortNames } from '../../db/list-sort.ts';
import {
  createCatalog,
  deleteCatalog,
  editorCatalogPages,
  getCatalog,
  getPage,
  CATALOG_SORTS,
  listAllCatalogs,
  listCatalogs,
  saveCatalog,
  savePage,
  updateCatalog,
} from '../../server/catalogs/index.ts';
import { assertUserInForce } from '../../server/billing/index.ts';
import { queueCatalogImages } from '../../server/listings/index.ts';
import { defineEndpoint, type HandlerContext } from '../../server/runtime/index.ts';
import { SaveId } from './catalog-saves.server.ts';

export const CatalogSummarySchema = z.object({
  _id: z.string(),
  slug: z.string().nullable(),
  title: z.string(),
  featured: z.boolean(),
  pageCount: z.number(),
  productCount: z.number(),
  url: z.string().nullable(),
  download_number: z.number(),
  revision: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Catalog documents are validated by core/model when they are saved; here they are any JSON object. */
const Document = z.record(z.string(), z.unknown());
const CatalogResponse = z.object({ data: Document, revision: z.number() });
const Revision = z.coerce.number().int().min(1).max(INT32_MAX);

export const listCatalogsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs',
    summary: "The signed-in user's catalogs",
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ data: z.array(CatalogSummarySchema) }),
  },
  async ({ user, runtime }) => ({ data: await listCatalogs({ db: runtime.db, ownerId: user.id }) }),
);

export const createCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs',
    summary: 'Create a catalog: empty (front cover, a product page, back cover) or from a whole document',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({ title: z.string().trim().min(1).max(200).optional(), catalog: Document.optional() }),
    response: CatalogResponse,
    errors: [403],
  },
  async ({ user, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const { catalog, revision } = await createCatalog({ db: runtime.db, ownerId: user.id, input: body });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: catalog._id });
    return { data: catalog, revision };
  },
);

export const getCatalogEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}',
    summary: 'A catalog with all its pages and its revision',
    tags: ['catalogs'],
    auth: 'user',
    response: CatalogResponse,
    errors: [404],
  },
  async ({ user, params, runtime }) => {
    const { catalog, revision } = await getCatalog({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
    });
    return { data: catalog, revision };
  },
);

export const getEditorCatalogEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/editor',
    summary:
      'A catalog as the editor holds it: its pages packed (the parts pages share sent once), its revision and the ' +
      'save ids the server took. The editor opens a long catalog on its first pages and reads the rest here.',
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({
      revision: z.number().int(),
      saves: z.array(z.string()),
      packed: z.object({ catalog: z.object({}).passthrough(), table: z.array(z.unknown()) }).passthrough(),
    }),
    errors: [404],
  },
  async ({ user, params, runtime }) =>
    editorCatalogPages({ db: runtime.db, ownerId: user.id, catalogId: params.catalogId ?? '' }),
);

/**
 * PUT api/v1/catalogs/{id}: a whole save ({ catalog, revision }, the editor), or a change of fields: `title`
 * (rename, the owner) and `featured` (SPEC §7 'Catalog update PUT with featured', admin only).
 */
const CatalogPutBody = z
  .object({
    catalog: Document.optional(),
    revision: Revision.optional(),
    title: z.string().trim().min(1).max(200).optional(),
    featured: z.boolean().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.catalog !== undefined && b.revision === undefined)
      ctx.addIssue({ code: 'custom', path: ['revision'], message: 'Required to save a catalog' });
    if (b.catalog === undefined && b.title === undefined && b.featured === undefined)
      ctx.addIssue({ code: 'custom', path: ['catalog'], message: 'Give a catalog, a title or featured' });
  });

async function putCatalog(
  { user, body: b, runtime }: HandlerContext<z.ZodUndefined, typeof CatalogPutBody, 'user'>,
  catalogId: string,
) {
  // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
  await assertUserInForce({ db: runtime.db, user });
  if (b.catalog !== undefined) {
    const r = await saveCatalog({
      db: runtime.db,
      ownerId: user.id,
      catalogId,
      catalog: b.catalog,
      revision: b.revision!,
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId });
    return { revision: r.revision };
  }
  const summary = await updateCatalog({
    db: runtime.db,
    user,
    catalogId,
    title: b.title,
    featured: b.featured,
  });
  return { revision: summary.revision, featured: summary.featured, title: summary.title };
}

const PutResponse = z.object({
  revision: z.number(),
  featured: z.boolean().optional(),
  title: z.string().optional(),
});

export const saveCatalogEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}',
    summary:
      'Save a whole catalog (refused with 409 when `revision` is stale, 403 past a plan limit), or rename it ' +
      '(`title`), or feature it (`featured`, admin)',
    tags: ['catalogs'],
    auth: 'user',
    body: CatalogPutBody,
    response: PutResponse,
    errors: [403, 404, 409],
  },
  (ctx) => putCatalog(ctx, ctx.params.catalogId ?? ''),
);

export const deleteCatalogEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/catalogs/{catalogId}',
    summary: 'Delete a catalog',
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ ok: z.boolean() }),
    errors: [404],
  },
  async ({ user, params, runtime }) => {
    await deleteCatalog({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
    });
    return { ok: true };
  },
);

/** SPEC §7 'PUT/DELETE designs/{designId}': the editor's names for saving and deleting a catalog. */
export const saveDesignEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/designs/{designId}',
    summary: "Save a catalog (the editor's design): as PUT /api/v1/catalogs/{catalogId}",
    tags: ['catalogs'],
    auth: 'user',
    body: CatalogPutBody,
    response: PutResponse,
    errors: [403, 404, 409],
  },
  (ctx) => putCatalog(ctx, ctx.params.designId ?? ''),
);

export const deleteDesignEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/designs/{designId}',
    summary: "Delete a catalog (the editor's design): as DELETE /api/v1/catalogs/{catalogId}",
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ ok: z.boolean() }),
    errors: [404],
  },
  async ({ user, params, runtime }) => {
    await deleteCatalog({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      catalogId: params.designId ?? '',
    });
    return { ok: true };
  },
);

const PageBody = z.object({ page: Document, revision: Revision, saveId: SaveId.optional() });
const PageSaved = z.object({ revision: z.number(), data: Document, duplicate: z.boolean() });

export const savePageByIndexEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}/page/{pageIndex}',
    summary: 'Save one page by its position (only that page is written)',
    tags: ['catalogs'],
    auth: 'user',
    body: PageBody,
    response: PageSaved,
    errors: [403, 404, 409],
  },
  async ({ user, params, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    // Positions are integer columns: a number past them (or not a position at all) is no page of this catalog.
    const index = /^\d{1,9}$/.test(params.pageIndex ?? '') ? Number(params.pageIndex) : -1;
    const r = await savePage({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      pageIndex: index,
      page: body.page,
      revision: body.revision,
      saveId: body.saveId,
    });
    if (!r.duplicate)
      await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { revision: r.revision, data: r.page, duplicate: r.duplicate };
  },
);

export const getPageEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/pages/{pageId}',
    summary: 'One page of a catalog',
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ data: Document }),
    errors: [404],
  },
  async ({ user, params, runtime }) => ({
    data: await getPage({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      pageId: params.pageId ?? '',
    }),
  }),
);

export const savePageEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}/pages/{pageId}',
    summary: 'Save one page by id (only that page is written)',
    tags: ['catalogs'],
    auth: 'user',
    body: PageBody,
    response: PageSaved,
    errors: [403, 404, 409],
  },
  async ({ user, params, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const r = await savePage({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      pageId: params.pageId ?? '',
      page: body.page,
      revision: body.revision,
      saveId: body.saveId,
    });
    if (!r.duplicate)
      await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { revision: r.revision, data: r.page, duplicate: r.duplicate };
  },
);

export const allCatalogsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/all-catalogs',
    summary:
      'Staff: every catalog with its front cover, owner, flags, viewer link and staff actions ' +
      '(page, limit 100, filter, sort -updated_at, featured); internal sample and template accounts left out',
    tags: ['admin'],
    auth: 'manager',
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(PAGING.allCatalogsLimit),
      filter: z.string().trim().max(200).optional(),
      sort: z.enum(sortNames(CATALOG_SORTS) as [string, ...string[]]).default('-updated_at'),
      featured: z.enum(['true', 'false']).optional(),
      /** SPEC §7 sends user=1 (the owner with each catalog); it always comes. */
      user: z.string().max(10).optional(),
    }),
    response: z.object({
      data: z.array(
        CatalogSummarySchema.extend({
          user: z.object({ _id: z.string(), email: z.string().nullable() }),
          cover: z.record(z.string(), z.unknown()).nullable(),
          is_template: z.boolean(),
          published: z.boolean(),
          view_url: z.string(),
          staffActions: z.array(z.record(z.string(), z.unknown())),
        }),
      ),
      total: z.number(),
      count: z.number(),
    }),
    errors: [403],
  },
  async ({ query, runtime }) =>
    listAllCatalogs({
      db: runtime.db,
      page: query.page,
      limit: query.limit,
      filter: query.filter,
      sort: query.sort,
      featured: query.featured === undefined ? undefined : query.featured === 'true',
    }),
);
