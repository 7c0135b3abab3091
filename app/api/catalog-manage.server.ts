import { z } from 'zod';
import { BUILD_SORTS, CATALOG_KINDS, CATALOG_PURPOSES } from '../../core/builder/index.ts';
import {
  buildCatalogForOwner,
  copyCatalog,
  listFeaturedCatalogs,
  listTemplateCatalogs,
  setCatalogTemplate,
} from '../../server/catalogs/index.ts';
import { assertUserInForce } from '../../server/billing/index.ts';
import { queueCatalogImages } from '../../server/listings/index.ts';
import { detectLanguage } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import { CatalogSummarySchema } from './catalogs.server.ts';

/** A catalog title as the merchant types it. */
export const TitleSchema = z.string().trim().min(1).max(200);

const Document = z.record(z.string(), z.unknown());
const CatalogCreated = z.object({ data: Document, revision: z.number() });
const CatalogCardSchema = CatalogSummarySchema.extend({ cover: Document.nullable() });
const CardList = z.object({ data: z.array(CatalogCardSchema) });

export const buildCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/build',
    summary:
      "New-catalog wizard (SPEC §2.6): build a catalog from the user's products of the chosen categories " +
      '(none: all), in the chosen order, laid out as the kind of document for its purpose',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({
      kind: z.enum(CATALOG_KINDS),
      purpose: z.enum(CATALOG_PURPOSES),
      sort: z.enum(BUILD_SORTS).default('title'),
      /** Category or collection ids of GET api/v1/accounts/{id}/categories, in section order. */
      categories: z.array(z.string().trim().min(1).max(800)).max(200).default([]),
      /** One store account's products; default: every account's. */
      accountId: z.string().max(100).optional(),
      title: TitleSchema,
      /** The product pages' layout (GET api/v1/pagelayouts, a product grid); default the kind's. */
      layoutId: z.string().trim().min(1).max(100).optional(),
    }),
    response: CatalogCreated,
    errors: [403, 404],
  },
  async ({ user, body, runtime, request }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const { catalog, revision } = await buildCatalogForOwner({
      db: runtime.db,
      user,
      ...body,
      language: detectLanguage(request),
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: catalog._id });
    return { data: catalog, revision };
  },
);

export const copyCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/copy',
    summary: "Copy one of the user's catalogs, or a template catalog, as a new catalog of the user",
    tags: ['catalogs'],
    auth: 'user',
    body: z
      .object({
        title: TitleSchema.optional(),
        /**
         * A template's sample products give way to the user's own (issue 24 §5): one store account's (default:
         * every account's), of these categories (none: all). Without products, the samples stay.
         */
        ownProducts: z
          .object({
            accountId: z.string().max(100).optional(),
            categories: z.array(z.string().trim().min(1).max(800)).max(200).default([]),
          })
          .optional(),
      })
      .default({}),
    response: CatalogCreated,
    errors: [403, 404],
  },
  async ({ user, params, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const { catalog, revision } = await copyCatalog({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      title: body.title,
      ownProducts: body.ownProducts,
    });
    await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId: catalog._id });
    return { data: catalog, revision };
  },
);

export const catalogTemplatesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/templates',
    summary: 'Template catalogs a new catalog can start from (POST .../copy), with their front covers',
    tags: ['catalogs'],
    auth: 'user',
    response: CardList,
  },
  async ({ runtime }) => ({ data: await listTemplateCatalogs({ db: runtime.db }) }),
);

export const publicTemplatesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/templates',
    summary: 'Template catalogs for everyone (marketing template pages), with their front covers',
    tags: ['catalogs'],
    auth: 'public',
    response: CardList,
  },
  async ({ runtime }) => ({ data: await listTemplateCatalogs({ db: runtime.db }) }),
);

const TemplateFlag = z.object({ data: CatalogSummarySchema.extend({ is_template: z.boolean() }) });

export const addTemplateEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/templates/{catalogId}',
    summary: 'Staff: make a catalog a template (addToTemplate)',
    tags: ['admin'],
    auth: 'manager',
    response: TemplateFlag,
    errors: [403, 404],
  },
  async ({ user, params, runtime }) => ({
    data: await setCatalogTemplate({
      db: runtime.db,
      catalogId: params.catalogId ?? '',
      template: true,
      actor: user,
    }),
  }),
);

export const removeTemplateEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/catalogs/templates/{catalogId}',
    summary: 'Staff: stop a catalog being a template (removeFromTemplate)',
    tags: ['admin'],
    auth: 'manager',
    response: TemplateFlag,
    errors: [403, 404],
  },
  async ({ user, params, runtime }) => ({
    data: await setCatalogTemplate({
      db: runtime.db,
      catalogId: params.catalogId ?? '',
      template: false,
      actor: user,
    }),
  }),
);

export const featuredCatalogsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/featured-catalogs',
    summary: 'Catalogs staff featured, with their front covers (password-protected ones never)',
    tags: ['catalogs'],
    auth: 'public',
    response: CardList,
  },
  async ({ runtime }) => ({ data: await listFeaturedCatalogs({ db: runtime.db }) }),
);
