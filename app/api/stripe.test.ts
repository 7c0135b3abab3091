import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, subscriptions, users } from '../../db/schema.ts';
import { FakeStripe } from '../../scripts/testing/fake-stripe.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

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
