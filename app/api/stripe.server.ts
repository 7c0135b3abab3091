import { z } from 'zod';
import type { User } from '../../server/accounts/index.ts';
import {
  CHECKOUT_MESSAGES,
  confirmCheckoutSession,
  deleteCard,
  ensureCustomer,
  getStripe,
  listCards,
  listInvoices,
  openBillingPortal,
  saveCardWithToken,
  startCardSetup,
  startStripeCheckout,
  updateCard,
} from '../../server/billing/index.ts';
import { conflict } from '../../server/platform/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';
import { Period } from './billing.server.ts';

const CardSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
  expired: z.boolean(),
  default: z.boolean(),
});
const InvoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().nullable(),
  amount: z.number(),
  currency: z.string(),
  created: z.string(),
  hosted_invoice_url: z.string().nullable(),
  invoice_pdf: z.string().nullable(),
});
const Redirect = z.object({ url: z.string() });

/** The Stripe client, or 409 naming why payment is unavailable (the plans still show without it). */
function stripeOf(runtime: Runtime) {
  const stripe = getStripe(runtime.config);
  if (!stripe || !runtime.config.stripeConfigured) throw conflict(CHECKOUT_MESSAGES.notConfigured);
  return stripe;
}

export const stripeSubscribeEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/stripe/subscriptions',
    summary:
      'Start paying for a plan: a Stripe Checkout page in subscription mode at the quoted price (SPEC §5, §9)',
    tags: ['billing', 'stripe'],
    auth: 'user',
    body: z.object({
      planId: z.string().trim().min(1).max(40),
      period: Period,
      coupon: z.string().trim().max(60).optional(),
    }),
    response: z.object({ url: z.string(), session_id: z.string() }),
    errors: [404, 409],
  },
  async ({ user, body, runtime }) => {
    const { url, session_id } = await startStripeCheckout({
      db: runtime.db,
      stripe: stripeOf(runtime),
      appUrl: runtime.config.appUrl,
      currency: runtime.config.STRIPE_CURRENCY,
      user,
      planId: body.planId,
      period: body.period,
      couponCode: body.coupon,
    });
    return { url, session_id };
  },
);

export const checkoutSessionEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/stripe/checkout-sessions/{sessionId}',
    summary:
      'What one of your Checkout pages did; a paid one is recorded at once, before its webhooks arrive',
    tags: ['billing', 'stripe'],
    auth: 'user',
    response: z.object({ status: z.string(), mode: z.string(), planId: z.string().nullable() }),
    errors: [404, 409],
  },
  async ({ user, params, runtime }) =>
    confirmCheckoutSession({
      db: runtime.db,
      stripe: stripeOf(runtime),
      user,
      sessionId: params.sessionId ?? '',
    }),
);

export const listCardsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/stripe/cards',
    summary: 'Your cards, with whether each has expired (SPEC §5)',
    tags: ['billing', 'stripe'],
    auth: 'user',
    response: z.object({ data: z.array(CardSchema) }),
    errors: [409],
  },
  async ({ user, runtime }) => ({ data: await listCards({ stripe: stripeOf(runtime), user }) }),
);

export const addCardEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/stripe/cards',
    summary:
      'Add a card, which becomes your default: save with token (SPEC §7) the card token the browser got from ' +
      "Stripe, answering your cards; without a token, Stripe's page in setup mode",
    tags: ['billing', 'stripe'],
    auth: 'user',
    body: z.object({ token: z.string().trim().max(255).optional() }),
    response: z.union([z.object({ data: z.array(CardSchema) }), Redirect]),
    errors: [400, 409],
  },
  async ({ user, body, runtime }) => {
    const stripe = stripeOf(runtime);
    const customerId = await ensureCustomer({ db: runtime.db, stripe, user });
    if (body.token) return { data: await saveCardWithToken({ stripe, customerId, token: body.token }) };
    return startCardSetup({
      stripe,
      customerId,
      userId: user.id,
      appUrl: runtime.config.appUrl,
      currency: runtime.config.STRIPE_CURRENCY,
    });
  },
);

const cardOwner = (user: User) => ({ stripeCustomerId: user.stripeCustomerId });

export const updateCardEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/stripe/cards/{cardId}',
    summary: "Change a card's expiry month and year",
    tags: ['billing', 'stripe'],
    auth: 'user',
    body: z.object({
      exp_month: z.coerce.number().int(),
      exp_year: z.coerce.number().int(),
    }),
    response: CardSchema,
    errors: [404, 409],
  },
  async ({ user, params, body, runtime }) =>
    updateCard({ stripe: stripeOf(runtime), user: cardOwner(user), cardId: params.cardId ?? '', ...body }),
);

export const deleteCardEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/stripe/cards/{cardId}',
    summary: 'Remove a card',
    tags: ['billing', 'stripe'],
    auth: 'user',
    response: z.object({ ok: z.literal(true) }),
    errors: [404, 409],
  },
  async ({ user, params, runtime }) => {
    await deleteCard({ stripe: stripeOf(runtime), user: cardOwner(user), cardId: params.cardId ?? '' });
    return { ok: true as const };
  },
);

export const billingPortalEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/stripe/portal',
    summary: "Stripe's Customer Portal: invoices, cancellation and cards",
    tags: ['billing', 'stripe'],
    auth: 'user',
    response: Redirect,
    errors: [409],
  },
  async ({ user, runtime }) =>
    openBillingPortal({ stripe: stripeOf(runtime), user: cardOwner(user), appUrl: runtime.config.appUrl }),
);

export const listInvoicesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/stripe/invoices',
    summary: 'Your invoices, latest first',
    tags: ['billing', 'stripe'],
    auth: 'user',
    response: z.object({ data: z.array(InvoiceSchema) }),
    errors: [409],
  },
  async ({ user, runtime }) => ({
    data: await listInvoices({ stripe: stripeOf(runtime), user: cardOwner(user) }),
  }),
);
