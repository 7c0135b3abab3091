import type { Session } from '@shopify/shopify-api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { handleDeliveryOnce } from '../../db/deliveries.ts';
import { orders, shopifySessions, storeAccounts, users, events } from '../../db/schema.ts';
import { type Config, type Logger, encryptSecret } from '../platform/index.ts';
import type { Mailer } from '../mail/index.ts';
import { applyShopifyProductWebhook } from './products.server.ts';
import { applyShopifySubscriptionWebhook, startTrial } from '../billing/index.ts';
import { deleteAccount } from '../catalogs/index.ts';
import type { JobQueue } from '../jobs/index.ts';

type AdminGraphql = { graphql: (query: string) => Promise<Response> };
type ShopInfo = { name?: string; email?: string; currencyCode?: string };

async function fetchShopInfo(admin: AdminGraphql, logger: Logger): Promise<ShopInfo> {
  try {
    const res = await admin.graphql(`#graphql
      query ShopInfo { shop { name email currencyCode } }`);
    const body = (await res.json()) as { data?: { shop?: ShopInfo } };
    return body.data?.shop ?? {};
  } catch (err) {
    logger.warn({ err }, 'could not read shop details after install');
    return {};
  }
}

/**
 * After Shopify auth: link the shop to a merchant account, creating one (platform shopify, on trial) the first
 * time. Safe to run again: the store account is found by shop and its token refreshed.
 */
export async function linkShopifyInstall(opts: {
  db: Db;
  config: Config;
  logger: Logger;
  session: Session;
  admin: AdminGraphql;
}) {
  const { db, session } = opts;
  const credentials = encryptSecret(
    JSON.stringify({ accessToken: session.accessToken, scope: session.scope }),
    opts.config.appSecret,
  );
  const [existing] = await db
    .select()
    .from(storeAccounts)
    .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, session.shop)));
  if (existing) {
    await db
      .update(storeAccounts)
      .set({ credentialsEncrypted: credentials, connectionStatus: 'connected', updatedAt: new Date() })
      .where(eq(storeAccounts.id, existing.id));
    return { userId: existing.userId, created: false };
  }
  const shop = await fetchShopInfo(opts.admin, opts.logger);
  const email = shop.email?.trim().toLowerCase() || null;
  return db.transaction(async (tx) => {
    // A shop's email is whatever its owner typed into Shopify. It may lead to a merchant that Shopify itself
    // brought (same trust), never to a standalone account, which a shop claiming its address would take over.
    let [user] = email
      ? await tx
          .select()
          .from(users)
          .where(and(eq(users.email, email), eq(users.platform, 'shopify')))
      : [];
    const emailTaken =
      !user && email
        ? (await tx.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0
        : false;
    let created = false;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: emailTaken ? null : email,
          platform: 'shopify',
          businessName: shop.name ?? session.shop,
          shopUrl: `https://${session.shop}`,
        })
        .returning();
      await startTrial({ db: tx as unknown as Db, userId: user!.id });
      await tx
        .insert(storeAccounts)
        .values({ userId: user!.id, type: 'own', name: 'My products', shopDomain: '' });
      created = true;
    }
    await tx
      .insert(storeAccounts)
      .values({
        userId: user!.id,
        type: 'shopify',
        name: shop.name ?? session.shop,
        shopDomain: session.shop,
        credentialsEncrypted: credentials,
        connectionStatus: 'connected',
        details: {
          profile: {
            name: shop.name ?? session.shop,
            shop: session.shop,
            email,
            currency: shop.currencyCode ?? null,
          },
        },
      })
      .onConflictDoNothing();
    opts.logger.info({ shop: session.shop, userId: user!.id, created }, 'shopify install linked');
    return { userId: user!.id, created };
  });
}

export type ShopifyWebhook = { topic: string; shop: string; webhookId: string; payload: Record<string, any> };

async function ownersOfShop(db: Db, shop: string) {
  return db
    .select({
      accountId: storeAccounts.id,
      userId: storeAccounts.userId,
      // A shop merchant whose address belongs to a standalone account has none of its own: mail the shop's.
      email: sql<string | null>`coalesce(${users.email}, ${storeAccounts.details}->'profile'->>'email')`,
      platform: users.platform,
    })
    .from(storeAccounts)
    .innerJoin(users, eq(users.id, storeAccounts.userId))
    .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, shop)));
}

/** Orders taken through a shop owner's flipbooks from one buyer, matched by email or phone. */
function customerOrdersWhere(ownerIds: string[], customer: { email?: string; phone?: string }) {
  const email = customer.email?.trim().toLowerCase() ?? '';
  const phone = customer.phone?.trim() ?? '';
  return and(
    inArray(orders.ownerId, ownerIds),
    sql`(lower(${orders.customer}->>'email') = ${email} and ${email} <> '') or ((${orders.customer}->>'phone') = ${phone} and ${phone} <> '')`,
  );
}

/**
 * Shopify webhooks (HMAC already verified by the caller). A delivery is claimed first: one already handled is
 * skipped, one being handled elsewhere answers busy (Shopify retries it), and one whose handling fails is
 * released for Shopify's retry. Each action is idempotent on its own as well.
 */
export async function handleShopifyWebhook(opts: {
  db: Db;
  logger: Logger;
  mailer: Mailer;
  /** Opens the shop's stored access token (product webhooks read the product through the Admin API). */
  appSecret: string;
  /** Queues the removal of a redacted account's files. */
  jobs: JobQueue;
  webhook: ShopifyWebhook;
}): Promise<{ duplicate: boolean; busy?: boolean }> {
  const { webhook } = opts;
  return handleDeliveryOnce(
    opts.db,
    { id: webhook.webhookId, topic: webhook.topic, shop: webhook.shop },
    () => actOnWebhook(opts),
  );
}

async function actOnWebhook(opts: Parameters<typeof handleShopifyWebhook>[0]): Promise<void> {
  const { db, webhook } = opts;
  const owners = await ownersOfShop(db, webhook.shop);
  const ownerIds = owners.map((o) => o.userId);

  switch (webhook.topic) {
    case 'APP_UNINSTALLED': {
      await db.delete(shopifySessions).where(eq(shopifySessions.shop, webhook.shop));
      await db
        .update(storeAccounts)
        .set({ connectionStatus: 'uninstalled', credentialsEncrypted: null, updatedAt: new Date() })
        .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, webhook.shop)));
      break;
    }
    case 'CUSTOMERS_DATA_REQUEST': {
      const customer = (webhook.payload.customer ?? {}) as { email?: string; phone?: string; id?: number };
      const found = ownerIds.length
        ? await db.select().from(orders).where(customerOrdersWhere(ownerIds, customer))
        : [];
      for (const owner of owners) {
        const mine = found.filter((o) => o.ownerId === owner.userId);
        // The record of the request keeps Shopify's customer id only, no address or phone.
        await db.insert(events).values({
          userId: owner.userId,
          type: 'customer_data_request',
          data: { shop: webhook.shop, customer_id: customer.id ?? null, orders: mine.map((o) => o.id) },
        });
        if (owner.email) {
          await opts.mailer.send({
            to: owner.email,
            subject: `Customer data request from ${webhook.shop}`,
            text:
              `Shopify forwarded a data request for customer ${customer.email ?? customer.phone ?? customer.id}.\n\n` +
              (mine.length
                ? `Orders this customer sent through your online catalogs:\n\n${JSON.stringify(
                    mine.map((o) => ({
                      id: o.id,
                      date: o.createdAt,
                      customer: o.customer,
                      comments: o.comments,
                      items: o.items,
                    })),
                    null,
                    2,
                  )}\n`
                : 'Catalog Builder holds no orders from this customer.\n'),
          });
        }
      }
      break;
    }
    case 'CUSTOMERS_REDACT': {
      const customer = (webhook.payload.customer ?? {}) as { email?: string; phone?: string; id?: number };
      if (ownerIds.length) {
        await db.delete(orders).where(customerOrdersWhere(ownerIds, customer));
        if (customer.id != null)
          await db
            .delete(events)
            .where(
              and(
                inArray(events.userId, ownerIds),
                eq(events.type, 'customer_data_request'),
                sql`${events.data}->>'customer_id' = ${String(customer.id)}`,
              ),
            );
      }
      break;
    }
    case 'SHOP_REDACT': {
      await db.delete(shopifySessions).where(eq(shopifySessions.shop, webhook.shop));
      for (const owner of owners) {
        await db.delete(storeAccounts).where(eq(storeAccounts.id, owner.accountId));
        // A merchant who only came through this shop has nothing left with us: remove the whole account.
        const remaining = await db
          .select({ id: storeAccounts.id })
          .from(storeAccounts)
          .where(and(eq(storeAccounts.userId, owner.userId), sql`${storeAccounts.type} <> 'own'`));
        if (owner.platform === 'shopify' && remaining.length === 0)
          await deleteAccount({ db, jobs: opts.jobs, userId: owner.userId });
      }
      break;
    }
    case 'APP_SUBSCRIPTIONS_UPDATE': {
      // The subscription row names its merchant (written when it was requested), whatever the shop's owners.
      const applied = await applyShopifySubscriptionWebhook(db, webhook.payload);
      if (!applied)
        opts.logger.info({ shop: webhook.shop }, 'app subscription update for nothing we requested');
      break;
    }
    case 'PRODUCTS_CREATE':
    case 'PRODUCTS_UPDATE':
    case 'PRODUCTS_DELETE': {
      const accounts = await db
        .select()
        .from(storeAccounts)
        .where(and(eq(storeAccounts.type, 'shopify'), eq(storeAccounts.shopDomain, webhook.shop)));
      for (const account of accounts) {
        const outcome = await applyShopifyProductWebhook({
          db,
          logger: opts.logger,
          appSecret: opts.appSecret,
          account,
          topic: webhook.topic,
          payload: webhook.payload,
        });
        await db.insert(events).values({
          userId: account.userId,
          type: 'shopify_product_webhook',
          data: { topic: webhook.topic, shop: webhook.shop, productId: webhook.payload.id ?? null, outcome },
        });
      }
      break;
    }
    default:
      opts.logger.info({ topic: webhook.topic, shop: webhook.shop }, 'unhandled shopify webhook topic');
  }
}
