import type { EcwidProduct } from '../../connectors/ecwid/map-product.ts';
import { readExtdata } from './extdata.ts';
import { FakeStoreServer, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/*
 * Ecwid's REST API v3 for one store, as documented: /api/v3/{storeId}/profile, /products (offset, limit ≤ 100,
 * updatedFrom, sortBy; { total, count, offset, limit, items }), /products/{id}, /categories; the Bearer token,
 * refused with 403 INVALID_API_TOKEN as Ecwid does.
 */

type Category = { id: number; parentId?: number; name: string; enabled?: boolean };

/**
 * The published search-products response, with the one invalid token the docs print (lines 218-220:
 * `"textTranslated": { "Small" }`, which should read `{ "en": "Small" }`) repaired.
 */
export function publishedEcwidProducts(): EcwidProduct[] {
  const raw = readExtdata('ecwid-api-v3-search-products.json').replace(
    /"textTranslated":\s*\{\s*"Small"\s*\}/,
    '"textTranslated": { "en": "Small" }',
  );
  return (JSON.parse(raw) as { items: EcwidProduct[] }).items;
}

/**
 * The published categories response, repaired where the docs print it wrong: a comma is missing after
 * `descriptionTranslated {...}`, and the first category has "name" twice (the second is nameTranslated).
 */
export function publishedEcwidCategories(): Category[] {
  const raw = readExtdata('ecwid-v3-categories-search.json')
    .replace(/("name": "Fruit",\s*)"name":/, '$1"nameTranslated":')
    .replace(/(\}\s*)\n(\s*"enabled": true)/, '$1,\n$2');
  return (JSON.parse(raw) as { items: Category[] }).items;
}

/** `count` products shaped as the published "Orange" (wholesale prices included), ids from `firstId` on. */
export function generatedEcwidProducts(count: number, firstId = 50_000_000): EcwidProduct[] {
  const [orange] = publishedEcwidProducts();
  return Array.from({ length: count }, (_, i) => ({
    ...orange!,
    id: firstId + i,
    name: `Orange ${i + 1}`,
    sku: `OR-${i + 1}`,
    url: `https://mdemo.ecwid.com/Orange-${i + 1}-p${firstId + i}`,
    createTimestamp: orange!.createTimestamp! + i,
  }));
}

export class FakeEcwid {
  readonly server: FakeStoreServer;
  products: EcwidProduct[] = [];
  categories: Category[] = publishedEcwidCategories();
  /** GET /profile in the documented shape (no published response: built from the profile docs). */
  profile = {
    generalInfo: {
      storeId: 0,
      storeUrl: 'https://mdemo.ecwid.com',
      starterSite: { ecwidSubdomain: 'mdemo' },
    },
    account: { accountName: 'Demo', accountEmail: 'demo@example.com' },
    settings: { storeName: 'Ecwid Demo Store', closed: false },
    formatsAndUnits: { currency: 'USD', currencyPrefix: '$', currencySuffix: '' },
  };

  constructor(
    readonly storeId: string,
    readonly token: string,
  ) {
    this.profile.generalInfo.storeId = Number(storeId);
    this.server = new FakeStoreServer((req) => this.route(req));
  }

  start(): Promise<string> {
    return this.server.start();
  }
  stop(): Promise<void> {
    return this.server.stop();
  }

  private route(req: FakeRequest): FakeAnswer {
    const prefix = `/api/v3/${this.storeId}/`;
    if (!req.path.startsWith(prefix))
      return { status: 404, body: { errorMessage: 'Store not found', errorCode: 'STORE_NOT_FOUND' } };
    if (req.headers.authorization !== `Bearer ${this.token}`)
      return { status: 403, body: { errorMessage: 'Invalid access token', errorCode: 'INVALID_API_TOKEN' } };
    const path = req.path.slice(prefix.length);
    const q = req.query;
    if (path === 'profile') return { body: this.profile };
    if (path === 'products') {
      const limit = Number(q.get('limit') ?? 100);
      if (limit > 100)
        return {
          status: 400,
          body: { errorMessage: 'limit must be at most 100', errorCode: 'WRONG_PARAMETER' },
        };
      const from = q.get('updatedFrom');
      let items = this.products.filter((p) => !from || (p.updateTimestamp ?? 0) >= Number(from));
      if (q.get('sortBy') === 'ADDED_TIME_ASC')
        items = [...items].sort((a, b) => (a.createTimestamp ?? 0) - (b.createTimestamp ?? 0));
      return { body: this.page(items, q, limit) };
    }
    const one = /^products\/(\d+)$/.exec(path);
    if (one) {
      const p = this.products.find((x) => String(x.id) === one[1]);
      return p
        ? { body: p }
        : { status: 404, body: { errorMessage: 'Product not found', errorCode: 'PRODUCT_NOT_FOUND' } };
    }
    if (path === 'categories') return { body: this.page(this.categories, q, Number(q.get('limit') ?? 100)) };
    return { status: 404, body: { errorMessage: `No route ${path}` } };
  }

  private page<T>(items: T[], q: URLSearchParams, limit: number) {
    const offset = Number(q.get('offset') ?? 0);
    const slice = items.slice(offset, offset + limit);
    return { total: items.length, count: slice.length, offset, limit, items: slice };
  }
}
