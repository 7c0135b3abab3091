import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookChange, WebhookDelivery, WebhookEvent, WebhookKeys } from '../types.ts';

/*
 * Ecwid signs each webhook: X-Ecwid-Webhook-Signature is base64(HMAC-SHA256("{eventCreated}.{eventId}",
 * client_secret)), the client_secret of the app the webhooks are configured for (not its access token). The body
 * names the store (storeId), the entity (entityId) and what happened (eventType); the product is read again.
 */

export const ECWID_SIGNATURE_HEADER = 'X-Ecwid-Webhook-Signature';

export type EcwidWebhookBody = {
  eventId?: string;
  eventCreated?: number;
  storeId?: number | string;
  entityId?: number | string;
  eventType?: string;
  data?: unknown;
};

const parse = (body: string | object): EcwidWebhookBody | null => {
  if (typeof body !== 'string') return body as EcwidWebhookBody;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as EcwidWebhookBody) : null;
  } catch {
    return null;
  }
};

/** The signature Ecwid sends for this event, with this client secret. */
export function ecwidWebhookSignature(
  event: Pick<EcwidWebhookBody, 'eventCreated' | 'eventId'>,
  clientSecret: string,
): string {
  return createHmac('sha256', clientSecret).update(`${event.eventCreated}.${event.eventId}`).digest('base64');
}

/** Whether a delivery (its raw body or parsed JSON) carries the signature of our client secret. */
export function verifyEcwidWebhook(
  body: string | object,
  signature: string | null | undefined,
  clientSecret: string | null | undefined,
): boolean {
  const event = parse(body);
  if (!event || !signature || !clientSecret) return false;
  if (event.eventCreated === undefined || !event.eventId) return false;
  const expected = Buffer.from(ecwidWebhookSignature(event, clientSecret));
  const got = Buffer.from(signature.trim());
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/**
 * The products a delivery changed (product.created, product.updated, product.deleted), or null for other events
 * and, when `storeId` is given, for another store's.
 */
export function readEcwidWebhook(
  body: string | object,
  opts: { storeId?: string } = {},
): WebhookChange | null {
  const event = parse(body);
  if (!event || typeof event.eventType !== 'string' || !event.eventType.startsWith('product.')) return null;
  if (opts.storeId && String(event.storeId) !== String(opts.storeId)) return null;
  if (event.entityId === undefined || event.entityId === null || event.entityId === '') return null;
  return { productIds: [String(event.entityId)], deleted: event.eventType === 'product.deleted' };
}

/**
 * The registry's reader (connectors/platforms.ts): the signature is checked with the client secret of the app
 * the store's webhooks belong to (the merchant's custom app's, from the credentials, else the operator's Ecwid
 * app, ECWID_CLIENT_SECRET); then the product it names, when it is about this store.
 */
export function readEcwidDelivery(delivery: WebhookDelivery, keys: WebhookKeys): WebhookEvent {
  const own = keys.credentials?.clientSecret;
  const clientSecret = (typeof own === 'string' && own) || keys.appKeys?.clientSecret || null;
  if (!clientSecret) return { kind: 'invalid', reason: 'No client secret to check the signature with' };
  const text = delivery.body.toString('utf8');
  if (!verifyEcwidWebhook(text, delivery.headers[ECWID_SIGNATURE_HEADER.toLowerCase()], clientSecret))
    return { kind: 'invalid', reason: `${ECWID_SIGNATURE_HEADER} is missing or does not match` };
  const storeId = keys.credentials?.storeId;
  const change = readEcwidWebhook(text, {
    storeId: typeof storeId === 'string' || typeof storeId === 'number' ? String(storeId) : undefined,
  });
  return change ? { kind: 'products', productIds: change.productIds } : { kind: 'ignored' };
}
