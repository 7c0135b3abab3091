import { eq, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { webhookDeliveries } from './schema.ts';

/** How long a delivery may stay 'processing' before a redelivery takes it over (its process died). */
const DELIVERY_CLAIM_MINUTES = 5;

export type DeliveryClaim = 'claimed' | 'done' | 'busy';

/**
 * Claim a webhook delivery (Shopify's webhook id, Stripe's event id) before acting on it, so a redelivery
 * arriving while the first runs does not run twice: 'claimed' (ours to handle), 'done' (handled before) or
 * 'busy' (another process is on it right now). Only ids are kept, never payloads.
 */
export async function claimDelivery(
  db: Db,
  delivery: { id: string; topic: string; shop?: string | null },
): Promise<DeliveryClaim> {
  const [claimed] = await db
    .insert(webhookDeliveries)
    .values({ id: delivery.id, topic: delivery.topic, shop: delivery.shop ?? null, state: 'processing' })
    .onConflictDoUpdate({
      target: webhookDeliveries.id,
      set: { receivedAt: sql`now()` },
      setWhere: sql`${webhookDeliveries.state} = 'processing' and ${webhookDeliveries.receivedAt} < now() - make_interval(mins => ${DELIVERY_CLAIM_MINUTES})`,
    })
    .returning({ id: webhookDeliveries.id });
  if (claimed) return 'claimed';
  const [row] = await db
    .select({ state: webhookDeliveries.state })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, delivery.id));
  return row?.state === 'done' ? 'done' : 'busy';
}

/** Run `act` once per delivery: skipped when handled before, released for a retry when it fails. */
export async function handleDeliveryOnce(
  db: Db,
  delivery: { id: string; topic: string; shop?: string | null },
  act: () => Promise<void>,
): Promise<{ duplicate: boolean; busy?: boolean }> {
  const claim = await claimDelivery(db, delivery);
  if (claim !== 'claimed') return { duplicate: true, busy: claim === 'busy' };
  try {
    await act();
  } catch (err) {
    await db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    throw err;
  }
  await db.update(webhookDeliveries).set({ state: 'done' }).where(eq(webhookDeliveries.id, delivery.id));
  return { duplicate: false };
}
