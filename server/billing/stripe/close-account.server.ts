import { and, eq, inArray } from 'drizzle-orm';
import { isInForce } from '../../../core/billing/index.ts';
import type { Db } from '../../../db/client.ts';
import { subscriptions } from '../../../db/schema.ts';
import { conflict, type Config } from '../../platform/index.ts';
import { getStripe } from './client.server.ts';

export const CLOSE_ACCOUNT_MESSAGES = {
  shopify:
    'This account pays through Shopify: uninstall the app from your Shopify admin, which closes the account and ends the subscription.',
  stripeUnreachable:
    'We could not cancel your subscription with Stripe just now, so your account was not closed. Please try again in a few minutes.',
} as const;

/**
 * Before an account is closed: its Stripe subscriptions still billing (active, past due, or set to end at the
 * period's end) are cancelled at Stripe now, so nothing is charged after the account is gone. A subscription
 * Shopify bills cannot be ended from here (409: the merchant uninstalls the app). When Stripe cannot be reached,
 * nothing is deleted (409), so no merchant is left billed for an account that no longer exists.
 */
export async function cancelBillingForClosing(opts: {
  db: Db;
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>;
  userId: string;
  now?: Date;
}): Promise<{ cancelled: string[] }> {
  const now = opts.now ?? new Date();
  const rows = await opts.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, opts.userId),
        inArray(subscriptions.type, ['stripe', 'shopify']),
        inArray(subscriptions.status, ['active', 'past_due', 'pending']),
      ),
    );
  const live = rows.filter((r) => r.status === 'pending' || isInForce(r, now));
  if (live.some((r) => r.type === 'shopify')) throw conflict(CLOSE_ACCOUNT_MESSAGES.shopify);
  const stripeRows = live.filter((r) => r.type === 'stripe' && r.externalId);
  if (!stripeRows.length) return { cancelled: [] };
  const stripe = getStripe(opts.config);
  if (!stripe) throw conflict(CLOSE_ACCOUNT_MESSAGES.stripeUnreachable);
  const cancelled: string[] = [];
  for (const row of stripeRows) {
    try {
      await stripe.subscriptions.cancel(row.externalId!);
    } catch (err) {
      const code = (err as { code?: string }).code;
      // Already gone at Stripe (cancelled there, or never existed in this mode): nothing left to bill.
      if (code !== 'resource_missing') throw conflict(CLOSE_ACCOUNT_MESSAGES.stripeUnreachable);
    }
    await opts.db
      .update(subscriptions)
      .set({ status: 'cancelled', externalStatus: 'canceled', updatedAt: now })
      .where(eq(subscriptions.id, row.id));
    cancelled.push(row.externalId!);
  }
  return { cancelled };
}
