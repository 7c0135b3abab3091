import type { SqProduct } from '../../connectors/squarespace/map-product.ts';
import { FakeStoreServer, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/*
 * Squarespace's Commerce APIs for one site, as documented (developers.squarespace.com/commerce-apis): the
 * Authorization API (/1.0/authorization/website), Products 1.1 (/1.1/commerce/products: 50 a page in
 * modification order, a cursor that cannot be combined with other parameters, `type` required without one,
 * modifiedAfter only with modifiedBefore; /1.1/commerce/products/{ids}), Store Pages (/1.0/commerce/store_pages);
 * a Bearer API key and a User-Agent of the caller's own. No published responses exist in ../shared/extdata: the
 * products below are built from the documented Product, ProductVariant and ProductImage fields and the docs'
 * example ids.
 */

const PAGE = 50;
const error = (status: number, type: string, message: string): FakeAnswer => ({
  status,
  body: { type, subtype: null, message, details: null, contextId: 'FAKECTX' },
});

/** The documented example ("Artisanal Steak Dry Rub") and two more in the same shape. */
export function documentedSquarespaceProducts(): SqProduct[] {
  const usd = (value: string) => ({ currency: 'USD', value });
  const image = (id: string, name: string) => ({
    id,
    altText: name,
    url: `https://images.squarespace-cdn.com/content/v1/5d7ba084a63ee8bb410ce0b1/${id}/${name}.jpg`,
    originalSize: { width: 1500, height: 1000 },
    availableFormats: ['100w', '300w', '500w', '750w', '1000w', '1500w'],
  });
  return [
    {
      id: '5ed539b66505ca7c5f4a3a5a',
      type: 'PHYSICAL',
      storePageId: '5d7ba084a63ee8bb410ce0b1',
      name: 'Artisanal Steak Dry Rub',
      description: '<p>This can be a few words or even a few <i>paragraphs</i>.</p>',
      url: 'https://example.squarespace.com/shop/p/artisanal-steak-dry-rub',
      urlSlug: 'artisanal-steak-dry-rub',
      tags: ['spice', 'steak'],
      isVisible: true,
      variantAttributes: ['Size'],
      variants: [
        {
          id: '0c5f1b1c-7c5e-4d2a-8b61-1a2b3c4d5e6f',
          sku: 'SQ4918427',
          pricing: { basePrice: usd('15.00'), salePrice: usd('0.00'), onSale: false },
          stock: { quantity: 12, unlimited: false },
          attributes: { Size: 'Small' },
          image: null,
        },
        {
          id: '1d6f2c2d-8d6f-4e3b-9c72-2b3c4d5e6f70',
          sku: 'SQ2037652',
          pricing: { basePrice: usd('25.00'), salePrice: usd('20.00'), onSale: true },
          stock: { quantity: 0, unlimited: true },
          attributes: { Size: 'Large' },
          image: image('5ed53a0b1f2c', 'dry-rub-large'),
        },
      ],
      images: [image('5ed539f2a1b3', 'dry-rub'), image('5ed539f2a1b4', 'dry-rub-back')],
      createdOn: '2020-06-01T17:23:02.592Z',
      modifiedOn: '2020-06-01T17:25:46.312Z',
    },
    {
      id: '5ed53c1a6505ca7c5f4a3b77',
      type: 'PHYSICAL',
      storePageId: '5d7ba084a63ee8bb410ce0b1',
      name: 'Homemade Marinade',
      description: '<p>Soy, ginger and garlic.</p>',
      url: 'https://example.squarespace.com/shop/p/homemade-marinade',
      urlSlug: 'homemade-marinade',
      tags: [],
      isVisible: false,
      variantAttributes: [],
      variants: [
        {
          id: '2e7a3d3e-9e70-4f4c-ad83-3c4d5e6f7081',
          sku: 'SQ1111111',
          pricing: { basePrice: usd('9.50'), salePrice: usd('0.00'), onSale: false },
          stock: { quantity: 40, unlimited: false },
          attributes: {},
        },
      ],
      images: [],
      createdOn: '2020-06-02T09:00:00.000Z',
      modifiedOn: '2020-07-15T10:00:00.000Z',
    },
    {
      id: '5f05f78ae1f12f343bd0aaaa',
      // A download product: no variants (physical products only), its price on the product.
      type: 'DIGITAL',
      storePageId: '5f05f78ae1f12f343bd07577',
      name: 'Grilling Guide (PDF)',
      description: '<p>Forty recipes.</p>',
      url: 'https://example.squarespace.com/recipes/p/grilling-guide',
      urlSlug: 'grilling-guide',
      tags: ['book'],
      isVisible: true,
      variants: [],
      pricing: { basePrice: usd('12.00'), salePrice: usd('0.00'), onSale: false },
      images: [image('5f05f7a0b2c3', 'grilling-guide')],
      createdOn: '2020-07-08T16:00:00.000Z',
      modifiedOn: '2020-07-20T16:00:00.000Z',
    },
  ];
}

/** `count` products shaped as the documented one, modified one second apart. */
export function generatedSquarespaceProducts(count: number): SqProduct[] {
  const [rub] = documentedSquarespaceProducts();
  return Array.from({ length: count }, (_, i) => ({
    ...rub!,
    id: `gen${String(i).padStart(21, '0')}`,
    name: `Dry Rub ${i + 1}`,
    urlSlug: `dry-rub-${i + 1}`,
    url: `https://example.squarespace.com/shop/p/dry-rub-${i + 1}`,
    variants: rub!.variants!.map((v, j) => ({ ...v, id: `gen-${i}-${j}`, sku: `DR-${i + 1}-${j}` })),
    modifiedOn: new Date(Date.UTC(2021, 0, 1) + i * 1000).toISOString(),
  }));
}

export class FakeSquarespace {
  readonly server: FakeStoreServer;
  products: SqProduct[] = [];
  storePages = [
    { id: '5d7ba084a63ee8bb410ce0b1', title: 'Shop', isEnabled: true },
    { id: '5f05f78ae1f12f343bd07577', title: 'Homemade Marinades', isEnabled: true },
  ];
  website = {
    id: '5863f6faf7e0abc3cf95ce3a',
    siteId: 'example',
    title: 'Example Provisions',
    url: 'https://example.squarespace.com',
    currency: 'USD',
    measurementStandard: 'METRIC',
    language: 'en-US',
    timeZone: 'America/New_York',
  };

  constructor(readonly apiKey: string) {
    this.server = new FakeStoreServer((req) => this.route(req));
  }

  start(): Promise<string> {
    return this.server.start();
  }
  stop(): Promise<void> {
    return this.server.stop();
  }

  private route(req: FakeRequest): FakeAnswer {
    const ua = String(req.headers['user-agent'] ?? '');
    if (!ua || /^(node|undici|curl)/i.test(ua))
      return error(400, 'INVALID_REQUEST_ERROR', 'A User-Agent describing the application is required');
    if (req.headers.authorization !== `Bearer ${this.apiKey}`)
      return error(401, 'AUTHORIZATION_ERROR', 'The API key is invalid or revoked');
    const q = req.query;
    if (req.path === '/1.0/authorization/website') return { body: this.website };
    if (req.path === '/1.0/commerce/store_pages')
      return { body: this.page(this.storePages, q.get('cursor'), 'storePages') };
    if (req.path === '/1.1/commerce/products') {
      const cursor = q.get('cursor');
      if (cursor && [...q.keys()].length > 1)
        return error(400, 'INVALID_REQUEST_ERROR', 'A cursor cannot be combined with other parameters');
      if (!cursor && !q.get('type')) return error(400, 'INVALID_REQUEST_ERROR', 'type is required');
      const after = q.get('modifiedAfter');
      const before = q.get('modifiedBefore');
      if (!!after !== !!before)
        return error(400, 'INVALID_REQUEST_ERROR', 'modifiedAfter and modifiedBefore go together');
      const decoded = cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Filter) : null;
      const filter: Filter = decoded ?? { types: q.get('type')!.split(','), after, before, offset: 0 };
      const items = this.products
        .filter((p) => filter.types.includes(p.type ?? 'PHYSICAL'))
        .filter((p) => !filter.after || (p.modifiedOn! > filter.after && p.modifiedOn! < filter.before!))
        .sort((a, b) => (a.modifiedOn! < b.modifiedOn! ? -1 : 1));
      const slice = items.slice(filter.offset, filter.offset + PAGE);
      const more = filter.offset + PAGE < items.length;
      const next = more
        ? Buffer.from(JSON.stringify({ ...filter, offset: filter.offset + PAGE })).toString('base64url')
        : null;
      return {
        body: {
          products: slice,
          pagination: {
            hasNextPage: more,
            nextPageCursor: next,
            nextPageUrl: next ? `${this.server.url}/1.1/commerce/products?cursor=${next}` : null,
          },
        },
      };
    }
    const ids = /^\/1\.1\/commerce\/products\/([^/]+)$/.exec(req.path)?.[1]?.split(',');
    if (ids) {
      const found = this.products.filter((p) => ids.includes(p.id));
      return found.length ? { body: { products: found } } : error(404, 'NOT_FOUND', 'Product not found');
    }
    return error(404, 'NOT_FOUND', `No route ${req.path}`);
  }

  private page<T>(items: T[], cursor: string | null, key: string) {
    const offset = cursor ? Number(cursor) : 0;
    const more = offset + PAGE < items.length;
    return {
      [key]: items.slice(offset, offset + PAGE),
      pagination: {
        hasNextPage: more,
        nextPageCursor: more ? String(offset + PAGE) : null,
        nextPageUrl: null,
      },
    };
  }
}

type Filter = { types: string[]; after: string | null; before: string | null; offset: number };
