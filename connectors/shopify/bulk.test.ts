import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RUNNING_BULK_QUERIES } from '../../scripts/testing/fake-shopify-admin.ts';
import { addFakeProduct, addIpods } from '../../scripts/testing/fake-shopify-products.ts';
import { openFakeShopifyShops, type FakeShopifyShops } from '../../scripts/testing/fake-shopify-shops.ts';
import { BULK_PRODUCTS_QUERY, BULK_RUN_MUTATION } from './queries.ts';

const TOKEN = 'shpat_bulk_test';

let fake: FakeShopifyShops;
beforeAll(async () => {
  fake = await openFakeShopifyShops({ domainPrefix: 'bulk', accessToken: TOKEN });
});
afterAll(() => fake?.close());

describe('Shopify connector: bulk export', () => {
  it('runs a bulk operation, polls it, downloads its JSONL and rebuilds products from __parentId lines', async () => {
    const { admin, domain, connector } = fake.shop();
    addIpods(admin, domain);
    admin.collections.push({
      id: 'gid://shopify/Collection/7',
      title: 'Summer',
      handle: 'summer',
      smart: false,
    });
    for (let i = 1; i <= 20; i++) {
      const p = addFakeProduct(admin, { title: `Dress ${i}`, variants: 3, images: 2, price: 30 });
      if (i % 2) p.collections = ['gid://shopify/Collection/7'];
      p.metafields = [
        {
          id: admin.gid('Metafield'),
          namespace: 'custom',
          key: 'fit',
          type: 'single_line_text_field',
          value: 'Slim',
          description: null,
        },
      ];
    }
    const preparing: number[] = [];
    const items = [];
    for await (const item of connector.exportProducts({ onPreparing: (s) => preparing.push(s.objectCount) }))
      items.push(item);
    const listings = items.flatMap((i) => ('listing' in i ? [i.listing] : []));
    expect(listings).toHaveLength(22);
    expect(items.filter((i) => 'failure' in i)).toEqual([]);
    expect(listings[0]).toMatchObject({ title: 'IPod Nano - 8GB', stock: 100, iso_currency_code: 'EUR' });
    expect(listings[0]!.variations).toHaveLength(4);
    const dress = listings.find((l) => l.title === 'Dress 1')!;
    expect(dress).toMatchObject({
      price: 30,
      stock: 15,
      collections: [{ external_id: 'gid://shopify/Collection/7', title: 'Summer' }],
      metafields: [expect.objectContaining({ key: 'fit', value: 'Slim' })],
    });
    expect(dress.images).toHaveLength(2);
    expect(dress.variations!.map((v) => v.price)).toEqual([30, 31, 32]);
    expect(listings.find((l) => l.title === 'Dress 2')!.collections).toEqual([]);

    // The lifecycle: one bulkOperationRunQuery, then our operation polled by its id until COMPLETED.
    const fields = admin.log.map((c) => c.fields[0]);
    expect(fields.filter((f) => f === 'bulkOperationRunQuery')).toHaveLength(1);
    const polls = admin.log.filter((c) => c.fields[0] === 'bulkOperation');
    expect(polls.map((c) => c.variables.id)).toEqual(Array(3).fill(admin.bulkOps[0]!.id));
    expect(fields).not.toContain('currentBulkOperation');
    expect(preparing).toEqual([1, 2]);
    // The JSONL holds children as their own lines, and is fetched without our access token.
    const [path, jsonl] = [...admin.files.entries()][0]!;
    // Children: the Nano's 4 variants and 3 images, the Touch's variant, each dress's 3 variants, 2 images
    // and metafield, and the 10 dresses in the collection.
    expect(jsonl.split('\n').filter((l) => l.includes('"__parentId"')).length).toBe(4 + 3 + 1 + 20 * 6 + 10);
    const download = fake.shopify.calls.find((c) => c.path.startsWith(path))!;
    expect(download.accessToken).toBeNull();
    expect(connector.lastExportStats).toEqual({ lines: 22 + 138, orphans: 0, invalid: 0 });
  });

  it("runs beside the app's other bulk queries (five at a time since 2026-01), waiting while five run", async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Tee' });
    admin.bulkPolls = 8;
    const others = () =>
      admin.answer({ query: BULK_RUN_MUTATION, variables: { query: BULK_PRODUCTS_QUERY } });
    for (let i = 0; i < MAX_RUNNING_BULK_QUERIES; i++) others();
    expect(admin.bulkOps.filter((o) => o.status !== 'COMPLETED')).toHaveLength(5);
    // A sixth is refused with LIMIT_REACHED, as Shopify does.
    expect(others().body).toMatchObject({
      data: { bulkOperationRunQuery: { bulkOperation: null, userErrors: [{ code: 'LIMIT_REACHED' }] } },
    });
    const items = [];
    for await (const item of connector.exportProducts()) items.push(item);
    expect(items).toHaveLength(1);
    const ours = admin.bulkOps[5]!;
    expect(ours.status).toBe('COMPLETED');
    // Refused while five ran, asked again, then followed its own operation only.
    const runs = admin.log.filter((c) => c.fields[0] === 'bulkOperationRunQuery');
    expect(runs.length).toBeGreaterThan(7);
    const polled = admin.log.filter((c) => c.fields[0] === 'bulkOperation').map((c) => c.variables.id);
    expect(new Set(polled)).toEqual(new Set([ours.id]));
  });

  it('keeps following its own operation when a newer one starts meanwhile', async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Tee' });
    admin.bulkPolls = 3;
    let started = false;
    const items = [];
    for await (const item of connector.exportProducts({
      onPreparing: () => {
        // Another sync of the same app starts its export while ours runs.
        if (!started) admin.answer({ query: BULK_RUN_MUTATION, variables: { query: BULK_PRODUCTS_QUERY } });
        started = true;
      },
    }))
      items.push(item);
    expect(items.map((i) => ('listing' in i ? i.listing.title : null))).toEqual(['Tee']);
    expect(admin.bulkOps).toHaveLength(2);
  });

  it('yields nothing for a shop without products (Shopify gives no file)', async () => {
    const { connector } = fake.shop();
    const items = [];
    for await (const item of connector.exportProducts()) items.push(item);
    expect(items).toEqual([]);
  });

  it('fails with the error code of a failed bulk operation', async () => {
    const { admin, connector } = fake.shop();
    addFakeProduct(admin, { title: 'Tee' });
    admin.failNextBulk = 'INTERNAL_SERVER_ERROR';
    const run = async () => {
      for await (const _ of connector.exportProducts());
    };
    await expect(run()).rejects.toMatchObject({
      code: 'export_failed',
      message: 'The Shopify export ended FAILED (INTERNAL_SERVER_ERROR)',
    });
  });
});
