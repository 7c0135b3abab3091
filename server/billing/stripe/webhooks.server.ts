import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client.ts';
import { handleDeliveryOnce } from '../../../db/deliveries.ts';
import { users } from '../../../db/schema.ts';
import type { Mailer } from '../../mail/index.ts';
import { badRequest, type Logger } from '../../platform/index.ts';
import { markPastDue } from '../provider-subscriptions.server.ts';
import type { Stripe as StripeClient } from './client.server.ts';
import { applyStripeSubscription, userForCustomer } from './subscriptions.server.ts';

export const STRIPE_WEBHOOK_MESSAGES = {
  signature: 'The Stripe-Signature header does not match this body.',
} as const;

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/** The subscription an invoice bills (this API version names it under parent.subscription_details). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

async function mailMerchant(db: Db, mailer: Mailer, userId: string | null, subject: string, text: string) {
  if (!userId) return;
  const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (u?.email) await mailer.send({ to: u.email, subject, text });
}

/**
 * POST /webhooks/stripe: the signature is checked with STRIPE_WEBHOOK_SECRET (400 otherwise), each event id is
 * acted on once (a replay is answered and changes nothing), and subscription states carry the event's time so
 * an older event arriving after a newer one changes nothing. Subscription events are applied as Stripe sent
 * them; invoice and checkout events read the subscription's current state from Stripe.
 */
export async function handleStripeWebhook(opts: {
  db: Db;
  stripe: StripeClient;
  webhookSecret: string;
  payload: string;
  signature: string | null;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}): Promise<{ duplicate: boolean; busy?: boolean; type: string }> {
  let event: Stripe.Event;
  try {
    event = opts.stripe.webhooks.constructEvent(opts.payload, opts.signature ?? '', opts.webhookSecret);
  } catch {
    throw badRequest(STRIPE_WEBHOOK_MESSAGES.signature, [
      { path: ['Stripe-Signature'], message: 'invalid signature' },
    ]);
  }
  const result = await handleDeliveryOnce(opts.db, { id: `stripe:${event.id}`, topic: event.type }, () =>
    actOnEvent(opts, event),
  );
  return { ...result, type: event.type };
}

async function actOnEvent(
  opts: Parameters<typeof handleStripeWebhook>[0],
  event: Stripe.Event,
): Promise<void> {
  const { db, stripe } = opts;
  const eventAt = new Date(event.created * 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const { applied } = await applyStripeSubscription(db, event.data.object, eventAt);
      if (!applied)
        opts.logger.info({ event: event.id, type: event.type }, 'stripe event older than the state we hold');
      break;
    }
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription' && session.subscription) {
        const sub = await stripe.subscriptions.retrieve(idOf(session.subscription)!);
        await applyStripeSubscription(db, sub, eventAt);
      } else if (session.mode === 'setup' && session.setup_intent) {
        const intent = await stripe.setupIntents.retrieve(idOf(session.setup_intent)!);
        const pm = idOf(intent.payment_method);
        const customer = idOf(session.customer);
        if (pm && customer)
          await stripe.customers.update(customer, { invoice_settings: { default_payment_method: pm } });
      }
      break;
    }
    case 'invoice.paid': {
      const subId = invoiceSubscription(event.data.object);
      if (subId) await applyStripeSubscription(db, await stripe.subscriptions.retrieve(subId), eventAt);
      break;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subId = invoiceSubscription(invoice);
      const userId = subId ? await markPastDue(db, { type: 'stripe', externalId: subId, eventAt }) : null;
      await mailMerchant(
        db,
        opts.mailer,
        userId ?? (await userForCustomer(db, idOf(invoice.customer))),
        'Your Catalog Builder payment failed',
        `We could not charge your card for your Catalog Builder subscription.\n\n` +
          `Stripe will try again in a few days. To keep your plan, update your card:\n${opts.appUrl}/cards\n`,
      );
      break;
    }
    case 'customer.subscription.trial_will_end': {
      const sub = event.data.object;
      const end = sub.trial_end ? new Date(sub.trial_end * 1000).toUTCString() : 'soon';
      await mailMerchant(
        db,
        opts.mailer,
        await userForCustomer(db, idOf(sub.customer), sub.metadata.userId),
        'Your Catalog Builder trial ends soon',
        `Your trial ends ${end}. Your card will be charged then and your catalogs stay as they are.\n\n` +
          `Review your plan: ${opts.appUrl}/dashboard\n`,
      );
      break;
    }
    default:
      opts.logger.info({ event: event.id, type: event.type }, 'unhandled stripe event');
  }
}
