import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('OpenAPI document', () => {
  it('describes the listings endpoints with their query parameters', async () => {
    const doc = await (await fetch(`${server.url}/api/v1/openapi.json`)).json();
    const listingsGet = doc.paths['/api/v1/accounts/{accountId}/listings'].get;
    // SPEC §7: every query parameter of the listings call (next_page_url is kept for the original client).
    expect(listingsGet.parameters.map((p: { name: string }) => p.name).sort()).toEqual(
      [
        'accountId',
        'page',
        'keywords',
        'shop_id',
        'collection_id',
        'category_id',
        'status',
        'sort_by',
        'in_stock',
        'show_online_only',
        'visible',
        'display_inventory',
        'next_page_url',
      ].sort(),
    );
    const item = listingsGet.responses['200'].content['application/json'].schema.properties.data.items;
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(['id', 'visible', 'inventory']));
    expect(item.required).not.toContain('inventory');
    expect(Object.keys(item.properties.inventory.properties)).toEqual(['listing_id', 'stock', 'variations']);
    const create = doc.paths['/api/v1/listings'].post;
    expect(Object.keys(create.responses)).toContain('413');
    expect(create.requestBody.content['application/json'].schema.anyOf).toHaveLength(2);
    // The import takes a column mapping, documented as such.
    const importForm =
      doc.paths['/api/v1/listings/import'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(importForm.properties)).toEqual(['file', 'currency', 'columns']);
    expect(importForm.properties.columns.description).toMatch(/JSON object: our field/);
    const imported = doc.paths['/api/v1/listings/import'].post.responses['200'].content['application/json'];
    expect(Object.keys(imported.schema.properties)).toEqual(
      expect.arrayContaining(['headers', 'columns', 'columnsFrom']),
    );
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/accounts',
        '/api/v1/listings',
        '/api/v1/listings/import',
        '/api/v1/listings/{listingId}/images/{index}',
        '/api/v1/inventory/{listingId}',
        '/api/v1/listings/{parentId}/parent',
      ]),
    );
  });
});
