import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, subscriptions, users } from '../../db/schema.ts';
import { FakeStripe } from '../../scripts/testing/fake-stripe.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
const stripe = new FakeStripe();
const DAY = 86_400_000;
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer(stripe.env());
  stripe.webhookUrl = `${server.url}/webhooks/stripe`;
  await server.runtime.db.insert(coupons).values([
    { id: 'SAVE20', percentOff: 20, valid: true },
    { id: 'SAVEYR30', percentOff: 30, valid: true },
    { id: 'OLD50', percentOff: 50, valid: false },
  ]);
});
afterAll(async () => {
  await server?.close();
  await stripe.stop();
});

async function userOf(email: string) {
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  return u!;
}
/** End the merchant's trial, as if it ran out a day ago. */
async function endTrial(email: string) {
  await server.runtime.db
    .update(subscriptions)
    .set({ startDate: new Date(Date.now() - 15 * DAY) })
    .where(and(eq(subscriptions.userId, (await userOf(email)).id), eq(subscriptions.isTrial, true)));
}
async function stripeRow(email: string) {
  const [row] = await server.runtime.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, (await userOf(email)).id), eq(subscriptions.type, 'stripe')));
  return row!;
}

/** A merchant who paid for `planId` through Checkout; answers their client and Stripe subscription id. */
async function paidMerchant(email: string, planId = 'BUSINESS', period = 'monthly', coupon?: string) {
  const c = await registeredClient(server.url, email);
  const res = await c.post('/api/v1/stripe/subscriptions', { planId, period, coupon });
  expect(res.status).toBe(200);
  const { url, session_id } = await res.json();
  expect(url).toBe(`${stripe.url}/checkout/${session_id}`);
  await stripe.completeSession(session_id, CARD);
  const session = stripe.sessions.get(session_id)!;
  return { c, sessionId: session_id as string, subscriptionId: session.subscription as string };
}

describe('Stripe Checkout (SPEC §5 coupons, §9 prices)', () => {
  it('charges the coupon price through Checkout and records the plan from the signed webhooks', async () => {
    const { c, sessionId, subscriptionId } = await paidMerchant(
      'payer@example.com',
      'BUSINESS',
      'monthly',
      'SAVE20',
    );
    // 69 × (1 − 20/100) = 55.2, rounded to 55: the Stripe coupon takes off exactly the 14 in between.
    const session = stripe.sessions.get(sessionId)!;
    expect(stripe.coupons.get(session.discounts[0].coupon)).toMatchObject({
      amount_off: 1400,
      currency: 'usd',
    });
    expect(stripe.prices.get(session._line_items[0].price)).toMatchObject({
      unit_amount: 6900,
      recurring: { interval: 'month' },
    });
    expect(stripe.deliveries.map((d) => [d.event.type, d.status])).toEqual([
      ['customer.subscription.created', 200],
      ['invoice.paid', 200],
      ['checkout.session.completed', 200],
    ]);
    expect(await stripeRow('payer@example.com')).toMatchObject({
      planId: 'BUSINESS',
      externalId: subscriptionId,
      status: 'active',
      period: 'monthly',
      amount: 55,
      couponId: 'SAVE20',
    });
    const me = await (await c.get('/loggedin')).json();
    expect(me.subscription).toMatchObject({ plan: 'BUSINESS', hasExpired: false });
    expect(await (await c.get(`/api/v1/stripe/checkout-sessions/${sessionId}`)).json()).toMatchObject({
      status: 'complete',
      mode: 'subscription',
      planId: 'BUSINESS',
    });
    // A second checkout while this one runs is refused: the plan is changed instead.
    const again = await c.post('/api/v1/stripe/subscriptions', { planId: 'PERSONAL', period: 'monthly' });
    expect(again.status).toBe(409);
  });

  it('discounts a YR coupon on the yearly price only, and refuses unknown and invalid coupons naming the field', async () => {
    const c = await registeredClient(server.url, 'coupons@example.com');
    const quote = async (period: string, coupon: string) =>
      c.get(`/api/v1/plans/BUSINESS/quote?period=${period}&coupon=${coupon}`);
    // Yearly: 12 × 49 = 588, × 0.7 = 411.6 → 412. Monthly: the pay-as-you-go 69, not discounted.
    expect((await (await quote('yearly', 'SAVEYR30')).json()).quote).toMatchObject({
      listPrice: 588,
      price: 412,
    });
    expect((await (await quote('monthly', 'SAVEYR30')).json()).quote).toMatchObject({
      listPrice: 69,
      price: 69,
    });
    for (const code of ['NOPE', 'OLD50']) {
      const res = await c.post('/api/v1/stripe/subscriptions', {
        planId: 'BUSINESS',
        period: 'monthly',
        coupon: code,
      });
      expect(res.status, code).toBe(400);
      const body = await res.json();
      expect(body.details[0]).toMatchObject({ path: ['coupon'], message: 'This coupon is not valid.' });
    }
    const badPeriod = await c.post('/api/v1/stripe/subscriptions', { planId: 'BUSINESS', period: 'weekly' });
    expect(badPeriod.status).toBe(400);
    expect(JSON.stringify(await badPeriod.json())).toContain('period');
    expect(
      (await c.post('/api/v1/stripe/subscriptions', { planId: 'NOSUCH', period: 'monthly' })).status,
    ).toBe(404);
  });
});

describe('POST /webhooks/stripe', () => {
  const post = (payload: string, header?: string) =>
    fetch(`${server.url}/webhooks/stripe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(header ? { 'Stripe-Signature': header } : {}) },
      body: payload,
    });

  it('answers 400 to a body whose signature does not match, and changes nothing', async () => {
    const { subscriptionId } = await paidMerchant('forged@example.com');
    const sub = { ...stripe.subscriptions.get(subscriptionId)!, status: 'canceled' };
    const event = stripe.event('customer.subscription.deleted', sub);
    const wrongSecret = stripe.sign(event, { secret: 'whsec_not_ours' });
    expect((await post(wrongSecret.payload, wrongSecret.header)).status).toBe(400);
    expect((await post(wrongSecret.payload)).status).toBe(400);
    const signed = stripe.sign(event);
    const tampered = signed.payload.replace('"canceled"', '"active"');
    expect((await post(tampered, signed.header)).status).toBe(400);
    // A signature made an hour ago is a replay by someone who saw it: outside Stripe's five-minute tolerance.
    const stale = stripe.sign(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const res = await post(stale.payload, stale.header);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ details: [{ path: ['Stripe-Signature'] }] });
    expect((await stripeRow('forged@example.com')).status).toBe('active');
  });

  it('applies the same event once however often it is delivered', async () => {
    const { subscriptionId } = await paidMerchant('replay@example.com');
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const invoice = stripe.invoices.get(sub.latest_invoice)!;
    const event = stripe.event('invoice.payment_failed', { ...invoice, status: 'open', paid: false });
    expect(await stripe.deliver(event)).toBe(200);
    expect(await stripe.deliver(event)).toBe(200);
    const mails = server
      .outbox()
      .map((f) => server.readMail(f))
      .filter((m) => m.includes('replay@example.com') && m.includes('Your Catalog Builder payment failed'));
    expect(mails).toHaveLength(1);
    expect((await stripeRow('replay@example.com')).status).toBe('past_due');
  });

  it('never moves a subscription backwards: an older update after a newer one changes nothing', async () => {
    const { subscriptionId } = await paidMerchant('ordering@example.com');
    const sub = stripe.subscriptions.get(subscriptionId)!;
    const now = Math.floor(Date.now() / 1000);
    const newer = stripe.event(
      'customer.subscription.updated',
      { ...sub, status: 'active', cancel_at_period_end: true },
      { created: now + 120 },
    );
    const older = stripe.event(
      'customer.subscription.updated',
      { ...sub, status: 'past_due', cancel_at_period_end: false },
      { created: now + 60 },
    );
    expect(await stripe.deliver(newer)).toBe(200);
    expect(await stripe.deliver(older)).toBe(200);
    expect(await stripeRow('ordering@example.com')).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('puts a merchant whose payment failed and whose subscription ended back behind the gate', async () => {
    const c = await registeredClient(server.url, 'lapsing@example.com');
    await endTrial('lapsing@example.com');
    expect((await c.post('/api/v1/catalogs', { title: 'Before' })).status).toBe(403);
    const res = await c.post('/api/v1/stripe/subscriptions', { planId: 'PERSONAL', period: 'monthly' });
    const { session_id } = await res.json();
    await stripe.completeSession(session_id, CARD);
    expect((await c.post('/api/v1/catalogs', { title: 'Paid' })).status).toBe(200);

    const subscriptionId = stripe.sessions.get(session_id)!.subscription as string;
    await stripe.failPayment(subscriptionId);
    expect((await stripeRow('lapsing@example.com')).status).toBe('past_due');
    // Stripe retries for a while: the plan stays meanwhile.
    expect((await c.post('/api/v1/catalogs', { title: 'Retrying' })).status).toBe(200);
    await stripe.cancelSubscription(subscriptionId);
    expect((await stripeRow('lapsing@example.com')).status).toBe('cancelled');
    expect((await c.post('/api/v1/catalogs', { title: 'After' })).status).toBe(403);
    expect((await (await c.get('/loggedin')).json()).hasExpired).toBe(true);
  });
});

describe('cards and subscriptions belong to their merchant', () => {
  it("answers 404 for another merchant's card, subscription and checkout, and checks card expiry (SPEC §5)", async () => {
    const owner = await paidMerchant('card-owner@example.com');
    const other = await registeredClient(server.url, 'card-other@example.com');
    const cards = (await (await owner.c.get('/api/v1/stripe/cards')).json()).data;
    expect(cards).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expired: false, default: true }),
    ]);
    const cardId = cards[0].id as string;
    const ourSub = await stripeRow('card-owner@example.com');

    expect((await (await other.get('/api/v1/stripe/cards')).json()).data).toEqual([]);
    expect((await other.put(`/api/v1/stripe/cards/${cardId}`, { exp_month: 1, exp_year: 2040 })).status).toBe(
      404,
    );
    expect((await other.del(`/api/v1/stripe/cards/${cardId}`)).status).toBe(404);
    expect((await other.get(`/api/v1/subscriptions/${ourSub.id}`)).status).toBe(404);
    expect(
      (await other.put(`/api/v1/subscriptions/${ourSub.id}`, { planId: 'PERSONAL', period: 'monthly' }))
        .status,
    ).toBe(404);
    expect((await other.get(`/api/v1/stripe/checkout-sessions/${owner.sessionId}`)).status).toBe(404);
    expect((await owner.c.get(`/api/v1/subscriptions/${ourSub.id}`)).status).toBe(200);

    const year = new Date().getUTCFullYear();
    const pastYear = await owner.c.put(`/api/v1/stripe/cards/${cardId}`, {
      exp_month: 12,
      exp_year: year - 1,
    });
    expect(pastYear.status).toBe(400);
    expect((await pastYear.json()).details[0]).toMatchObject({ path: ['exp_year'] });
    const badMonth = await owner.c.put(`/api/v1/stripe/cards/${cardId}`, {
      exp_month: 13,
      exp_year: year + 1,
    });
    expect(badMonth.status).toBe(400);
    expect((await badMonth.json()).details[0]).toMatchObject({ path: ['exp_month'] });
    const saved = await owner.c.put(`/api/v1/stripe/cards/${cardId}`, { exp_month: 2, exp_year: year + 5 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: cardId, exp_month: 2, exp_year: year + 5 });
    expect((await owner.c.del(`/api/v1/stripe/cards/${cardId}`)).status).toBe(200);
    expect((await (await owner.c.get('/api/v1/stripe/cards')).json()).data).toEqual([]);
  });
});

describe('save with token (SPEC §7): a card tokenized by Stripe in the browser joins its merchant only', () => {
  /** What the card page's browser sends Stripe: the card form-encoded, the publishable key as bearer. */
  const tokenize = async (card: Record<string, string | number>, key = stripe.publishableKey) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(card)) form.set(`card[${k}]`, String(v));
    const res = await fetch(`${stripe.url}/v1/tokens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form,
    });
    return {
      status: res.status,
      cors: res.headers.get('access-control-allow-origin'),
      body: await res.json(),
    };
  };
  const year = new Date().getUTCFullYear();
  // Registrations are rate limited per address: the page test below reuses the owner.
  let owner: Awaited<ReturnType<typeof registeredClient>>;
  const good = {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: year + 2,
    cvc: '123',
    name: 'Ana Costa',
  };

  it("answers Stripe's own errors for a bad number or an expired card, and a token for a good one", async () => {
    const bad = await tokenize({ ...good, number: '4242424242424241' });
    expect(bad.status).toBe(402);
    expect(bad.cors).toBe('*');
    expect(bad.body.error).toMatchObject({
      type: 'card_error',
      code: 'incorrect_number',
      param: 'number',
      message: 'Your card number is incorrect.',
    });
    const expired = await tokenize({ ...good, exp_year: year - 1 });
    expect(expired.body.error).toMatchObject({ code: 'invalid_expiry_year', param: 'exp_year' });
    const ok = await tokenize(good);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      object: 'token',
      type: 'card',
      used: false,
      card: { object: 'card', brand: 'Visa', last4: '4242', name: 'Ana Costa' },
    });
    expect(ok.body.card).not.toHaveProperty('number');
    // The publishable key makes tokens and nothing else.
    const listing = await fetch(`${stripe.url}/v1/customers`, {
      headers: { Authorization: `Bearer ${stripe.publishableKey}` },
    });
    expect(listing.status).toBe(401);
  });

  it("attaches the token to the caller's customer, answers the cards, and refuses what Stripe refuses with its message", async () => {
    expect((await client(server.url).post('/api/v1/stripe/cards', { token: 'tok_x' })).status).toBe(401);
    owner = await registeredClient(server.url, 'token-owner@example.com');
    const other = await registeredClient(server.url, 'token-other@example.com');
    const { body: token } = await tokenize(good);
    const saved = await owner.post('/api/v1/stripe/cards', { token: token.id });
    expect(saved.status).toBe(200);
    const cards = (await saved.json()).data;
    expect(cards).toEqual([
      expect.objectContaining({
        brand: 'visa',
        last4: '4242',
        exp_year: year + 2,
        default: true,
        expired: false,
      }),
    ]);
    const cardId = cards[0].id as string;
    expect(cardId).toMatch(/^card_/);
    const customer = (await userOf('token-owner@example.com')).stripeCustomerId!;
    expect(stripe.requests.filter((r) => r.path === `/v1/customers/${customer}/sources`)).toEqual([
      expect.objectContaining({ method: 'POST', params: { source: token.id } }),
    ]);
    expect((await (await other.get('/api/v1/stripe/cards')).json()).data).toEqual([]);
    expect(
      (await other.put(`/api/v1/stripe/cards/${cardId}`, { exp_month: 1, exp_year: year + 3 })).status,
    ).toBe(404);
    expect((await other.del(`/api/v1/stripe/cards/${cardId}`)).status).toBe(404);

    // A token is single use; an unknown or malformed one, and a card declined on attach, are 400s saying why.
    const refusals: [string, string, string][] = [
      [token.id, `You cannot use a Stripe token more than once: ${token.id}.`, 'source'],
      ['tok_unknown', "No such token: 'tok_unknown'", 'source'],
      ['4242424242424242', 'Send the card token Stripe answered (tok_…).', 'token'],
      [(await tokenize({ ...good, number: '4000000000000002' })).body.id, 'Your card was declined.', 'token'],
    ];
    for (const [sent, message, path] of refusals) {
      const res = await owner.post('/api/v1/stripe/cards', { token: sent });
      expect(res.status, message).toBe(400);
      const body = await res.json();
      expect(body.details[0], message).toMatchObject({ path: [path], message });
    }
    // Only the browser's token request carried a number to Stripe: the number sent as a token was refused here.
    expect(
      stripe.requests.filter(
        (r) => JSON.stringify(r.params).includes('4242424242424242') && r.path !== '/v1/tokens',
      ),
    ).toEqual([]);

    const changed = await owner.put(`/api/v1/stripe/cards/${cardId}`, { exp_month: 3, exp_year: year + 4 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: cardId, exp_month: 3, exp_year: year + 4 });
    expect((await owner.del(`/api/v1/stripe/cards/${cardId}`)).status).toBe(200);
    expect((await (await owner.get('/api/v1/stripe/cards')).json()).data).toEqual([]);
  });

  it("lets the card page connect to Stripe's API origin and no other, and only the card page", async () => {
    const c = owner;
    const connectSrc = async (path: string) =>
      ((await c.get(path, { Accept: 'text/html' })).headers.get('content-security-policy') ?? '')
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('connect-src'));
    expect(await connectSrc('/cards')).toBe(`connect-src 'self' ${stripe.url}`);
    expect(await connectSrc('/catalogs')).toBeUndefined();
    const html = await (await c.get('/cards', { Accept: 'text/html' })).text();
    expect(html).toContain(stripe.publishableKey);
    expect(html).not.toContain(stripe.secretKey);
  });
});
