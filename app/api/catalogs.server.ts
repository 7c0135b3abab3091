import { z } from 'zod';
import { INT32_MAX } from '../../core/model/index.ts';
import {
  createCatalog,
  deleteCatalog,
  getCatalog,
  getPage,
  listAllCatalogs,
  listCatalogs,
  saveCatalog,
  savePage,
} from '../../server/catalogs/index.ts';
import { assertUserInForce } from '../../server/billing/index.ts';
import { queueCatalogImages } from '../../server/listings/index.ts';
import { defineEndpoint } from '../../server/platform/index.ts';

const CatalogSummarySchema = z.object({
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

export const saveCatalogEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}',
    summary: 'Save a whole catalog; refused with 409 when `revision` is stale and 403 past a plan limit',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({ catalog: Document, revision: Revision }),
    response: z.object({ revision: z.number() }),
    errors: [403, 404, 409],
  },
  async ({ user, params, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const r = await saveCatalog({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      catalog: body.catalog,
      revision: body.revision,
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { revision: r.revision };
  },
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
    await deleteCatalog({ db: runtime.db, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { ok: true };
  },
);

const PageBody = z.object({ page: Document, revision: Revision });
const PageSaved = z.object({ revision: z.number(), data: Document });

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
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { revision: r.revision, data: r.page };
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
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: params.catalogId ?? '' });
    return { revision: r.revision, data: r.page };
  },
);

export const allCatalogsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/all-catalogs',
    summary: 'Staff: every catalog (page, limit 100, filter)',
    tags: ['admin'],
    auth: 'manager',
    query: z.object({
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(100),
      filter: z.string().trim().max(200).optional(),
      sort: z.string().optional(),
    }),
    response: z.object({
      data: z.array(
        CatalogSummarySchema.extend({ user: z.object({ _id: z.string(), email: z.string().nullable() }) }),
      ),
      total: z.number(),
      count: z.number(),
    }),
    errors: [403],
  },
  async ({ query, runtime }) =>
    listAllCatalogs({ db: runtime.db, page: query.page, limit: query.limit, filter: query.filter }),
);
