import { cardExpiryProblems, isCardExpired } from '../../../core/billing/index.ts';
import { ApiError, badRequest, conflict, notFound } from '../../platform/index.ts';
import type { Stripe } from './client.server.ts';

/** SPEC §3 Card, with what the card screen shows. */
export type CardView = {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  expired: boolean;
  default: boolean;
};

export const CARD_MESSAGES = {
  notFound: 'This card was not found.',
  month: 'Choose a month from 1 to 12.',
  year: 'Enter the year printed on the card.',
  expired: 'This card has expired.',
  noCustomer: 'You have no card on file yet.',
  saveFailed: 'We could not save your card. Please check its details and try again.',
  token: 'Send the card token Stripe answered (tok_…).',
} as const;

type Owner = { stripeCustomerId: string | null };

async function defaultCardOf(stripe: Stripe, customerId: string): Promise<string | null> {
  const customer = await stripe.customers.retrieve(customerId);
  if ('deleted' in customer && customer.deleted) return null;
  const pm = customer.invoice_settings?.default_payment_method;
  return typeof pm === 'string' ? pm : (pm?.id ?? null);
}

/** The merchant's cards: the payment methods of their own Stripe customer only. */
export async function listCards(opts: { stripe: Stripe; user: Owner; now?: Date }): Promise<CardView[]> {
  const customer = opts.user.stripeCustomerId;
  if (!customer) return [];
  const now = opts.now ?? new Date();
  const [methods, defaultId] = await Promise.all([
    opts.stripe.customers.listPaymentMethods(customer, { type: 'card', limit: 100 }),
    defaultCardOf(opts.stripe, customer),
  ]);
  return methods.data
    .filter((m) => m.card)
    .map((m) => ({
      id: m.id,
      brand: m.card!.brand,
      last4: m.card!.last4,
      exp_month: m.card!.exp_month,
      exp_year: m.card!.exp_year,
      expired: isCardExpired(m.card!, now),
      default: m.id === defaultId,
    }));
}

/** A Stripe error about what the merchant sent (a card refused, a token unknown or used): its own message, 400. */
function refusedByStripe(err: unknown, field: string): never {
  const e = err as { type?: string; message?: string; param?: string };
  if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError')
    throw badRequest(e.message ?? CARD_MESSAGES.saveFailed, [
      { path: [e.param || field], message: e.message ?? '' },
    ]);
  throw err;
}

/** A card added with a token (SPEC §7 save with token) is a customer source: its id starts `card_`. */
const isSource = (cardId: string) => cardId.startsWith('card_');

/** A card of this merchant's customer, or 404: another merchant's card id finds nothing. */
async function ownedCard(stripe: Stripe, user: Owner, cardId: string) {
  if (!user.stripeCustomerId || !/^(pm|card)_[A-Za-z0-9_]{1,200}$/.test(cardId))
    throw notFound(CARD_MESSAGES.notFound);
  try {
    const pm = await stripe.paymentMethods.retrieve(cardId);
    const owner = typeof pm.customer === 'string' ? pm.customer : pm.customer?.id;
    if (owner !== user.stripeCustomerId || !pm.card) throw notFound(CARD_MESSAGES.notFound);
    return pm;
  } catch (err) {
    if ((err as { code?: string }).code === 'resource_missing') throw notFound(CARD_MESSAGES.notFound);
    throw err;
  }
}

/** SPEC §7 PUT stripe/cards/{cardId}: a new expiry month and year, checked as SPEC §5 says before Stripe sees it. */
export async function updateCard(opts: {
  stripe: Stripe;
  user: Owner;
  cardId: string;
  exp_month: number;
  exp_year: number;
  now?: Date;
}): Promise<CardView> {
  const problems = cardExpiryProblems(opts, opts.now ?? new Date());
  if (problems.length) {
    const details = problems.map((p) => ({ path: [p.field], message: CARD_MESSAGES[p.problem] }));
    throw badRequest(`${problems[0]!.field}: ${CARD_MESSAGES[problems[0]!.problem]}`, details);
  }
  await ownedCard(opts.stripe, opts.user, opts.cardId);
  const expiry = { exp_month: opts.exp_month, exp_year: opts.exp_year };
  try {
    if (isSource(opts.cardId))
      await opts.stripe.customers.updateSource(opts.user.stripeCustomerId!, opts.cardId, {
        exp_month: String(expiry.exp_month),
        exp_year: String(expiry.exp_year),
      });
    else await opts.stripe.paymentMethods.update(opts.cardId, { card: expiry });
  } catch (err) {
    refusedByStripe(err, 'card');
  }
  const cards = await listCards(opts);
  return cards.find((c) => c.id === opts.cardId)!;
}

/** SPEC §7 delete with cardId: the card leaves the merchant's customer. */
export async function deleteCard(opts: { stripe: Stripe; user: Owner; cardId: string }): Promise<void> {
  await ownedCard(opts.stripe, opts.user, opts.cardId);
  if (isSource(opts.cardId))
    await opts.stripe.customers.deleteSource(opts.user.stripeCustomerId!, opts.cardId);
  else await opts.stripe.paymentMethods.detach(opts.cardId);
}

/**
 * SPEC §7 save with token: the card token the browser got from Stripe with the publishable key (the number never
 * came here) joins the merchant's own customer and becomes the card their invoices are paid with. Stripe's
 * refusal (an unknown or used token, a card declined on attach) is a 400 with Stripe's message.
 */
export async function saveCardWithToken(opts: {
  stripe: Stripe;
  customerId: string;
  token: string;
}): Promise<CardView[]> {
  if (!/^tok_[A-Za-z0-9_]{1,200}$/.test(opts.token))
    throw badRequest(`token: ${CARD_MESSAGES.token}`, [{ path: ['token'], message: CARD_MESSAGES.token }]);
  let cardId: string;
  try {
    const source = await opts.stripe.customers.createSource(opts.customerId, { source: opts.token });
    cardId = source.id;
  } catch (err) {
    refusedByStripe(err, 'token');
  }
  await opts.stripe.customers.update(opts.customerId, {
    invoice_settings: { default_payment_method: cardId },
  });
  return listCards({ stripe: opts.stripe, user: { stripeCustomerId: opts.customerId } });
}

/** A new card entered on Stripe's page (Checkout in setup mode): the way without a publishable key. */
export async function startCardSetup(opts: {
  stripe: Stripe;
  customerId: string;
  userId: string;
  appUrl: string;
  currency: string;
}): Promise<{ url: string }> {
  const session = await opts.stripe.checkout.sessions.create({
    mode: 'setup',
    customer: opts.customerId,
    currency: opts.currency,
    client_reference_id: opts.userId,
    success_url: `${opts.appUrl}/cards?added=1&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${opts.appUrl}/cards`,
  });
  if (!session.url) throw new ApiError('internal', 'Stripe did not answer a page to add the card.');
  return { url: session.url };
}

/** Stripe's Customer Portal: invoices, cancellation and cards, back to the dashboard. */
export async function openBillingPortal(opts: { stripe: Stripe; user: Owner; appUrl: string }) {
  if (!opts.user.stripeCustomerId) throw conflict(CARD_MESSAGES.noCustomer);
  const portal = await opts.stripe.billingPortal.sessions.create({
    customer: opts.user.stripeCustomerId,
    return_url: `${opts.appUrl}/dashboard`,
  });
  return { url: portal.url };
}

export type InvoiceView = {
  id: string;
  number: string | null;
  status: string | null;
  amount: number;
  currency: string;
  created: string;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
};

/** The merchant's Stripe invoices, latest first. */
export async function listInvoices(opts: {
  stripe: Stripe;
  user: Owner;
  limit?: number;
}): Promise<InvoiceView[]> {
  if (!opts.user.stripeCustomerId) return [];
  const invoices = await opts.stripe.invoices.list({
    customer: opts.user.stripeCustomerId,
    limit: opts.limit ?? 12,
  });
  return invoices.data.map((i) => ({
    id: i.id!,
    number: i.number,
    status: i.status,
    amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
    currency: i.currency,
    created: new Date(i.created * 1000).toISOString(),
    hosted_invoice_url: i.hosted_invoice_url ?? null,
    invoice_pdf: i.invoice_pdf ?? null,
  }));
}
