import { Agent, request as undiciRequest } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerSnapshot, seedOwner, type Owner } from '../../scripts/testing/owner-data.ts';
import { startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// The regressions of the malformed-input report: each answered 500 (or 200 and changed nothing) before.
let server: TestServer;
let alice: Owner;

beforeAll(async () => {
  // No worker: a job finishing in the background would change the data these tests compare.
  server = await startTestServer({ WORKER: 'off' });
  alice = await seedOwner(server.url, 'alice@example.com');
});
afterAll(() => server?.close());

const snapshot = () => ownerSnapshot(server.runtime.db, alice.id);

/** A request with any body and headers, as alice unless `cookie` is false. */
async function send(
  method: string,
  path: string,
  body?: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
  cookie = true,
) {
  const res = await fetch(server.url + path, {
    method,
    redirect: 'manual',
    headers: {
      Accept: 'application/json',
      ...(cookie ? { Cookie: alice.client.jar.header() } : {}),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
const sendJson = (method: string, path: string, value: unknown) => send(method, path, JSON.stringify(value));

/** Every request is refused with `status`, its message starting with the field named; nothing changes. */
async function expectRefused(
  requests: (() => Promise<{ status: number; body: { error: string; message: string } }>)[],
  expected: { status?: number; message: RegExp },
) {
  const before = await snapshot();
  for (const request of requests) {
    const res = await request();
    expect(res.status, res.body?.message).toBe(expected.status ?? 400);
    expect(res.body.message).toMatch(expected.message);
  }
  expect(await snapshot()).toBe(before);
}

const FORM_ENDPOINTS = ['/auth/login', '/auth/register', '/auth/forgot-password', '/reset/some-token'];
const PART = '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nalice@example.com\r\n--abc--\r\n';

describe('the owner snapshot the malformed-body tests compare', () => {
  it('changes with the table a request changed, and only that one', async () => {
    const before = JSON.parse(await snapshot()) as Record<string, string>;
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'user',
        'accounts',
        'catalogs',
        'pages',
        'listings',
        'files',
        'jobs',
        'orders',
      ]),
    );
    expect(await snapshot()).toBe(JSON.stringify(before));
    const res = await sendJson('PUT', `/api/v1/listings/${alice.listingId}`, { title: 'Renamed mug' });
    expect(res.status).toBe(200);
    const after = JSON.parse(await snapshot()) as Record<string, string>;
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed).toEqual(['listings']);
  });
});

describe('malformed request bodies (400 naming the field, data unchanged)', () => {
  it('a multipart body without its boundary: 400 on the form endpoints, 415 on JSON endpoints', async () => {
    const formRequests = FORM_ENDPOINTS.flatMap((path) => [
      () => send('POST', path, PART, { 'Content-Type': 'multipart/form-data; boundary=xyz' }, false),
      () => send('POST', path, PART, { 'Content-Type': 'multipart/form-data' }, false),
    ]);
    await expectRefused(formRequests, { message: /^The form could not be read/ });
    const jsonRequests = [
      `/api/v1/listings/${alice.listingId}`,
      `/api/v1/accounts/${alice.accountId}`,
      `/api/v1/inventory/${alice.listingId}`,
    ].map((path) => () => send('PUT', path, PART, { 'Content-Type': 'multipart/form-data; boundary=abc' }));
    jsonRequests.push(() =>
      send('POST', '/api/v1/catalogs', PART, { 'Content-Type': 'multipart/form-data' }),
    );
    await expectRefused(jsonRequests, { status: 415, message: /^Send the body as JSON/ });
  });

  it('keeps form posts working on the auth endpoints: urlencoded and well-formed multipart', async () => {
    const login = `email=alice%40example.com&password=password-123`;
    const urlencoded = await send('POST', '/auth/login', login, {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.body.user.email).toBe('alice@example.com');
    const form = new FormData();
    form.set('email', 'alice@example.com');
    form.set('password', 'password-123');
    const res = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: form,
    });
    expect(res.status).toBe(200);
  });

  it('JSON endpoints take JSON only: another content type is a 415', async () => {
    const body = JSON.stringify({ stock: 'many' });
    await expectRefused(
      [
        () => send('PUT', `/api/v1/inventory/${alice.listingId}`, body, { 'Content-Type': 'text/plain' }),
        () => send('PUT', `/api/v1/inventory/${alice.listingId}`, new TextEncoder().encode(body), {}),
        () =>
          send('PUT', `/api/v1/inventory/${alice.listingId}`, 'stock=3', {
            'Content-Type': 'application/x-www-form-urlencoded',
          }),
      ],
      { status: 415, message: /^Send the body as JSON \(Content-Type: application\/json\)\.$/ },
    );
    // A JSON type with parameters, or a +json type, reaches validation.
    await expectRefused(
      [
        () =>
          send('PUT', `/api/v1/inventory/${alice.listingId}`, body, {
            'Content-Type': 'application/json; charset=utf-8',
          }),
        () =>
          send('PUT', `/api/v1/inventory/${alice.listingId}`, body, {
            'Content-Type': 'application/merge-patch+json',
          }),
      ],
      { message: /^stock: / },
    );
  });

  it('refuses NUL characters and lone surrogates in any string, naming the field', async () => {
    const { listingId, accountId, catalogId } = alice;
    const catalog = (await alice.client.get(`/api/v1/catalogs/${catalogId}`).then((r) => r.json())) as {
      data: { pages: { id: string; html: string }[] };
      revision: number;
    };
    const pages = catalog.data.pages.map((p, i) => (i === 1 ? { ...p, html: 'a\u0000b' } : p));
    await expectRefused(
      [
        () => sendJson('POST', '/api/v1/listings', { title: 'Mug\u0000' }),
        () => sendJson('PUT', `/api/v1/listings/${listingId}`, { title: 'Mug\u0000' }),
      ],
      { message: /^title: must not contain the NUL character/ },
    );
    await expectRefused(
      [() => sendJson('POST', '/api/v1/listings', [{ title: 'Fine' }, { title: 'Bad', category: '\u0000' }])],
      { message: /^1\.category: must not contain the NUL character/ },
    );
    await expectRefused(
      [
        () => sendJson('PUT', `/api/v1/listings/${listingId}`, { description: 'x\ud800y' }),
        () => send('PUT', `/api/v1/listings/${listingId}`, '{"description":"\\udfff"}'),
      ],
      { message: /^description: must be valid Unicode text/ },
    );
    await expectRefused(
      [() => sendJson('PUT', `/api/v1/accounts/${accountId}`, { settings: { 'k\u0000': 1 } })],
      { message: /^settings\.k\\u0000: this key must not contain the NUL character/ },
    );
    await expectRefused(
      [
        () =>
          sendJson('PUT', `/api/v1/catalogs/${catalogId}`, {
            catalog: { ...catalog.data, pages },
            revision: catalog.revision,
          }),
      ],
      { message: /^catalog\.pages\.1\.html: must not contain the NUL character/ },
    );
    await expectRefused(
      [
        () => sendJson('POST', '/auth/forgot-password', { email: 'a\u0000@example.com' }),
        () =>
          send('POST', '/auth/forgot-password', 'email=a%00%40example.com', {
            'Content-Type': 'application/x-www-form-urlencoded',
          }),
      ],
      { message: /^email: must not contain the NUL character/ },
    );
    await expectRefused([() => send('GET', `/api/v1/accounts/${accountId}/listings?keywords=mug%00`)], {
      message: /^keywords: must not contain the NUL character/,
    });
    await expectRefused(
      [() => sendJson('PUT', `/api/v1/catalogs/${catalogId}/pages/p%00`, { page: {}, revision: 1 })],
      {
        message: /^pageId: must not contain the NUL character/,
      },
    );
  });

  it('keeps stock and every integer column within 32 bits and whole', async () => {
    const { listingId, catalogId } = alice;
    await expectRefused(
      [
        () => sendJson('POST', '/api/v1/listings', { title: 'Big', stock: 2147483648 }),
        () => sendJson('POST', '/api/v1/listings', { title: 'Big', stock: -2147483649 }),
        () => sendJson('POST', '/api/v1/listings', { title: 'Half', stock: 1.5 }),
        () => sendJson('PUT', `/api/v1/listings/${listingId}`, { stock: 1.5 }),
        () => sendJson('PUT', `/api/v1/listings/${listingId}`, { stock: 1e300 }),
        () => sendJson('PUT', `/api/v1/inventory/${listingId}`, { stock: 2147483648 }),
        // The variations' stocks add up past what the product's stock column holds.
        () =>
          sendJson('PUT', `/api/v1/inventory/${listingId}`, {
            variations: [
              { id: 'v1', stock: 2000000000 },
              { id: 'v2', stock: 2000000000 },
            ],
          }),
      ],
      { message: /^stock: / },
    );
    await expectRefused(
      [
        () =>
          sendJson('POST', '/api/v1/listings', { title: 'V', variations: [{ id: 'a', quantity: 2 ** 31 }] }),
      ],
      { message: /^variations\.0\.quantity: / },
    );
    await expectRefused(
      [() => sendJson('PUT', `/api/v1/catalogs/${catalogId}`, { catalog: {}, revision: 2147483648 })],
      { message: /^revision: / },
    );
    await expectRefused(
      [() => sendJson('PUT', `/api/v1/catalogs/${catalogId}/page/99999999999`, { page: {}, revision: 1 })],
      { status: 404, message: /^Page not found/ },
    );
    const max = await sendJson('PUT', `/api/v1/inventory/${listingId}`, { stock: 2147483647 });
    expect(max).toMatchObject({ status: 200, body: { stock: 2147483647 } });
  });

  it('caps the text of indexed columns (category, external_id, sku, vendor...)', async () => {
    const mb = 'x'.repeat(1024 * 1024);
    for (const field of ['category', 'external_id', 'sku', 'vendor', 'brand', 'language']) {
      await expectRefused(
        [
          () => sendJson('POST', '/api/v1/listings', { title: 'Long', [field]: mb }),
          ...(field === 'external_id'
            ? []
            : [() => sendJson('PUT', `/api/v1/listings/${alice.listingId}`, { [field]: mb })]),
        ],
        { message: new RegExp(`^${field}: Too big: expected string to have <=800 characters`) },
      );
    }
    // The longest accepted value of a column indexed with another (account, external id) is stored.
    const longest = '\u4e2d'.repeat(800);
    const res = await sendJson('POST', '/api/v1/listings', {
      title: 'Longest',
      category: longest,
      external_id: longest,
    });
    expect(res).toMatchObject({ status: 201, body: { category: longest, external_id: longest } });
  });

  it('caps JSON nesting before any schema runs (settings 10,000 and 3,000 levels deep)', async () => {
    const nested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    await expectRefused(
      [10_000, 3_000, 64].map(
        (depth) => () => send('PUT', `/api/v1/accounts/${alice.accountId}`, `{"settings":${nested(depth)}}`),
      ),
      { message: /^settings\.a\.a\.a\.a\.a\.a\.a\.…: nested more than 64 levels deep$/ },
    );
    await expectRefused(
      [
        () => send('POST', '/api/v1/listings', '['.repeat(100_000) + ']'.repeat(100_000)),
        () => send('POST', '/auth/login', '['.repeat(100_000) + ']'.repeat(100_000), undefined, false),
      ],
      { message: /^0\.0\.0\.0\.0\.0\.0\.0\.…: nested more than 64 levels deep$/ },
    );
    // 62 levels under settings (64 with the body and settings) are taken.
    const ok = await send(
      'PUT',
      `/api/v1/accounts/${alice.accountId}`,
      `{"settings":{"deep":${nested(62)}}}`,
    );
    expect(ok.status).toBe(200);
  });

  it('refuses bodies of the wrong kind where the schema takes an object', async () => {
    const { listingId } = alice;
    const wrong = ['null', '42', '"str"', 'true', '[]', '[{"stock":3}]'];
    await expectRefused(
      wrong.flatMap((text) => [
        () => send('POST', '/api/v1/catalogs', text),
        () => send('PUT', `/api/v1/listings/${listingId}`, text),
        () => send('PUT', `/api/v1/inventory/${listingId}`, text),
        () => send('POST', '/auth/login', text, undefined, false),
      ]),
      {
        message:
          /^The request body must be a JSON object, not (null|a number|a string|a boolean|an array)\.$/,
      },
    );
    await expectRefused(
      ['null', '42', '"str"'].map((text) => () => send('POST', '/api/v1/listings', text)),
      { message: /^The request body must be an array or a JSON object, not / },
    );
  });

  it('answers a catalog with two pages of one id with a 400 naming the page', async () => {
    const { body } = await alice.client
      .get(`/api/v1/catalogs/${alice.catalogId}`)
      .then(async (r) => ({ body: await r.json() }));
    const pages = [body.data.pages[0], body.data.pages[0]];
    await expectRefused(
      [
        () =>
          sendJson('PUT', `/api/v1/catalogs/${alice.catalogId}`, {
            catalog: { ...body.data, pages },
            revision: body.revision,
          }),
        () => sendJson('POST', '/api/v1/catalogs', { catalog: { ...body.data, pages } }),
      ],
      {
        message:
          /^This catalog document is not valid\. pages\.1\.id: Another page of this catalog has this id$/,
      },
    );
  });

  it('refuses a CSV whose category is past the column limit with a 400 naming its line and column', async () => {
    const csv = `title,price,category,image\nMug,3,${'k'.repeat(801)},https://x.example/a.jpg\n`;
    const form = new FormData();
    form.set('file', new File([csv], 'products.csv', { type: 'text/csv' }));
    const res = await fetch(`${server.url}/api/v1/listings/import`, {
      method: 'POST',
      headers: { Accept: 'application/json', Cookie: alice.client.jar.header() },
      body: form,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      'Line 2, column category: This value has 801 characters; at most 800 fit in this column',
    );
    await expectRefused(
      [
        () =>
          send('POST', '/api/v1/listings/import', PART, {
            'Content-Type': 'multipart/form-data; boundary=xyz',
          }),
        () => send('POST', '/api/v1/listings/import/images', PART, { 'Content-Type': 'multipart/form-data' }),
      ],
      { message: /^The upload could not be read as multipart\/form-data\.$/ },
    );
    await expectRefused([() => sendJson('POST', '/api/v1/listings/import/images', { files: [] })], {
      status: 415,
      message: /^Send the file as multipart\/form-data\.$/,
    });
  });

  it('reads a refused body to its end, so the connection serves the next request', async () => {
    // One connection: the second request must travel on the socket the refused body came on.
    const agent = new Agent({ connections: 1, headersTimeout: 15_000 });
    const headers = { Accept: 'application/json', Cookie: alice.client.jar.header() };
    try {
      const refused = await undiciRequest(`${server.url}/api/v1/catalogs/${alice.catalogId}/pages/%00`, {
        method: 'PUT',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify({ page: { html: 'x'.repeat(1_100_000) }, revision: 1 }),
        dispatcher: agent,
      });
      expect(refused.statusCode).toBe(400);
      await refused.body.text();
      const next = await undiciRequest(`${server.url}/api/v1/users/me`, { headers, dispatcher: agent });
      expect(next.statusCode).toBe(200);
      expect(((await next.body.json()) as { email: string }).email).toBe('alice@example.com');
    } finally {
      await agent.close();
    }
  });
});
