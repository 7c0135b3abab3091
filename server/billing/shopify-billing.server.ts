import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { BillingPeriod } from '../../core/billing/index.ts';
import { ShopifyAdminClient } from '../../connectors/shopify/index.ts';
import type { Db } from '../../db/client.ts';
import { storeAccounts } from '../../db/schema.ts';
import { badRequest, decryptSecret } from '../platform/index.ts';
import { getPurchasablePlan, redeemOffer } from './plans.server.ts';
import { quoteFor } from './stripe/checkout.server.ts';
import { applyProviderSubscription, findProviderSubscription } from './provider-subscriptions.server.ts';
import { assertBillingOn } from './policy.server.ts';

const DAY_MS = 86_400_000;

export const SHOPIFY_BILLING_MESSAGES = {
  noShop: 'Connect your Shopify store first: Shopify merchants pay through Shopify.',
  refused: 'Shopify did not accept this subscription.',
} as const;

const CREATE = `#graphql
  mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $test: Boolean, $lineItems: [AppSubscriptionLineItemInput!]!) {
    appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, lineItems: $lineItems) {
      userErrors { field message }
      confirmationUrl
      appSubscription { id status createdAt }
    }
  }`;

const ACTIVE = `#graphql
  query ActiveSubscriptions {
    currentAppInstallation { activeSubscriptions { id name status createdAt currentPeriodEnd } }
  }`;

type ShopifyStatus = 'ACTIVE' | 'PENDING' | 'ACCEPTED' | 'FROZEN' | 'CANCELLED' | 'DECLINED' | 'EXPIRED';

/** Shopify's AppSubscriptionStatus in our words. */
function statusOf(s: string) {
  switch (s as ShopifyStatus) {
    case 'ACTIVE':
      return 'active' as const;
    case 'FROZEN':
      return 'past_due' as const;
    case 'PENDING':
    case 'ACCEPTED':
      return 'pending' as const;
    default:
      return 'cancelled' as const;
  }
}

const daysOf = (period: BillingPeriod | null) => (period === 'yearly' ? 365 : 30);

/** The merchant's connected shop with an Admin API client on its offline token, or 400 saying to connect one. */
async function shopClient(db: Db, userId: string, appSecret: string) {
  const [account] = await db
    .select()
    .from(storeAccounts)
    .where(
      and(
        eq(storeAccounts.userId, userId),
        eq(storeAccounts.type, 'shopify'),
        ne(storeAccounts.connectionStatus, 'uninstalled'),
        isNotNull(storeAccounts.credentialsEncrypted),
      ),
    )
    .limit(1);
  const sealed = account?.credentialsEncrypted;
  if (!account || !sealed) throw badRequest(SHOPIFY_BILLING_MESSAGES.noShop, { field: 'shop' });
  const { accessToken } = JSON.parse(decryptSecret(sealed, appSecret)) as { accessToken: string };
  return {
    shop: account.shopDomain,
    client: new ShopifyAdminClient({
      shop: account.shopDomain,
      accessToken,
      maxRetries: 1,
      retryBaseMs: 200,
    }),
  };
}

/**
 * SPEC §7 POST /api/v1/shopify/subscriptions: an app subscription through Shopify's Billing API
 * (appSubscriptionCreate) at our price for the plan and period, recorded as pending until Shopify says the
 * merchant approved it. Answers the confirmation page to send them to. The client's price and discount are
 * never trusted: the discount is our quote's (the merchant's coupon or the open offer, as with Stripe).
 */
export async function startShopifySubscription(opts: {
  db: Db;
  appSecret: string;
  userId: string;
  planId: string;
  yearly: boolean;
  couponCode?: string | null;
  /** Where Shopify's confirmation page sends the merchant back (Shopify adds charge_id), given their shop. */
  returnUrl: string | ((shop: string) => string);
  /** Test charges outside production (Shopify never bills them). */
  test: boolean;
}): Promise<{ redirect_url: string }> {
  assertBillingOn();
  const plan = await getPurchasablePlan({ db: opts.db, planId: opts.planId });
  const { client, shop } = await shopClient(opts.db, opts.userId, opts.appSecret);
  const period: BillingPeriod = opts.yearly ? 'yearly' : 'monthly';
  const { quote } = await quoteFor({
    db: opts.db,
    planId: plan.plan_id,
    period,
    couponCode: opts.couponCode,
  });
  const price = quote.listPrice;
  const pricing: Record<string, unknown> = {
    price: { amount: price, currencyCode: 'USD' },
    interval: opts.yearly ? 'ANNUAL' : 'EVERY_30_DAYS',
  };
  if (quote.percentOff > 0) pricing.discount = { value: { percentage: quote.percentOff / 100 } };
  const { data } = await client.request<{
    appSubscriptionCreate: {
      userErrors: { field: string[] | null; message: string }[];
      confirmationUrl: string | null;
      appSubscription: { id: string; status: string; createdAt: string } | null;
    };
  }>(CREATE, {
    name: plan.title,
    returnUrl: typeof opts.returnUrl === 'string' ? opts.returnUrl : opts.returnUrl(shop),
    test: opts.test,
    lineItems: [{ plan: { appRecurringPricingDetails: pricing } }],
  });
  const created = data.appSubscriptionCreate;
  if (created.userErrors.length || !created.confirmationUrl || !created.appSubscription)
    throw badRequest(
      `${SHOPIFY_BILLING_MESSAGES.refused} ${created.userErrors.map((e) => e.message).join(' ')}`.trim(),
      { fields: created.userErrors.map((e) => e.field?.join('.') ?? null) },
    );
  const start = new Date(created.appSubscription.createdAt);
  await applyProviderSubscription(opts.db, {
    type: 'shopify',
    externalId: created.appSubscription.id,
    userId: opts.userId,
    planId: plan.plan_id,
    period,
    status: statusOf(created.appSubscription.status),
    externalStatus: created.appSubscription.status,
    periodStart: start,
    periodEnd: new Date(start.getTime() + daysOf(period) * DAY_MS),
    amount: quote.price,
    currency: 'USD',
    couponId: quote.discount?.kind === 'coupon' ? quote.discount.id : null,
    cancelAtPeriodEnd: false,
    eventAt: start,
  });
  // A limited offer counts when it is granted, so it is never sold past its remaining number.
  if (quote.discount?.kind === 'offer')
    await redeemOffer({
      db: opts.db,
      offerId: quote.discount.id,
      reference: created.appSubscription.id,
      userId: opts.userId,
    });
  return { redirect_url: created.confirmationUrl };
}

/** One app subscription as Shopify described it, applied to the row we created when it was requested. */
async function applyShopifyState(
  db: Db,
  s: { id: string; status: string; at: Date; periodEnd?: Date | null },
): Promise<boolean> {
  const row = await findProviderSubscription(db, 'shopify', s.id);
  if (!row) return false;
  const status = statusOf(s.status);
  const period = (row.period as BillingPeriod | null) ?? null;
  // Active from when Shopify says so: the paid period starts with the approval, not the request.
  const start = status === 'active' && row.status === 'pending' ? s.at : row.startDate;
  return applyProviderSubscription(db, {
    type: 'shopify',
    externalId: s.id,
    userId: row.userId,
    planId: row.planId,
    period,
    status,
    externalStatus: s.status,
    periodStart: start,
    periodEnd: s.periodEnd ?? new Date(start.getTime() + daysOf(period) * DAY_MS),
    amount: row.amount,
    currency: row.currency,
    couponId: row.couponId,
    cancelAtPeriodEnd: false,
    eventAt: s.at,
  });
}

/**
 * The APP_SUBSCRIPTIONS_UPDATE webhook (signature checked and delivery claimed by the caller): Shopify's
 * app_subscription with its GID, status and updated_at. An older update than the one applied changes nothing.
 */
export async function applyShopifySubscriptionWebhook(
  db: Db,
  payload: Record<string, unknown>,
): Promise<boolean> {
  const sub = payload.app_subscription as
    { admin_graphql_api_id?: unknown; status?: unknown; updated_at?: unknown } | undefined;
  if (!sub || typeof sub.admin_graphql_api_id !== 'string' || typeof sub.status !== 'string') return false;
  const at = new Date(String(sub.updated_at ?? ''));
  return applyShopifyState(db, {
    id: sub.admin_graphql_api_id,
    status: sub.status,
    at: Number.isNaN(at.getTime()) ? new Date() : at,
  });
}

/**
 * SPEC §7 GET api/v2/users/is-remote-subscription-active: asks Shopify for the installation's active
 * subscriptions (also where the confirmation page's return lands), records what it says, and answers whether one
 * is active.
 */
export async function isRemoteSubscriptionActive(opts: {
  db: Db;
  appSecret: string;
  userId: string;
}): Promise<{ active: boolean }> {
  const { client } = await shopClient(opts.db, opts.userId, opts.appSecret);
  const { data } = await client.request<{
    currentAppInstallation: {
      activeSubscriptions: { id: string; status: string; currentPeriodEnd: string | null }[];
    };
  }>(ACTIVE);
  const now = new Date();
  let active = false;
  for (const s of data.currentAppInstallation.activeSubscriptions) {
    if (s.status === 'ACTIVE') active = true;
    await applyShopifyState(opts.db, {
      id: s.id,
      status: s.status,
      at: now,
      periodEnd: s.currentPeriodEnd ? new Date(s.currentPeriodEnd) : null,
    });
  }
  return { active };
}
