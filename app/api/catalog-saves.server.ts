import { z } from 'zod';
import { INT32_MAX } from '../../core/model/index.ts';
import { getCatalogChanges, saveCatalogChanges } from '../../server/catalogs/index.ts';
import { assertUserInForce } from '../../server/billing/index.ts';
import { queueCatalogImages } from '../../server/listings/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

/** Catalog pages and fields are validated by core/model when they are saved; here they are JSON objects. */
const Document = z.record(z.string(), z.unknown());
const Revision = z.coerce.number().int().min(0).max(INT32_MAX);
/** The editor's id for one save, so a save sent twice is applied once. */
export const SaveId = z.string().trim().min(8).max(100);

export const saveCatalogChangesEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/changes',
    summary:
      'Save what one editor change touched: pages added or changed, the page order (pages left out are ' +
      'removed) and the catalog fields. 409 when `revision` is stale, 403 past a plan limit; a `saveId` ' +
      'already taken answers the revision it made',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({
      revision: Revision.refine((n) => n >= 1, 'Too small: expected number to be >=1'),
      saveId: SaveId.optional(),
      pages: z.array(Document).max(5000).optional(),
      order: z.array(z.string().min(1).max(800)).max(5000).optional(),
      document: Document.optional(),
    }),
    response: z.object({ revision: z.number(), duplicate: z.boolean() }),
    errors: [403, 404, 409],
  },
  async ({ user, params, body, runtime }) => {
    // SPEC §6: an expired subscription can no longer change catalogs (reading them stays open).
    await assertUserInForce({ db: runtime.db, user });
    const catalogId = params.catalogId ?? '';
    const r = await saveCatalogChanges({ db: runtime.db, ownerId: user.id, catalogId, changes: body });
    if (!r.duplicate && body.pages?.length)
      await queueCatalogImages({ jobs: runtime.jobs, ownerId: user.id, catalogId });
    return r;
  },
);

export const getCatalogChangesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/catalogs/{catalogId}/changes',
    summary:
      'What was saved after revision `since`: the revision, the ids of recent saves and, when something ' +
      'changed, the page order, the pages written since and the catalog fields',
    tags: ['catalogs'],
    auth: 'user',
    query: z.object({ since: Revision }),
    response: z.object({
      revision: z.number(),
      saves: z.array(z.string()),
      order: z.array(z.string()).optional(),
      pages: z.array(Document).optional(),
      document: Document.optional(),
    }),
    errors: [404],
  },
  async ({ user, params, query, runtime }) =>
    getCatalogChanges({
      db: runtime.db,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      since: query.since,
    }),
);
