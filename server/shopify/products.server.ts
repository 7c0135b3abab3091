import { ConnectorError, type StoreListing } from '../../connectors/index.ts';
import {
  mapProduct,
  productGid,
  restToProductNode,
  type RestProduct,
} from '../../connectors/shopify/index.ts';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../platform/index.ts';
import { deleteListing, findListingByExternalId, upsertListings } from '../listings/index.ts';
import { replaceCollects, connectorFor, type StoreAccount } from '../stores/index.ts';

/**
 * A webhook must be answered within seconds: when Shopify throttles or fails, the payload is used instead of
 * waiting for the API (a shorter retry policy than a sync's).
 */
const WEBHOOK_TUNING = { maxRetries: 1, retryBaseMs: 500, maxThrottleRetries: 1, timeoutMs: 4_000 };

export type ProductWebhookOutcome = 'stored' | 'stored-from-payload' | 'deleted' | 'skipped';

/**
 * products/create, products/update and products/delete for one store account. A create or update reads the
 * product through the connector, so the listing gets metafields and collections (the payload has neither) and
 * webhooks arriving out of order still leave the current product; if the API cannot answer, the REST payload
 * is mapped, keeping the metafields and collects the listing had. A product Shopify no longer has, and
 * products/delete, remove the listing. Every branch is idempotent.
 */
export async function applyShopifyProductWebhook(opts: {
  db: Db;
  logger: Logger;
  appSecret: string;
  account: StoreAccount;
  topic: 'PRODUCTS_CREATE' | 'PRODUCTS_UPDATE' | 'PRODUCTS_DELETE';
  payload: Record<string, unknown>;
}): Promise<ProductWebhookOutcome> {
  const { db, account } = opts;
  const rawId = opts.payload.admin_graphql_api_id ?? opts.payload.id;
  if (typeof rawId !== 'string' && typeof rawId !== 'number') return 'skipped';
  const externalId = productGid(rawId);
  const ownerId = account.userId;
  const remove = async () => {
    await deleteListing({ db, ownerId, accountId: account.id, externalId });
    return 'deleted' as const;
  };
  if (opts.topic === 'PRODUCTS_DELETE') return remove();

  let listing: StoreListing | null;
  let outcome: ProductWebhookOutcome = 'stored';
  try {
    const connector = connectorFor({ account, appSecret: opts.appSecret, options: WEBHOOK_TUNING });
    listing = await connector.getProduct(externalId);
    if (!listing) return remove();
  } catch (err) {
    opts.logger.warn(
      {
        err,
        shop: account.shopDomain,
        product: externalId,
        code: err instanceof ConnectorError ? err.code : null,
      },
      'product webhook: the Admin API did not answer, using the payload',
    );
    try {
      const currency = ((account.details as { profile?: { currency?: string | null } })?.profile?.currency ??
        null) as string | null;
      listing = mapProduct(
        restToProductNode(opts.payload as unknown as RestProduct, { shop: account.shopDomain }),
        {
          currency,
        },
      );
    } catch (mapError) {
      // SPEC §8: a product that fails is skipped; the listing keeps what it had.
      opts.logger.warn({ err: mapError, product: externalId }, 'product webhook: payload skipped');
      return 'skipped';
    }
    const existing = await findListingByExternalId({ db, ownerId, accountId: account.id, externalId });
    if (existing) listing = { ...listing, metafields: existing.metafields };
    outcome = 'stored-from-payload';
  }
  const { collections, ...document } = listing;
  const stored = await upsertListings({ db, ownerId, accountId: account.id, listings: [document] });
  const listingId = stored.listings[0]?.id;
  if (listingId && collections)
    await replaceCollects({ db, account, memberships: [{ listingId, collections }] });
  return outcome;
}
