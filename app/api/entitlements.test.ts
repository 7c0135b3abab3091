import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import {
  client,
  FROM_APP,
  registeredClient,
  startTestServer,
  type TestServer,
} from '../../scripts/testing/server.ts';

let server: TestServer;
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'staff-password-1' });
});
afterAll(() => server?.close());

async function userId(email: string) {
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  return u!.id;
}
/** Move every subscription of the account into the past, as if its trial ended `days` ago. */
async function endSubscriptions(email: string, days = 1) {
  await server.runtime.db
    .update(subscriptions)
    .set({ startDate: new Date(Date.now() - (14 + days) * DAY) })
    .where(eq(subscriptions.userId, await userId(email)));
}
const page = (c: ReturnType<typeof client>, path: string) => c.get(path, { Accept: 'text/html' });

describe('expiry is enforced (SPEC §6: expired or inactive subscription)', () => {
  it('sends an expired merchant from every signed-in screen to /subscribe, and refuses changes in the API', async () => {
    const c = await registeredClient(server.url, 'lapsed@example.com');
    const created = await c.post('/api/v1/catalogs', { title: 'Spring' });
    expect(created.status).toBe(200);
    const { data } = await created.json();
    for (const path of ['/catalogs', '/listings', `/preview/${data._id}`])
      expect((await page(c, path)).status).toBe(200);

    await endSubscriptions('lapsed@example.com');
    for (const path of ['/catalogs', '/listings', `/preview/${data._id}`]) {
      const res = await page(c, path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe('/subscribe');
    }
    const me = await (await c.get('/loggedin')).json();
    expect(me).toMatchObject({ hasExpired: true, subscription: { days_left: 0, hasExpired: true } });

    const refused = await c.post('/api/v1/catalogs', { title: 'Summer' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'forbidden',
      message: 'Your subscription has expired. Please choose a plan to continue.',
    });
    const save = await c.put(`/api/v1/catalogs/${data._id}`, { catalog: data, revision: 1 });
    expect(save.status).toBe(403);
    const generate = await c.get(`/api/v1/catalogs/${data._id}/generate`, FROM_APP);
    expect(generate.status).toBe(403);
    // Reading stays open: the merchant can still see their work.
    expect((await c.get(`/api/v1/catalogs/${data._id}`)).status).toBe(200);
  });

  it('shows staff the same answer, and a staff extension visibly adds 14 days and lifts the redirect', async () => {
    const c = await registeredClient(server.url, 'extend-me@example.com');
    const staff = client(server.url);
    await staff.post('/auth/login', { email: 'staff@example.com', password: 'staff-password-1' });
    const row = async () =>
      (await (await staff.get('/api/v1/users?filter=extend-me')).json()).data[0].subscription;
    expect(await row()).toMatchObject({ plan: 'trial', days_left: 14 });

    const extended = await (
      await staff.get('/api/v1/subscriptions/extend?email=extend-me@example.com', FROM_APP)
    ).json();
    expect(extended.subscription).toMatchObject({ days_left: 28 });
    expect(await row()).toMatchObject({ days_left: 28, hasExpired: false });
    expect((await (await c.get('/loggedin')).json()).subscription.days_left).toBe(28);

    await endSubscriptions('extend-me@example.com', 20);
    expect(await row()).toMatchObject({ days_left: 0, hasExpired: true });
    expect((await page(c, '/catalogs')).headers.get('location')).toBe('/subscribe');
    await staff.get('/api/v1/subscriptions/extend?email=extend-me@example.com', FROM_APP);
    expect(await row()).toMatchObject({ days_left: 14, hasExpired: false });
    expect((await page(c, '/catalogs')).status).toBe(200);
  });

  it('never sends staff away, whatever their own subscription', async () => {
    const staff = client(server.url);
    await staff.post('/auth/login', { email: 'staff@example.com', password: 'staff-password-1' });
    await endSubscriptions('staff@example.com', 100);
    expect((await page(staff, '/catalogs')).status).toBe(200);
  });
});
