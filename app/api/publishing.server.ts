import { z } from 'zod';
import {
  checkSlug,
  getViewerSettings,
  setCatalogSlug,
  summarizeViewerEvents,
  updateViewerSettings,
  verifyCatalogHost,
  ViewerSettingsPatchSchema,
} from '../../server/catalogs/index.ts';
import { hitRateLimit } from '../../server/accounts/index.ts';
import { assertFeature, getEntitlements } from '../../server/billing/index.ts';
import { notFound } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import { findOwned } from '../../db/owned.ts';
import { catalogs } from '../../db/schema.ts';

const HostStatus = z.object({
  host: z.string(),
  verified: z.boolean(),
  method: z.enum(['txt', 'cname']).nullable(),
  checked_at: z.string().nullable(),
  problem: z.enum(['not_found', 'dns_unreachable', 'taken']).nullable(),
  txt: z.object({ name: z.string(), value: z.string() }),
  cname: z.object({ name: z.string(), target: z.string() }),
});

const SettingsView = z.object({
  settings: z.record(z.string(), z.unknown()),
  has_password: z.boolean(),
  protection_lapsed: z.boolean(),
  published: z.boolean(),
  custom_host: z.string().nullable(),
  custom_host_status: HostStatus.nullable(),
  slug: z.string().nullable(),
  url: z.string(),
  revision: z.number(),
});

export const checkSlugEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/checkSlug',
    summary: 'The address a title gives and whether it is free (status exists: the url-exists flag)',
    tags: ['catalogs'],
    auth: 'user',
    query: z.object({
      title: z.string().max(400),
      catalogId: z.string().max(100).optional(),
    }),
    response: z.object({ status: z.enum(['available', 'exists', 'invalid']), slug: z.string() }),
  },
  async ({ query, runtime }) => checkSlug({ db: runtime.db, title: query.title, catalogId: query.catalogId }),
);

export const setSlugEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}/slug',
    summary: "Set a catalog's address (/view/{slug}); 409 when another catalog has it",
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({ slug: z.string().max(400) }),
    response: z.object({ slug: z.string(), url: z.string() }),
    errors: [404, 409],
  },
  async ({ user, params, body, runtime }) =>
    setCatalogSlug({ db: runtime.db, ownerId: user.id, catalogId: params.catalogId ?? '', slug: body.slug }),
);

export const getViewerSettingsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/settings',
    summary: "The online catalog's settings (the viewer's owner panel); the password is never answered",
    tags: ['catalogs'],
    auth: 'user',
    response: SettingsView,
    errors: [404],
  },
  async ({ user, params, runtime }) =>
    getViewerSettings({
      db: runtime.db,
      config: runtime.config,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
    }),
);

export const updateViewerSettingsEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/catalogs/{catalogId}/settings',
    summary:
      "Change the online catalog's settings (published: publish or unpublish it); plan-gated ones answer 403 without the plan",
    tags: ['catalogs'],
    auth: 'user',
    body: ViewerSettingsPatchSchema,
    response: SettingsView,
    errors: [403, 404, 409],
  },
  async ({ user, params, body, runtime }) =>
    updateViewerSettings({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      patch: body,
      config: runtime.config,
    }),
);

export const verifyCatalogHostEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/custom-host/verify',
    summary:
      "Check with DNS that the owner controls the catalog's own host (TXT _catalog-builder.<host> or a CNAME to the catalog host)",
    tags: ['catalogs'],
    auth: 'user',
    response: SettingsView,
    errors: [400, 404, 429],
  },
  async ({ user, params, runtime }) => {
    await hitRateLimit({ db: runtime.db, name: 'customHostCheck', subject: user.id });
    return verifyCatalogHost({
      db: runtime.db,
      config: runtime.config,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
    });
  },
);

export const catalogAnalyticsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/analytics',
    summary: "What the online catalog's visitors did: page views, product clicks, time on a page",
    tags: ['catalogs'],
    auth: 'user',
    query: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
    response: z.object({
      days: z.number(),
      page_views: z.number(),
      product_clicks: z.number(),
      average_seconds_on_page: z.number(),
    }),
    errors: [403, 404],
  },
  async ({ user, params, query, runtime }) => {
    const row = await findOwned(runtime.db, catalogs, params.catalogId ?? '', user.id);
    if (!row) throw notFound('Catalog not found.');
    // SPEC §3 analytics: the visitors' figures are a plan feature (SPEC §6's 403 otherwise).
    const ent = await getEntitlements({ db: runtime.db, user });
    await assertFeature({ db: runtime.db, ent, feature: 'analytics' });
    return summarizeViewerEvents({ db: runtime.db, ownerId: user.id, catalogId: row.id, days: query.days });
  },
);
