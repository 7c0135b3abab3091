import { randomBytes } from 'node:crypto';

/**
 * Stripe's object shapes (API version of the installed `stripe` package: periods on subscription items,
 * invoices naming their subscription under parent.subscription_details) and its form encoding, for FakeStripe.
 */

export type Obj = Record<string, any>;

/** Stripe-style ids: a prefix and random characters. */
export const stripeId = (prefix: string) =>
  `${prefix}_test_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

/** Decode Stripe's form encoding (`a[b][0][c]=v`, as the stripe client writes it) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key = Array.isArray(node) ? Number(part) : part;
      if (last) node[key] = value;
      else {
        node[key] ??= nextIsIndex ? [] : {};
        node = node[key];
      }
    });
  }
  return root;
}

export const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url });

/** A Stripe error body and its status. */
export function stripeError(status: number, message: string, extra: Obj = {}) {
  const type =
    status === 401 ? 'invalid_request_error' : status === 402 ? 'card_error' : 'invalid_request_error';
  return { status, body: { error: { type, message, ...extra } } };
}

export const missing = (kind: string, id: string, param = 'id') =>
  stripeError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/** One calendar month or year after `t` (Unix seconds), as Stripe bills. */
export function periodEnd(t: number, interval: string): number {
  const d = new Date(t * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

export function cardFromNumber(number: string, expMonth: number, expYear: number) {
  const digits = number.replace(/\D/g, '');
  const brand = digits.startsWith('4')
    ? 'visa'
    : /^5[1-5]/.test(digits)
      ? 'mastercard'
      : /^3[47]/.test(digits)
        ? 'amex'
        : 'unknown';
  return {
    brand,
    last4: digits.slice(-4),
    exp_month: expMonth,
    exp_year: expYear,
    country: 'US',
    funding: 'credit',
    display_brand: brand,
    fingerprint: randomBytes(8).toString('hex'),
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    networks: { available: [brand], preferred: null },
    wallet: null,
    three_d_secure_usage: { supported: true },
    regulated_status: 'unregulated',
  };
}

export function paymentMethodObject(opts: { customer: string | null; card: Obj; created: number }) {
  return {
    id: stripeId('pm'),
    object: 'payment_method',
    allow_redisplay: 'always',
    billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
    card: opts.card,
    created: opts.created,
    customer: opts.customer,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
}

export function subscriptionObject(opts: {
  customer: string;
  price: Obj;
  created: number;
  metadata: Obj;
  discount: Obj | null;
  paymentMethod: string | null;
}) {
  const id = stripeId('sub');
  const end = periodEnd(opts.created, opts.price.recurring?.interval ?? 'month');
  return {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: opts.created,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: opts.created,
    currency: opts.price.currency,
    customer: opts.customer,
    default_payment_method: opts.paymentMethod,
    description: null,
    discounts: opts.discount ? [opts.discount.id] : [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: stripeId('si'),
          object: 'subscription_item',
          created: opts.created,
          current_period_start: opts.created,
          current_period_end: end,
          discounts: [],
          metadata: {},
          price: opts.price,
          quantity: 1,
          subscription: id,
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null as string | null,
    livemode: false,
    metadata: opts.metadata,
    pause_collection: null,
    start_date: opts.created,
    status: 'active',
    trial_end: null,
    trial_start: null,
  };
}

export function invoiceObject(opts: {
  baseUrl: string;
  number: string;
  subscription: Obj;
  amount: number;
  discountAmount: number;
  paid: boolean;
  created: number;
  reason: string;
}) {
  const item = opts.subscription.items.data[0];
  const id = stripeId('in');
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    amount_due: opts.amount,
    amount_paid: opts.paid ? opts.amount : 0,
    amount_remaining: opts.paid ? 0 : opts.amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: opts.reason,
    collection_method: 'charge_automatically',
    created: opts.created,
    currency: item.price.currency,
    customer: opts.subscription.customer,
    discounts: opts.subscription.discounts,
    hosted_invoice_url: `${opts.baseUrl}/invoice/${id}`,
    invoice_pdf: `${opts.baseUrl}/invoice/${id}/pdf`,
    lines: {
      object: 'list',
      data: [
        {
          id: stripeId('il'),
          object: 'line_item',
          amount: opts.amount + opts.discountAmount,
          currency: item.price.currency,
          description: `1 × ${item.price.nickname ?? item.price.metadata?.title ?? 'Plan'}`,
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            price_details: { price: item.price.id, product: item.price.product },
            type: 'price_details',
          },
          quantity: 1,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: opts.paid ? null : opts.created + 3 * 86_400,
    number: opts.number,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: opts.subscription.metadata, subscription: opts.subscription.id },
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    status: opts.paid ? 'paid' : 'open',
    status_transitions: { paid_at: opts.paid ? opts.created : null, finalized_at: opts.created },
    subtotal: opts.amount + opts.discountAmount,
    total: opts.amount,
    total_discount_amounts: opts.discountAmount
      ? [{ amount: opts.discountAmount, discount: opts.subscription.discounts[0] ?? null }]
      : [],
  };
}
