import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from '../../scripts/testing/fake-shopify.ts';
import {
  MODES,
  malformedBody,
  sampleOf,
  type JsonSchema,
  type MalformedBody,
  type Mode,
} from '../../scripts/testing/malformed-bodies.ts';
import { ownerSnapshot, seedOwner, type Owner } from '../../scripts/testing/owner-data.ts';
import { startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/**
 * Property: whatever body a client sends to any operation of the OpenAPI document that takes one (and to the
 * Shopify webhook), the answer is never a 5xx, and a refused request (4xx) changes nothing of anyone's data.
 * MALFORMED_RUNS bodies per operation (npm test: a few; .ci/run: many more); MALFORMED_SEED replays a run.
 */
const RUNS = Number(process.env.MALFORMED_RUNS ?? 20);
const SEED = process.env.MALFORMED_SEED ? Number(process.env.MALFORMED_SEED) : undefined;
const API_KEY = 'test-api-key';
const API_SECRET = 'test-api-secret-for-signing';

let server: TestServer;
let alice: Owner;
let bob: Owner;
let doc: { paths: Record<string, Record<string, Operation>> };

type Operation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
type Target = { method: string; path: string; base: unknown; webhook?: boolean };

const sent = new Map<Mode | 'webhook', number>();
const answers = new Map<string, number>();

beforeAll(async () => {
  server = await startTestServer({
    // No worker: jobs finishing in the background would change the data compared after each refusal.
    WORKER: 'off',
    // Each request comes from its own address, so the auth rate limits never hide what a body does.
    TRUST_PROXY: 'loopback',
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
  });
  alice = await seedOwner(server.url, 'alice@example.com');
  bob = await seedOwner(server.url, 'bob@example.com');
  doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
});
afterAll(async () => {
  const total = [...sent.values()].reduce((a, b) => a + b, 0);
  const list = (m: Map<string, number>) => [...m].map(([k, n]) => `${k} ${n}`).join(', ');
  console.log(`malformed requests sent: ${total} (${list(sent)}); answers: ${list(answers)}`);
  await server?.close();
});

/** Path parameters: mostly the owner's own ids (so a body is all that is wrong), else another's or junk. */
function pathFor(template: string) {
  const own: Record<string, string> = {
    catalogId: alice.catalogId,
    pageId: alice.pageIds[1]!,
    pageIndex: '1',
    listingId: alice.listingId,
    parentId: alice.listingId,
    accountId: alice.accountId,
    index: '0',
    tokenId: 'a'.repeat(64),
    shopId: 'shop',
  };
  const others: Record<string, string> = {
    catalogId: bob.catalogId,
    pageId: bob.pageIds[1]!,
    listingId: bob.listingId,
    parentId: bob.listingId,
    accountId: bob.accountId,
  };
  return fc
    .constantFrom('own', 'own', 'own', 'other', 'random', 'junk')
    .chain((kind) =>
      fc
        .constantFrom('not-an-id', '99999999999', '%00', '-1', 'x'.repeat(3000))
        .map((junk) =>
          template.replace(/\{([^}]+)\}/g, (_, name: string) =>
            kind === 'own' || (kind === 'other' && !others[name])
              ? own[name]!
              : kind === 'other'
                ? others[name]!
                : kind === 'random'
                  ? randomUUID()
                  : junk,
          ),
        ),
    );
}

async function baseBody(method: string, path: string, op: Operation): Promise<unknown> {
  const content = op.requestBody!.content;
  const schema = (content['application/json'] ?? content['multipart/form-data'])!.schema;
  // Whole documents give the mutations real depth to work in.
  if (path === '/api/v1/catalogs/{catalogId}' && method === 'put') {
    const c = await (await alice.client.get(`/api/v1/catalogs/${alice.catalogId}`)).json();
    return { catalog: c.data, revision: c.revision };
  }
  if (path.startsWith('/api/v1/catalogs/{catalogId}/page')) {
    const c = await (await alice.client.get(`/api/v1/catalogs/${alice.catalogId}`)).json();
    return { page: c.data.pages[1], revision: c.revision };
  }
  return sampleOf(schema);
}

async function targets(): Promise<Target[]> {
  const out: Target[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      if (op.requestBody) out.push({ method, path, base: await baseBody(method, path, op) });
  out.push({ method: 'post', path: '/webhooks/shopify', base: { id: 1 }, webhook: true });
  return out;
}

const shopify = new FakeShopify(API_KEY, API_SECRET);
const randomIp = () =>
  `10.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}.${(Math.random() * 255) | 0}`;

async function send(target: Target, path: string, req: MalformedBody, signed: boolean, topic: string) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    Cookie: alice.client.jar.header(),
    'X-Forwarded-For': randomIp(),
  };
  if (req.contentType !== undefined) headers['Content-Type'] = req.contentType;
  if (target.webhook && signed) {
    const text = typeof req.body === 'string' ? req.body : new TextDecoder().decode(req.body);
    Object.assign(headers, shopify.webhookHeaders(topic, 'fuzz.myshopify.com', text), {
      'Content-Type': req.contentType ?? 'application/json',
    });
  }
  return fetch(server.url + path, {
    method: target.method.toUpperCase(),
    headers,
    body: req.body,
    redirect: 'manual',
  });
}

const snapshots = async () =>
  (await ownerSnapshot(server.runtime.db, alice.id)) + (await ownerSnapshot(server.runtime.db, bob.id));

describe('malformed bodies on every operation that takes one (property)', () => {
  it(
    'never answer 5xx, and a refused request changes no data',
    // Sized by the number of runs, never asserted: a slow machine only makes it wait longer.
    { timeout: 120_000 + RUNS * 20 * 2_000 },
    async () => {
      const all = await targets();
      const paths = all.map((t) => `${t.method.toUpperCase()} ${t.path}`);
      // The auth form endpoints and the uploads are in the document, so they are walked too.
      expect(paths).toEqual(
        expect.arrayContaining([
          'POST /auth/login',
          'POST /auth/register',
          'POST /auth/forgot-password',
          'POST /reset/{tokenId}',
          'POST /api/v1/listings/import',
          'POST /api/v1/listings/import/images',
          'POST /api/v1/files',
          'PUT /api/v1/inventory/{listingId}',
        ]),
      );
      let before = await snapshots();
      for (const target of all) {
        const arbitrary = fc.record({
          path: target.webhook ? fc.constant(target.path) : pathFor(target.path),
          req: fc.constantFrom(...MODES).chain((mode) => malformedBody(mode, target.base as never)),
          signed: fc.boolean(),
          topic: fc.constantFrom(
            'products/update',
            'products/delete',
            'app/uninstalled',
            'shop/redact',
            'customers/redact',
            'customers/data_request',
            'x/y',
          ),
        });
        await fc.assert(
          fc.asyncProperty(arbitrary, async ({ path, req, signed, topic }) => {
            const what = `${target.method.toUpperCase()} ${path.slice(0, 120)}: ${req.label}`;
            const key = target.webhook ? 'webhook' : req.mode;
            sent.set(key, (sent.get(key) ?? 0) + 1);
            const res = await send(target, path, req, signed, topic);
            const text = await res.text();
            answers.set(String(res.status), (answers.get(String(res.status)) ?? 0) + 1);
            expect(res.status, `${what} → ${text.slice(0, 300)}`).toBeLessThan(500);
            if (res.status < 400) {
              before = await snapshots();
              return;
            }
            if (!target.webhook) {
              const body = JSON.parse(text);
              expect(typeof body.error, what).toBe('string');
              expect(typeof body.message, what).toBe('string');
            }
            expect(await snapshots(), `${what} answered ${res.status} but changed data`).toBe(before);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
    },
  );
});
