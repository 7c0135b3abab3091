import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  FROM_APP,
  registeredClient,
  startTestServer,
  type TestServer,
} from '../../scripts/testing/server.ts';

// A server without Stripe: the plans still show, payment says it is not configured.
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'staff-password-1' });
});
afterAll(() => server?.close());

describe('plans, offers and trial extension (SPEC §7, §9)', () => {
  it('lists the public plans with SPEC §9 prices and quotes the launch offer on Essential yearly', async () => {
    const anyone = client(server.url);
    const { data } = await (await anyone.get('/api/v1/plans')).json();
    const ids = data.map((p: { plan_id: string }) => p.plan_id);
    expect(ids).toEqual(expect.arrayContaining(['ESSENTIAL', 'PERSONAL', 'BUSINESS']));
    expect(ids).not.toContain('trial');
    // Yearly is 12 × 9 = 108; ESSENTIAL-ANNUALLY takes 40% off: round(64.8) = 65.
    const quote = await (await anyone.get('/api/v1/plans/ESSENTIAL/quote?period=yearly')).json();
    expect(quote.quote).toMatchObject({
      listPrice: 108,
      price: 65,
      discount: { kind: 'offer', id: 'ESSENTIAL-ANNUALLY' },
    });
    const monthly = await (await anyone.get('/api/v1/plans/ESSENTIAL/quote?period=monthly')).json();
    expect(monthly.quote).toMatchObject({ listPrice: 15, price: 15, discount: null });
    const bad = await anyone.get('/api/v1/plans/ESSENTIAL/quote?period=weekly');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('period');
  });

  it('lets staff set the offer (PUT /api/v1/offers) and refuses merchants', async () => {
    const merchant = await registeredClient(server.url, 'not-staff@example.com');
    const body = { id: 'ESSENTIAL-ANNUALLY', remaining: 3 };
    expect((await merchant.put('/api/v1/offers', body)).status).toBe(403);
    const staff = client(server.url);
    await staff.post('/auth/login', { email: 'staff@example.com', password: 'staff-password-1' });
    expect(await (await staff.put('/api/v1/offers', body)).json()).toMatchObject({ remaining: 3 });
    const { data } = await (await client(server.url).get('/api/v1/offers')).json();
    expect(data[0]).toMatchObject({ id: 'ESSENTIAL-ANNUALLY', remaining: 3 });
    expect((await staff.put('/api/v1/offers', { id: 'NO-SUCH-OFFER', remaining: 1 })).status).toBe(404);
  });

  it('adds 7 days to your own trial once; a second time is a 409', async () => {
    const c = await registeredClient(server.url, 'self-extend@example.com');
    const first = await c.post('/api/v1/users/me/extend-trial', {}, FROM_APP);
    expect(first.status).toBe(200);
    expect((await first.json()).subscription).toMatchObject({ plan: 'trial', days_left: 21 });
    expect((await c.post('/api/v1/users/me/extend-trial', {}, FROM_APP)).status).toBe(409);
    expect((await (await c.get('/loggedin')).json()).subscription.days_left).toBe(21);
  });

  it('shows the plans without Stripe and says payment is not configured; paying answers 409', async () => {
    const c = await registeredClient(server.url, 'no-stripe@example.com');
    const page = await (await c.get('/pricing', { Accept: 'text/html' })).text();
    expect(page).toContain('Plans and pricing');
    expect(page).toContain('Online payment is not configured on this server.');
    const fr = await (await client(server.url).get('/fr/pricing', { Accept: 'text/html' })).text();
    expect(fr).toContain('Formules et tarifs');
    const pay = await c.post('/api/v1/stripe/subscriptions', { planId: 'BUSINESS', period: 'monthly' });
    expect(pay.status).toBe(409);
    expect((await pay.json()).message).toBe('Online payment is not configured on this server.');
    expect((await fetch(`${server.url}/webhooks/stripe`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
