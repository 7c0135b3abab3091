import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTINGS_BODY_MAX_BYTES } from '../../server/listings/index.ts';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

type Client = ReturnType<typeof client>;
let server: TestServer;
let alice: Client;
let bob: Client;

const body = async (res: Response) => ({ status: res.status, body: await res.json() });

beforeAll(async () => {
  server = await startTestServer();
  alice = client(server.url);
  bob = client(server.url);
  for (const [c, email] of [
    [alice, 'alice@example.com'],
    [bob, 'bob@example.com'],
  ] as const) {
    const res = await c.post('/auth/register', {
      email,
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    expect(res.status).toBe(200);
  }
});
afterAll(() => server?.close());

async function createMug() {
  const res = await alice.post('/api/v1/listings', {
    title: 'Enamel Mug',
    description: '<p>Holds 350 ml</p>',
    price: 18,
    compare_at_price: 22,
    suggested_retail_price: 24,
    sku: 'MUG-1',
    barcode: '4006381333931',
    stock: 7,
    category: 'Kitchen',
    vendor: 'Acme',
    main_image: 'https://cdn.example.com/mug.jpg',
    images: [
      { original: 'https://cdn.example.com/mug.jpg' },
      { original: 'https://cdn.example.com/mug-2.jpg' },
    ],
    variations: [
      { id: 'v1', title: 'White', stock: 4 },
      { id: 'v2', title: 'Black', stock: 3 },
    ],
  });
  expect(res.status).toBe(201);
  return res.json();
}

describe('hand-made listings (SPEC §7 POST/PUT/DELETE api/v1/listings)', () => {
  it('creates one in the own account and answers it with 201', async () => {
    const mug = await createMug();
    const own = (await (await alice.get('/api/v1/accounts')).json()).data[0];
    expect(mug).toMatchObject({
      title: 'Enamel Mug',
      price: 18,
      compare_at_price: 22,
      suggested_retail_price: 24,
      status: 'ACTIVE',
      source: 'own',
      external_id: null,
      account_id: own.id,
      visible: true,
    });
    expect(await body(await alice.get(`/api/v1/listings/${mug.id}`))).toMatchObject({
      status: 200,
      body: { id: mug.id },
    });
  });

  it('refuses an empty title, a bad status and a store source with 400', async () => {
    const empty = await body(await alice.post('/api/v1/listings', { title: '  ', price: 3 }));
    expect(empty).toEqual({
      status: 400,
      body: expect.objectContaining({ error: 'invalid', message: 'title: The product title is empty' }),
    });
    expect((await alice.post('/api/v1/listings', { title: 'x', status: 'SOLD' })).status).toBe(400);
    expect((await alice.post('/api/v1/listings', { title: 'x', source: 'shopify' })).status).toBe(400);
    const inArray = await body(await alice.post('/api/v1/listings', [{ title: 'ok' }, { title: '' }]));
    expect(inArray.body.message).toBe('1.title: The product title is empty');
  });

  it('changes fields with PUT and keeps the filter columns in step', async () => {
    const mug = await createMug();
    const res = await body(
      await alice.put(`/api/v1/listings/${mug.id}`, { price: 9.5, status: 'DRAFT', title: 'Enamel Mug XL' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Enamel Mug XL',
      price: 9.5,
      status: 'DRAFT',
      sku: 'MUG-1',
      stock: 7,
    });
    const account = res.body.account_id;
    const found = await (
      await alice.get(`/api/v1/accounts/${account}/listings?keywords=xl&status=DRAFT`)
    ).json();
    expect(found.data.map((l: { id: string }) => l.id)).toEqual([mug.id]);
    expect((await alice.put(`/api/v1/listings/${mug.id}`, { price: 'abc', title: '' })).status).toBe(400);
  });

  it('creates a hidden product, and a change of another field keeps it hidden', async () => {
    const res = await body(await alice.post('/api/v1/listings', { title: 'Secret Mug', visible: false }));
    expect([res.status, res.body.visible]).toEqual([201, false]);
    const changed = await body(await alice.put(`/api/v1/listings/${res.body.id}`, { price: 3 }));
    expect([changed.body.visible, changed.body.price, changed.body.title]).toEqual([false, 3, 'Secret Mug']);
  });

  it('deletes, then answers 404', async () => {
    const mug = await createMug();
    expect(await body(await alice.del(`/api/v1/listings/${mug.id}`))).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await alice.del(`/api/v1/listings/${mug.id}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/listings/${mug.id}`)).status).toBe(404);
  });
});

describe('POST api/v1/listings: how much it reads', () => {
  const TOO_LARGE = {
    error: 'too_large',
    message: 'The listings sent are larger than 64 MB. Import them in several files.',
  };

  it('answers 413 to a body whose declared length is over the cap, before reading it', async () => {
    const answer = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = httpRequest(`${server.url}/api/v1/listings`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(LISTINGS_BODY_MAX_BYTES + 1),
          Accept: 'application/json',
          Cookie: alice.jar.header(),
        },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) });
          req.destroy();
        });
      });
      req.on('error', reject);
      // Only the start of the announced body is ever sent.
      req.write('[{"title":"Mug"}');
    });
    expect(answer).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('answers 413 to a body sent without a length once it passes the cap', async () => {
    const chunk = new TextEncoder().encode(
      `${'{"title":"Mug","description":"' + 'x'.repeat(1024 * 1024)}"},`,
    );
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(new TextEncoder().encode('[')),
      pull: (c) => {
        // Twice the cap at most: the server must answer before the end.
        if (sent > 2 * LISTINGS_BODY_MAX_BYTES) return c.close();
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const res = await fetch(`${server.url}/api/v1/listings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: alice.jar.header() },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(await body(res)).toEqual({ status: 413, body: TOO_LARGE });
  });

  it('still reads an import under the cap, and refuses a body that is not JSON with 400', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      title: `Cup ${i}`,
      description: 'y'.repeat(2000),
    }));
    expect((await bob.post('/api/v1/listings', rows)).status).toBe(200);
    const res = await fetch(`${server.url}/api/v1/listings`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Cookie: alice.jar.header() },
      body: '[{"title":',
    });
    expect(await body(res)).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'The request body is not valid JSON.' },
    });
  });
});

describe('listing images and inventory (SPEC §7)', () => {
  it('adds an image, lists them, and removes one by position', async () => {
    const mug = await createMug();
    const added = await body(
      await alice.post(`/api/v1/listings/${mug.id}/images`, {
        id: mug.id,
        src: 'https://cdn.example.com/mug-3.jpg',
      }),
    );
    expect(added.status).toBe(200);
    expect(added.body.data.map((i: { original: string }) => i.original)).toEqual([
      'https://cdn.example.com/mug.jpg',
      'https://cdn.example.com/mug-2.jpg',
      'https://cdn.example.com/mug-3.jpg',
    ]);
    const removed = await body(await alice.del(`/api/v1/listings/${mug.id}/images/0`));
    expect(removed.body.data).toHaveLength(2);
    // the main image was the one removed: the next one takes its place
    expect((await (await alice.get(`/api/v1/listings/${mug.id}`)).json()).main_image).toBe(
      'https://cdn.example.com/mug-2.jpg',
    );
    expect((await body(await alice.get(`/api/v1/listings/${mug.id}/images`))).body.data).toHaveLength(2);
    expect((await alice.del(`/api/v1/listings/${mug.id}/images/5`)).status).toBe(404);
    expect((await alice.del(`/api/v1/listings/${mug.id}/images/x`)).status).toBe(404);
    expect(
      (await alice.post(`/api/v1/listings/${mug.id}/images`, { src: 'javascript:alert(1)' })).status,
    ).toBe(400);
    expect(
      (await alice.post(`/api/v1/listings/${mug.id}/images`, { id: 'other', src: 'https://a.b/c.png' }))
        .status,
    ).toBe(400);
  });

  it('reads and sets stock; changed variations make the product stock their sum', async () => {
    const mug = await createMug();
    expect(await body(await alice.get(`/api/v1/inventory/${mug.id}`))).toEqual({
      status: 200,
      body: {
        listing_id: mug.id,
        stock: 7,
        variations: [
          { id: 'v1', title: 'White', sku: null, stock: 4 },
          { id: 'v2', title: 'Black', sku: null, stock: 3 },
        ],
      },
    });
    const r = await body(
      await alice.put(`/api/v1/inventory/${mug.id}`, { variations: [{ id: 'v2', stock: 0 }] }),
    );
    expect([r.body.stock, r.body.variations[1].stock]).toEqual([4, 0]);
    const s = await body(await alice.put(`/api/v1/inventory/${mug.id}`, { stock: 0 }));
    expect(s.body.stock).toBe(0);
    const listed = await (
      await alice.get(`/api/v1/accounts/${mug.account_id}/listings?in_stock=true`)
    ).json();
    expect(listed.data.map((l: { id: string }) => l.id)).not.toContain(mug.id);
    expect(
      (await alice.put(`/api/v1/inventory/${mug.id}`, { variations: [{ id: 'v9', stock: 1 }] })).status,
    ).toBe(400);
    const withInventory = await (
      await alice.get(`/api/v1/accounts/${mug.account_id}/listings?display_inventory=true`)
    ).json();
    expect(withInventory.data.find((l: { id: string }) => l.id === mug.id).inventory).toMatchObject({
      stock: 0,
    });
  });
});

describe("another owner's ids are 404 everywhere", () => {
  it('hides accounts, listings, images, inventory and parents of another owner', async () => {
    const mug = await createMug();
    const account = mug.account_id;
    const paths: [string, string, unknown?][] = [
      ['GET', `/api/v1/accounts/${account}`],
      ['PUT', `/api/v1/accounts/${account}`, { settings: {} }],
      ['GET', `/api/v1/accounts/${account}/listings`],
      ['GET', `/api/v1/accounts/${account}/listings/count`],
      ['GET', `/api/v1/accounts/${account}/shops`],
      ['GET', `/api/v1/accounts/${account}/shops/s/sections`],
      ['GET', `/api/v1/accounts/${account}/categories`],
      ['GET', `/api/v1/accounts/${account}/collects`],
      ['GET', `/api/v1/listings/${mug.id}`],
      ['PUT', `/api/v1/listings/${mug.id}`, { price: 1 }],
      ['DELETE', `/api/v1/listings/${mug.id}`],
      ['GET', `/api/v1/listings/${mug.id}/images`],
      ['POST', `/api/v1/listings/${mug.id}/images`, { src: 'https://a.b/c.png' }],
      ['DELETE', `/api/v1/listings/${mug.id}/images/0`],
      ['GET', `/api/v1/inventory/${mug.id}`],
      ['PUT', `/api/v1/inventory/${mug.id}`, { stock: 1 }],
      ['GET', `/api/v1/listings/${mug.id}/parent`],
      ['GET', '/api/v1/accounts/not-a-uuid/listings'],
    ];
    for (const [method, p, payload] of paths) {
      const res = await fetch(server.url + p, {
        method,
        headers: { Cookie: bob.jar.header(), Accept: 'application/json', 'Content-Type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      expect([method, p, res.status]).toEqual([method, p, 404]);
      expect((await res.json()).error).toBe('not_found');
    }
    // and nothing changed
    expect(await (await alice.get(`/api/v1/listings/${mug.id}`)).json()).toMatchObject({
      price: 18,
      images: mug.images,
    });
  });

  it('flags pictures that could not be kept, and fetches them again on request (issue 22 item 5)', async () => {
    const mug = await createMug();
    // The test server reaches nothing outside this machine, so the store's pictures cannot be fetched.
    let listing = mug;
    for (let i = 0; i < 100 && listing.picture_problems.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      listing = await (await alice.get(`/api/v1/listings/${mug.id}`)).json();
    }
    expect(listing.picture_problems.map((p: { url: string }) => p.url).sort()).toEqual([
      'https://cdn.example.com/mug-2.jpg',
      'https://cdn.example.com/mug.jpg',
    ]);
    expect(listing.images.map((i: { kept: string | null }) => i.kept)).toEqual([null, null]);

    const retry = await body(await alice.post(`/api/v1/listings/${mug.id}/pictures/retry`, {}));
    expect(retry).toEqual({ status: 200, body: { job_id: expect.any(String) } });
    expect((await bob.post(`/api/v1/listings/${mug.id}/pictures/retry`, {})).status).toBe(404);

    // Only the picture job says what failed: a client cannot clear or invent problems.
    await alice.put(`/api/v1/listings/${mug.id}`, { picture_problems: [], price: 19 });
    const after = await (await alice.get(`/api/v1/listings/${mug.id}`)).json();
    expect(after.price).toBe(19);
    expect(after.picture_problems).toHaveLength(2);
  });

  it('asks visitors to sign in', async () => {
    const res = await fetch(`${server.url}/api/v1/accounts`, { headers: { Accept: 'application/json' } });
    expect(res.status).toBe(401);
  });
});
