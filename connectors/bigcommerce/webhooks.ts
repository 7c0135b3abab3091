import { timingSafeEqual } from 'node:crypto';
import type { WebhookChange, WebhookDelivery, WebhookEvent, WebhookKeys } from '../types.ts';

/*
 * BigCommerce webhooks are not signed. A hook is registered (POST /v3/hooks) with a `headers` object BigCommerce
 * sends back with every delivery: we register ours with a secret of our own in this header, so a delivery that
 * carries it came from the registration we made (HTTPS keeps it private on the way). The payload names the
 * store (`producer: "stores/{hash}"`) and the product (`data.id`), nothing more: the product is read again.
 */

/** The header our registration asks BigCommerce to send with each delivery. */
export const BIGCOMMERCE_WEBHOOK_HEADER = 'X-Catalog-Builder-Webhook-Token';

/** The scopes we register: a product created, updated (its inventory included) or deleted. */
export const BIGCOMMERCE_PRODUCT_SCOPES = [
  'store/product/created',
  'store/product/updated',
  'store/product/deleted',
  'store/product/inventory/updated',
  'store/product/inventory/order/updated',
] as const;

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

const headerOf = (headers: HeaderBag, name: string): string | null => {
  if (headers instanceof Headers) return headers.get(name);
  const found = Object.entries(headers).find(([k]) => k.toLowerCase() === name.toLowerCase())?.[1];
  return Array.isArray(found) ? (found[0] ?? null) : (found ?? null);
};

/** Whether a delivery carries the secret we registered the hook with (compared in constant time). */
export function verifyBigcommerceWebhook(headers: HeaderBag, secret: string): boolean {
  const got = headerOf(headers, BIGCOMMERCE_WEBHOOK_HEADER);
  if (!got || !secret) return false;
  const a = Buffer.from(got);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type BigcommerceWebhookPayload = {
  scope?: string;
  store_id?: string | number;
  producer?: string;
  data?: { type?: string; id?: number | string; sku?: { product_id?: number | string } };
  hash?: string;
  created_at?: number;
};

/**
 * The products a delivery changed, or null when it is not about a product of this store (another scope, or
 * another store's producer when `storeHash` is given). SKU scopes name their product in data.sku.product_id.
 */
export function readBigcommerceWebhook(
  body: unknown,
  opts: { storeHash?: string } = {},
): WebhookChange | null {
  if (!body || typeof body !== 'object') return null;
  const p = body as BigcommerceWebhookPayload;
  if (opts.storeHash && p.producer !== `stores/${opts.storeHash}`) return null;
  const scope = p.scope ?? '';
  if (scope.startsWith('store/product/')) {
    const id = p.data?.id;
    if (id === undefined || id === null || id === '') return null;
    return { productIds: [String(id)], deleted: scope === 'store/product/deleted' };
  }
  if (scope.startsWith('store/sku/')) {
    const id = p.data?.sku?.product_id;
    return id === undefined || id === null ? null : { productIds: [String(id)], deleted: false };
  }
  return null;
}

/** The POST /v3/hooks body registering one scope to our endpoint with our secret header. */
export function bigcommerceHookBody(scope: string, destination: string, secret: string) {
  return { scope, destination, is_active: true, headers: { [BIGCOMMERCE_WEBHOOK_HEADER]: secret } };
}

/**
 * The registry's reader (connectors/platforms.ts): a delivery must carry the secret the account's hooks were
 * registered with; then the product it names, when it is about this store (`producer: stores/{hash}`).
 */
export function readBigcommerceDelivery(delivery: WebhookDelivery, keys: WebhookKeys): WebhookEvent {
  if (!keys.secret || !verifyBigcommerceWebhook(delivery.headers, keys.secret))
    return { kind: 'invalid', reason: `${BIGCOMMERCE_WEBHOOK_HEADER} is missing or wrong` };
  let body: unknown;
  try {
    body = JSON.parse(delivery.body.toString('utf8'));
  } catch {
    return { kind: 'ignored' };
  }
  const storeHash = typeof keys.credentials?.storeHash === 'string' ? keys.credentials.storeHash : undefined;
  const change = readBigcommerceWebhook(body, { storeHash });
  return change ? { kind: 'products', productIds: change.productIds } : { kind: 'ignored' };
}
