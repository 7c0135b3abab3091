import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookDelivery, WebhookEvent } from '../types.ts';

/** X-WC-Webhook-Signature: the base64 HMAC-SHA256 of the raw body, keyed with the webhook's secret. */
export function wooWebhookSignature(body: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/**
 * Read a WooCommerce webhook delivery. When a webhook is created, WooCommerce first posts
 * `webhook_id=<id>` unsigned to the delivery URL and refuses to save the webhook unless it answers 2xx: that ping
 * is answered and nothing else is done. Every other delivery must carry a valid signature; a product topic names
 * the product (its body is the product, or `{ id }` for product.deleted).
 */
export function readWooWebhook(delivery: WebhookDelivery, secret: string): WebhookEvent {
  const signature = delivery.headers['x-wc-webhook-signature'];
  if (!signature) {
    if (/^webhook_id=\d+$/.test(delivery.body.toString('utf8').trim())) return { kind: 'ping' };
    return { kind: 'invalid', reason: 'X-WC-Webhook-Signature is missing' };
  }
  const expected = Buffer.from(wooWebhookSignature(delivery.body, secret));
  const given = Buffer.from(signature.trim());
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { kind: 'invalid', reason: 'X-WC-Webhook-Signature does not match the body' };
  const topic = delivery.headers['x-wc-webhook-topic'] ?? '';
  if (!topic.startsWith('product.')) return { kind: 'ignored' };
  let body: unknown;
  try {
    body = JSON.parse(delivery.body.toString('utf8'));
  } catch {
    return { kind: 'ignored' };
  }
  const id = (body as { id?: unknown } | null)?.id;
  if (
    (typeof id === 'number' && Number.isInteger(id) && id > 0) ||
    (typeof id === 'string' && /^\d+$/.test(id))
  )
    return { kind: 'products', productIds: [String(id)] };
  return { kind: 'ignored' };
}
