import { z } from 'zod';
import { listAllCatalogs, listCatalogs } from '../services/catalogs.server.ts';
import { defineEndpoint } from './define.server.ts';

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
