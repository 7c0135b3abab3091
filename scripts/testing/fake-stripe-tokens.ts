import {
  cardFromNumber,
  missing,
  paymentMethodObject,
  stripeError,
  stripeId,
  type Obj,
} from './fake-stripe-objects.ts';

type Answer = { status: number; body: unknown };

/** Stripe's test card numbers the fake knows, and what attaching a card of that number does. */
const TEST_CARDS: Record<string, { attach?: { code: string; decline_code?: string; message: string } }> = {
  '4242424242424242': {},
  '4000056655665556': {},
  '5555555555554444': {},
  '2223003122003222': {},
  '5200828282828210': {},
  '378282246310005': {},
  '371449635398431': {},
  '6011111111111117': {},
  '3056930009020004': {},
  '3566002020360505': {},
  '6200000000000005': {},
  // Tokens are made; attaching the card to a customer fails as Stripe's test cards say.
  '4000000000000002': {
    attach: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000000069': {
    attach: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000127': {
    attach: {
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: "Your card's security code is incorrect.",
    },
  },
};

const LEGACY_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  unknown: 'Unknown',
};

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
    sum += n;
  }
  return sum % 10 === 0;
}

/**
 * POST /v1/tokens with `card[...]` as Stripe.js v2's `Stripe.card.createToken` sent it (publishable key): the
 * checks Stripe makes when it tokenizes (number, expiry, CVC, live cards refused in test mode), with Stripe's
 * error codes and messages, or a `tok_` token carrying a `card_` object.
 */
export function createCardToken(tokens: Map<string, Obj>, p: Obj, now: number): Answer {
  const card: Obj = p.card ?? {};
  const number = String(card.number ?? '').replace(/\s/g, '');
  if (!number) return stripeError(400, 'Missing required param: card[number].', { param: 'card[number]' });
  const err = (code: string, message: string, param: string, extra: Obj = {}) =>
    stripeError(402, message, {
      code,
      param,
      doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`,
      ...extra,
    });
  if (!/^\d{12,19}$/.test(number) || !luhn(number))
    return err('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  const today = new Date(now * 1000);
  if (!(Number.isInteger(month) && month >= 1 && month <= 12))
    return err('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  if (!Number.isInteger(year) || year < today.getUTCFullYear())
    return err('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
    return err('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const cvc = String(card.cvc ?? '');
  if (!/^\d{3,4}$/.test(cvc)) return err('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  if (!(number in TEST_CARDS))
    return err(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      '',
      { decline_code: 'test_mode_live_card' },
    );
  const pm = cardFromNumber(number, month, year);
  const token = {
    id: stripeId('tok'),
    object: 'token',
    card: {
      id: stripeId('card'),
      object: 'card',
      address_city: null,
      address_country: null,
      address_line1: null,
      address_line1_check: null,
      address_line2: null,
      address_state: null,
      address_zip: null,
      address_zip_check: null,
      brand: LEGACY_BRANDS[pm.brand] ?? 'Unknown',
      country: pm.country,
      cvc_check: 'unchecked',
      dynamic_last4: null,
      exp_month: month,
      exp_year: year,
      fingerprint: pm.fingerprint,
      funding: pm.funding,
      last4: pm.last4,
      metadata: {},
      name: card.name || null,
      tokenization_method: null,
      wallet: null,
    },
    client_ip: '127.0.0.1',
    created: now,
    livemode: false,
    type: 'card',
    used: false,
    _number: number,
  };
  tokens.set(token.id, token);
  const { _number, ...body } = token;
  return { status: 200, body };
}

/**
 * POST /v1/customers/{id}/sources with `source=tok_…`: the token's card joins the customer (once: a token is
 * single use), listed among its payment methods under its `card_` id; the test cards that decline on attach do.
 */
export function attachSource(
  stores: { tokens: Map<string, Obj>; customers: Map<string, Obj>; paymentMethods: Map<string, Obj> },
  customerId: string,
  p: Obj,
  now: number,
): Answer {
  const customer = stores.customers.get(customerId);
  if (!customer) return missing('customer', customerId);
  const tokenId = String(p.source ?? '');
  if (!tokenId) return stripeError(400, 'Missing required param: source.', { param: 'source' });
  const token = stores.tokens.get(tokenId);
  if (!token) return missing('token', tokenId, 'source');
  if (token.used)
    return stripeError(400, `You cannot use a Stripe token more than once: ${tokenId}.`, {
      code: 'token_already_used',
      param: 'source',
    });
  token.used = true;
  const decline = TEST_CARDS[token._number]?.attach;
  if (decline) return stripeError(402, decline.message, { ...decline, param: '' });
  const card = { ...structuredClone(token.card), customer: customerId, cvc_check: 'pass' };
  const pm = paymentMethodObject({
    customer: customerId,
    card: cardFromNumber(token._number, card.exp_month, card.exp_year),
    created: now,
  });
  pm.id = card.id;
  pm.billing_details.name = card.name;
  stores.paymentMethods.set(pm.id, pm);
  customer.default_source ??= card.id;
  return { status: 200, body: card };
}

/** POST and DELETE /v1/customers/{id}/sources/{card}: a new expiry, or the card leaves the customer. */
export function changeSource(
  stores: { paymentMethods: Map<string, Obj>; customers: Map<string, Obj> },
  method: string,
  customerId: string,
  cardId: string,
  p: Obj,
): Answer {
  const pm = stores.paymentMethods.get(cardId);
  if (!pm || pm.customer !== customerId) return missing('source', cardId);
  if (method === 'DELETE') {
    pm.customer = null;
    const customer = stores.customers.get(customerId);
    if (customer?.default_source === cardId) customer.default_source = null;
    if (customer?.invoice_settings.default_payment_method === cardId)
      customer.invoice_settings.default_payment_method = null;
    return { status: 200, body: { id: cardId, object: 'card', deleted: true } };
  }
  const month = Number(p.exp_month ?? pm.card.exp_month);
  const year = Number(p.exp_year ?? pm.card.exp_year);
  if (!(month >= 1 && month <= 12))
    return stripeError(402, "Your card's expiration month is invalid.", {
      code: 'invalid_expiry_month',
      param: 'exp_month',
    });
  if (year < new Date().getUTCFullYear())
    return stripeError(402, "Your card's expiration year is invalid.", {
      code: 'invalid_expiry_year',
      param: 'exp_year',
    });
  Object.assign(pm.card, { exp_month: month, exp_year: year });
  return {
    status: 200,
    body: {
      id: cardId,
      object: 'card',
      customer: customerId,
      exp_month: month,
      exp_year: year,
      last4: pm.card.last4,
    },
  };
}
