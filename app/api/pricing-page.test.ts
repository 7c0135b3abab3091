import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { FakeStripe } from '../../scripts/testing/fake-stripe.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/*
 * The pricing page by account creation date (issue 27 §3, SPEC §4/§9: shown to users created after 2015-12-30
 * 18:00): an older account is told to contact us instead (the cart cannot pay); a newer one is not. And the SPEC
 * §2.5 redirects /stripe/purchase (to /subscribe, with its query) and /home.
 */
let server: TestServer;
const stripe = new FakeStripe();
beforeAll(async () => {
  await stripe.start();
  server = await startTestServer({ WORKER: 'off', ...stripe.env() });
});
afterAll(async () => {
  await server?.close();
  await stripe.stop();
});

const LEGACY = 'Your account predates these plans.';

async function pricingAs(email: string, createdAt: Date) {
  const c = await registeredClient(server.url, email);
  await server.runtime.db.update(users).set({ createdAt }).where(eq(users.email, email));
  const res = await c.get('/pricing?planId=BUSINESS', { Accept: 'text/html' });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the pricing page by account creation date', () => {
  it('is not offered to an account created on or before 2015-12-30 18:00', async () => {
    const html = await pricingAs('old-account@example.com', new Date('2015-12-30T18:00:00Z'));
    expect(html).toContain(LEGACY);
  });

  it('is offered to an account created after it', async () => {
    const html = await pricingAs('new-account@example.com', new Date('2015-12-30T18:00:01Z'));
    expect(html).not.toContain(LEGACY);
    expect(html).toContain('Plans and pricing');
  });
});

describe('SPEC §2.5 redirects', () => {
  it('/stripe/purchase goes to /subscribe with its query; /home to the home page', async () => {
    const purchase = await fetch(`${server.url}/stripe/purchase?planId=BUSINESS&coupon_id=SPRING20`, {
      redirect: 'manual',
    });
    expect(purchase.status).toBe(302);
    expect(purchase.headers.get('location')).toBe('/subscribe?planId=BUSINESS&coupon_id=SPRING20');
    const home = await fetch(`${server.url}/home`, { redirect: 'manual' });
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toBe('/');
  });
});
