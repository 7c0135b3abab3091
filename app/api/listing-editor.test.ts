import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFakeWooCommerce, type FakeWooCommerce } from '../../scripts/testing/fake-woocommerce.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { REFRESH_IMAGES_MESSAGES } from '../../server/listings/index.ts';

/*
 * The listing editor inside the catalog (issue 25 §2): what its save and its refreshImages may do. The store is a
 * local server speaking WooCommerce's REST API on 127.0.0.1 (scripts/testing/fake-woocommerce.ts).
 */
let server: TestServer;
let store: FakeWooCommerce;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const img = (n: number) => `https://cdn.example.com/mug-${n}.jpg`;

beforeAll(async () => {
  store = await openFakeWooCommerce();
  server = await startTestServer({ STORE_PRIVATE_HOSTS: '127.0.0.1' });
  server.runtime.services.connectorOptions = { retryBaseMs: 5 };
  alice = client(server.url);
  bob = client(server.url);
  for (const [c, email] of [
    [alice, 'alice-le@example.com'],
    [bob, 'bob-le@example.com'],
  ] as const)
    await c.post('/auth/register', { email, password: 'password-123', confirmPassword: 'password-123' });
});
afterAll(async () => {
  await server?.close();
  await store?.stop();
});

async function handMade() {
  const res = await alice.post('/api/v1/listings', {
    title: 'Enamel Mug',
    description: '<p>Holds 350 ml</p>',
    price: 18,
    sku: 'MUG-1',
    main_image: img(1),
    images: [{ original: img(1) }, { original: img(2) }],
    variations: [
      { id: 'v1', title: 'White', sku: 'MUG-W', price: 18, stock: 4 },
      { id: 'v2', title: 'Black', sku: 'MUG-B', price: 19, stock: 3 },
    ],
  });
  expect(res.status).toBe(201);
  return (await res.json()) as any;
}

describe('saving from the listing editor (PUT /api/v1/listings/{id})', () => {
  it('saves every field the editor shows: texts, codes, prices, pictures in order, hidden ones, variations', async () => {
    const mug = await handMade();
    const changes = {
      title: 'Enamel Mug XL',
      description: '<p><strong>Holds</strong> 500 ml</p>',
      sku: 'MUG-XL',
      barcode: '4006381333931',
      stock: 12,
      category: 'Kitchen',
      original_price: 25,
      suggested_retail_price: 29.9,
      price: 21.5,
      main_image: img(2),
      images: [
        { original: img(2), hide: false },
        { original: img(1), hide: true },
        { original: '/files/abc/mug-3.jpg', hide: false },
      ],
      variations: [
        { id: 'v1', title: 'White', sku: 'MUG-XL-W', barcode: '4006381333948', price: 21.5, stock: 7 },
        { id: 'v2', title: 'Black', sku: 'MUG-XL-B', barcode: null, price: 22, stock: 5 },
      ],
    };
    const saved = await json(await alice.put(`/api/v1/listings/${mug.id}`, changes));
    expect(saved.status).toBe(200);
    const read = (await json(await alice.get(`/api/v1/listings/${mug.id}`))).body;
    expect(read).toMatchObject({
      title: 'Enamel Mug XL',
      description: '<p><strong>Holds</strong> 500 ml</p>',
      sku: 'MUG-XL',
      barcode: '4006381333931',
      stock: 12,
      category: 'Kitchen',
      original_price: 25,
      suggested_retail_price: 29.9,
      price: 21.5,
      main_image: img(2),
    });
    expect(read.images.map((i: any) => [i.original, i.hide])).toEqual([
      [img(2), false],
      [img(1), true],
      ['/files/abc/mug-3.jpg', false],
    ]);
    expect(read.variations.map((v: any) => [v.sku, v.barcode, v.price, v.stock])).toEqual([
      ['MUG-XL-W', '4006381333948', 21.5, 7],
      ['MUG-XL-B', null, 22, 5],
    ]);
  });

  it('refuses negative prices, fractional stocks and picture addresses that are not web addresses, keeping the listing', async () => {
    const mug = await handMade();
    for (const [body, message] of [
      [{ price: -1 }, 'price must not be negative.'],
      [{ suggested_retail_price: -0.5 }, 'suggested_retail_price must not be negative.'],
      [{ stock: 1.5 }, 'stock: Invalid input: expected int, received number'],
      [
        { variations: [{ id: 'v1', title: 'White', stock: 2.5 }] },
        'variations.0.stock: Invalid input: expected int, received number',
      ],
      [{ variations: [{ id: 'v1', title: 'White', price: -2 }] }, 'variation 1: price must not be negative.'],
      [
        { images: [{ original: 'javascript:alert(1)' }] },
        'This picture address is not a web address: javascript:alert(1)',
      ],
      [
        { main_image: 'ftp://example.com/x.jpg' },
        'This picture address is not a web address: ftp://example.com/x.jpg',
      ],
      [{ title: '   ' }, null],
    ] as const) {
      const res = await json(await alice.put(`/api/v1/listings/${mug.id}`, body));
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      if (message) expect(res.body.message).toBe(message);
    }
    const after = (await json(await alice.get(`/api/v1/listings/${mug.id}`))).body;
    expect(after).toMatchObject({ title: 'Enamel Mug', price: 18, stock: null, main_image: img(1) });
    expect(after.variations.map((v: any) => v.price)).toEqual([18, 19]);
  });

  it('keeps another owner’s listing a 404 for saving and for refreshing its pictures', async () => {
    const mug = await handMade();
    expect((await bob.put(`/api/v1/listings/${mug.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await bob.post(`/api/v1/listings/${mug.id}/images/refresh`)).status).toBe(404);
    expect((await json(await alice.get(`/api/v1/listings/${mug.id}`))).body.title).toBe('Enamel Mug');
  });
});

describe('refreshImages (POST /api/v1/listings/{id}/images/refresh)', () => {
  it('says a hand-made listing has no store to read pictures from', async () => {
    const mug = await handMade();
    expect(await json(await alice.post(`/api/v1/listings/${mug.id}/images/refresh`))).toEqual({
      status: 400,
      body: { error: 'invalid', message: REFRESH_IMAGES_MESSAGES.handMade },
    });
  });

  it('pulls the store’s current pictures, keeping a picture the merchant hid hidden', async () => {
    const connect = await json(
      await alice.post('/api/v1/accounts', {
        type: 'woocommerce',
        url: store.baseUrl,
        credentials: store.keys,
      }),
    );
    expect(connect.status).toBe(200);
    const accountId = connect.body.account.id;
    for (let i = 0; i < 600; i++) {
      const job = (await json(await alice.get(`/api/v1/jobs?jobId=${connect.body.job_id}`))).body;
      if (job.job_state !== 'pending') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const listed = (await json(await alice.get(`/api/v1/accounts/${accountId}/listings?page=-1`))).body.data;
    const product = store.products[0]!;
    const listing = listed.find((l: any) => l.external_id === String(product.id));
    const first = listing.images[0].original as string;
    // The merchant hides the store's first picture in the listing editor.
    await alice.put(`/api/v1/listings/${listing.id}`, {
      images: listing.images.map((i: any) => ({ ...i, hide: i.original === first })),
    });
    // Meanwhile the store gets a new main picture.
    const added = `${store.baseUrl}/wp-content/uploads/new-main.png`;
    product.images = [{ id: 991, src: added, alt: '' }, ...(product.images ?? [])];
    const refreshed = await json(await alice.post(`/api/v1/listings/${listing.id}/images/refresh`));
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.main_image).toBe(added);
    expect(refreshed.body.images.map((i: any) => [i.original, i.hide])).toEqual([
      [added, false],
      ...listing.images.map((i: any) => [i.original, i.original === first]),
    ]);
    expect(refreshed.body.title).toBe(listing.title);
  });
});
