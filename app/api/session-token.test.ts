import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../../scripts/testing/fake-shopify.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-for-signing';
const SHOP = 'token-shop.myshopify.com';

let server: TestServer;
let shopify: FakeShopify;

beforeAll(async () => {
  shopify = new FakeShopify(API_KEY, API_SECRET);
  await shopify.start();
  shopify.shops.set(SHOP, { name: 'Token Shop', email: 'owner@token-shop.example', currencyCode: 'EUR' });
  server = await startTestServer({ SHOPIFY_API_KEY: API_KEY, SHOPIFY_API_SECRET: API_SECRET });
  // Installing the app (the first embedded visit) creates the shop's merchant.
  const host = Buffer.from('admin.shopify.com/store/token-shop').toString('base64url');
  const res = await fetch(
    `${server.url}/app?embedded=1&shop=${SHOP}&host=${host}&id_token=${shopify.sessionToken(SHOP)}`,
    {
      headers: {
        Accept: 'text/html',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
      },
    },
  );
  if (res.status !== 200) throw new Error(`Installing answered ${res.status}`);
});
afterAll(async () => {
  await server?.close();
  await shopify?.stop();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, Origin: server.url });

describe('API calls of the embedded app (Shopify session tokens, DESIGN §1)', () => {
  it("acts as the shop's merchant: builds a catalog and lists it, with no cookie", async () => {
    const api = client(server.url);
    const token = shopify.sessionToken(SHOP);
    const built = await api.post(
      '/api/v1/catalogs/build',
      { kind: 'catalog', purpose: 'print', title: 'Spring from the admin' },
      bearer(token),
    );
    expect(built.status).toBe(200);
    const list = await api.get('/api/v1/catalogs', bearer(token));
    expect(list.status).toBe(200);
    const { data } = (await list.json()) as { data: { title: string }[] };
    expect(data.map((c) => c.title)).toContain('Spring from the admin');
    expect(api.jar.header()).toBe('');
  });

  it('lists the catalog on the embedded home, its row opening the editor inside the admin', async () => {
    const host = Buffer.from('admin.shopify.com/store/token-shop').toString('base64url');
    const res = await fetch(
      `${server.url}/app?embedded=1&shop=${SHOP}&host=${host}&id_token=${shopify.sessionToken(SHOP)}`,
      {
        headers: {
          Accept: 'text/html',
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
        },
      },
    );
    const html = await res.text();
    expect(res.status).toBe(200);
    const list = (await (
      await client(server.url).get('/api/v1/catalogs', bearer(shopify.sessionToken(SHOP)))
    ).json()) as { data: { _id: string; title: string }[] };
    const built = list.data.find((c) => c.title === 'Spring from the admin')!;
    expect(html).toContain('Spring from the admin');
    // The row keeps the admin's query (never the one-time token) so the editor opens for the same shop.
    expect(html).toContain(
      `href="/app/designs/${built._id}/edit?embedded=1&amp;shop=${SHOP}&amp;host=${host}"`,
    );
    expect(html).toContain('New catalog');
  });

  it('refuses a token signed with another secret, an expired one and one of a shop that never installed', async () => {
    const api = client(server.url);
    const refused = [
      shopify.sessionToken(SHOP, { secret: 'wrong-secret' }),
      shopify.sessionToken(SHOP, { expiresIn: -120 }),
      shopify.sessionToken('never-installed.myshopify.com'),
      'not-a-token',
    ];
    for (const token of refused) expect((await api.get('/api/v1/catalogs', bearer(token))).status).toBe(401);
  });

  it("never shows the shop's catalogs to another merchant, nor theirs to the shop", async () => {
    const other = await registeredClient(server.url, 'other-merchant@example.com');
    await other.post('/api/v1/catalogs/build', { kind: 'price_list', purpose: 'print', title: 'Not yours' });
    const mine = (await (await other.get('/api/v1/catalogs')).json()) as { data: { title: string }[] };
    expect(mine.data.map((c) => c.title)).toEqual(['Not yours']);
    const shops = await client(server.url).get('/api/v1/catalogs', bearer(shopify.sessionToken(SHOP)));
    const theirs = (await shops.json()) as { data: { title: string }[] };
    expect(theirs.data.map((c) => c.title)).not.toContain('Not yours');
  });
});
