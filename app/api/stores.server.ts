import { z } from 'zod';
import { SYNC_KINDS } from '../../core/commands/index.ts';
import { hasRole } from '../../server/accounts/index.ts';
import { forbidden } from '../../server/platform/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';
import {
  checkStoreConnection,
  connectionFailedError,
  resolveStoreAccount,
  startCatalogSynchronize,
  startStoreSync,
} from '../../server/stores/index.ts';

export const checkConnectionEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/store/check-connection',
    summary:
      "Ask the user's store whether it answers (sets the account's connection_status). Staff may check a user's " +
      'store with userId. On failure: 500 with the SPEC §8 message and the addresses to whitelist.',
    tags: ['stores'],
    auth: 'user',
    query: z.object({ accountId: z.string().optional(), userId: z.string().uuid().optional() }),
    response: z.object({ status: z.literal('connected'), account_id: z.string() }),
    errors: [403, 404],
  },
  async ({ query, user, runtime }) => {
    let ownerId = user.id;
    if (query.userId && query.userId !== user.id) {
      if (!hasRole(user, 'admin', 'manager')) throw forbidden('This is for staff only.');
      ownerId = query.userId;
    }
    const account = await resolveStoreAccount({ db: runtime.db, ownerId, accountId: query.accountId });
    const result = await checkStoreConnection({
      db: runtime.db,
      account,
      appSecret: runtime.config.appSecret,
    });
    if (!result.ok) {
      runtime.logger.info({ accountId: account.id, reason: result.reason }, 'store connection check failed');
      throw connectionFailedError(runtime.config.STORE_ACCESS_IPS);
    }
    return { status: 'connected' as const, account_id: account.id };
  },
);

export const syncAccountEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/accounts/{accountId}/sync',
    summary:
      "Synchronize a store account's products, collections and categories (a job; poll GET /api/v1/jobs)",
    tags: ['stores'],
    auth: 'user',
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, user, runtime }) => {
    const job = await startStoreSync({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      accountId: params.accountId ?? '',
    });
    return { job_id: job.id };
  },
);

export const synchronizeCatalogEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/catalogs/{catalogId}/synchronize',
    summary:
      "Refresh the catalog's products from their listings or stores (SPEC §4 'Synchronize'): images, prices " +
      'and/or information; a job, one product at a time, failures skipped (job result lists them)',
    tags: ['catalogs'],
    auth: 'user',
    body: z.object({ kinds: z.array(z.enum(SYNC_KINDS)).min(1) }),
    response: z.object({ job_id: z.string() }),
    errors: [404],
  },
  async ({ params, body, user, runtime }) => {
    const job = await startCatalogSynchronize({
      db: runtime.db,
      jobs: runtime.jobs,
      ownerId: user.id,
      catalogId: params.catalogId ?? '',
      kinds: body.kinds,
    });
    return { job_id: job.id };
  },
);
