import { readExtdataJson } from './extdata.ts';
import { FakeOAuth } from './fake-oauth.ts';
import { bearerOf, FakeStoreServer, json, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/**
 * Lightspeed's two retail APIs on one 127.0.0.1 server (LIGHTSPEED_API_URL replaces the origin of both):
 *
 * - X-Series API 2.0 under /api/2.0 (retailer, products by `after` version cursor with `version {min,max}`,
 *   products by family `name`, a product by id, inventory, product_categories, tags) and its token endpoint
 *   /api/1.0/token (rotating refresh tokens, domain_prefix in the answer). Products start from the published
 *   products-list example (lightspeed-xseries-products-list.json); the variant family is built from the same
 *   specification's GET /products/{id} example ("Bravo"), which that list does not have.
 * - R-Series API V3 under /API/V3/Account/{id} (Account, Item, ItemMatrix, Category, Tag) with the query
 *   operators we use (=, IN, >=), `count=1`, `@attributes` paging by offset (as the captured answers) or by
 *   `next` links (V3), and the leaky bucket in X-LS-API-Bucket-Level / X-LS-API-Drip-Rate (a 429 with
 *   Retry-After when full); its token endpoint /auth/oauth/token. Items are the real third page of a captured
 *   Item list (lightspeed-rseries-items-list-page3.json, 34 items, count 234); pages 1 and 2 (200 items) are
 *   built here in the same shape, and matrix 1 ("12mm Pearls", whose item 412 is on page 3) gets its matrix
 *   record and two more items from the documented ItemMatrix shape.
 */

export type Obj = Record<string, any>;

const X_FIXTURE = 'lightspeed-xseries-products-list.json';
const R_FIXTURE = 'lightspeed-rseries-items-list-page3.json';

/** The "Bravo" family: its parent as the specification's GET /products/{id} example shows it, and two children. */
export function bravoFamily(version: number): Obj[] {
  const parentId = 'b8ca3a65-0183-11e4-fbb5-7988a6ed80f8';
  const image = (hash: string) => ({
    id: `06bf537b-c783-11e6-f6b9-${hash}`,
    url: `https://vendimageuploadcdn.global.ssl.fastly.net/1920,fit/vend-images/product/original/f/0/${hash}.jpg`,
    version: 2398861114,
    sizes: {
      original: `https://vendimageuploadcdn.global.ssl.fastly.net/1920,fit/vend-images/product/original/f/0/${hash}.jpg`,
      thumb: `https://vendimageuploadcdn.global.ssl.fastly.net/160,fit,q90/vend-images/product/original/f/0/${hash}.jpg`,
    },
  });
  const base = {
    name: 'Bravo',
    handle: 'bravo',
    active: true,
    has_inventory: true,
    is_composite: false,
    description: '<p>The best product ever, except for the next one.</p>',
    created_at: '2014-12-01T18:34:15+00:00',
    updated_at: '2017-08-21T23:50:39+00:00',
    source: 'USER',
    supply_price: 100,
    type: { id: 'b1e2babe-f019-11e3-a0f5-b8ca3a64f8f4', name: 'General', version: 449902 },
    supplier: {
      id: 'dc85058a-a683-11e5-ef46-08f9a926615e',
      name: 'Peak',
      source: '',
      description: '',
      version: 2089502,
    },
    brand: { id: '0adaafb3-6583-11e5-fb60-d5b67a17df2f', name: 'Peak Performance', version: 882391722 },
    categories: [
      { id: 'b8ca3a65-0183-11e4-fbb5-a7e973b74d92', name: 'tag_test', version: 1446856 },
      { id: 'bc305bf6-6183-11e4-f15a-16ced23b8465', name: 'variant', version: 961180 },
    ],
    button_order: 2,
    attributes: [],
    is_active: true,
    tag_ids: ['b8ca3a65-0183-11e4-fbb5-a7e973b74d92', 'bc305bf6-6183-11e4-f15a-16ced23b8465'],
  };
  const member = (i: number, color: string, sku: string, incl: number, excl: number, hash: string) => ({
    ...base,
    id: i === 0 ? parentId : `b8ca3a65-0183-11e4-fbb5-7988a6ed80f${i}`,
    variant_name: `Bravo / ${color} / Cotton`,
    sku,
    product_codes: [
      { type: 'custom', code: '123456' },
      { type: 'EAN', code: `978020137962${i}` },
    ],
    image_url: `https://vendimageuploadcdn.global.ssl.fastly.net/350,fit,q90/vend-images/product/original/f/0/${hash}.jpg`,
    images: [image(hash)],
    variant_options: [
      { id: '9a972fbe-3b53-102e-b60f-4abbcbc88955', name: 'Color', value: color },
      { id: '6b8f11e2-5188-11e0-9d7a-4040f540b50a', name: 'Fabric', value: 'Cotton' },
    ],
    has_variants: i === 0,
    variant_parent_id: i === 0 ? null : parentId,
    price_including_tax: incl,
    price_excluding_tax: excl,
    version: version + i,
  });
  return [
    member(0, 'Black', '787878', 126.5, 110, 'f0ebadbc30947444d438678a4a7bd6d996f392fc'),
    member(1, 'White', '787879', 126.5, 110, 'a1ebadbc30947444d438678a4a7bd6d996f392fd'),
    member(2, 'Red', '787880', 115, 100, 'b2ebadbc30947444d438678a4a7bd6d996f392fe'),
  ];
}

/** The published products-list example's products. */
export const xFixtureProducts = (): Obj[] => readExtdataJson<{ data: Obj[] }>(X_FIXTURE).data;

/** A generated simple X-Series product in the example's shape. */
export function xProduct(n: number, version: number): Obj {
  const p = structuredClone(xFixtureProducts()[0]!);
  return {
    ...p,
    id: `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Product ${String(n).padStart(4, '0')}`,
    variant_name: `Product ${String(n).padStart(4, '0')}`,
    handle: String(n).padStart(4, '0'),
    sku: `G${n}`,
    price_including_tax: 11.5 + n,
    price_excluding_tax: 10 + n,
    version,
  };
}

/** The captured third page of the R-Series Item list. */
export const rFixturePage3 = (): { '@attributes': Obj; Item: Obj[] } => readExtdataJson(R_FIXTURE);

/** An R-Series item in the captured shape (all values text), for pages 1 and 2. */
export function rItem(id: number, extra: Obj = {}): Obj {
  const template = structuredClone(rFixturePage3().Item[0]!);
  const sid = String(id);
  return {
    ...template,
    itemID: sid,
    systemSku: String(210000000000 + id),
    description: `Balsa Sheet ${id}/32"`,
    customSku: `BS${id}`,
    manufacturerSku: `M-${id}`,
    upc: '',
    createTime: '2015-11-20T17:00:00+00:00',
    timeStamp: '2015-11-20T17:00:00+00:00',
    ItemShops: {
      ItemShop: [
        {
          ...template.ItemShops.ItemShop[0],
          itemShopID: String(id * 2 + 1),
          itemID: sid,
          qoh: String(id % 7),
        },
        { ...template.ItemShops.ItemShop[1], itemShopID: String(id * 2), itemID: sid, qoh: String(id % 7) },
      ],
    },
    ItemVendorNums: { ItemVendorNum: { ...template.ItemVendorNums.ItemVendorNum, itemID: sid } },
    Prices: {
      ItemPrice: [
        { amount: String(1 + (id % 10) / 4), useTypeID: '1', useType: 'Default' },
        { amount: id % 5 === 0 ? String(3 + (id % 10) / 4) : '0', useTypeID: '2', useType: 'MSRP' },
      ],
    },
    ...extra,
  };
}

/** Matrix 1 of the capture ("12mm Pearls", attribute set 2 "Size" on attribute 2), in the ItemMatrix shape. */
export function rMatrix1(): Obj {
  return {
    itemMatrixID: '1',
    description: '12mm Pearls',
    tax: 'true',
    defaultCost: '0',
    itemType: 'default',
    serialized: 'false',
    modelYear: '0',
    archived: 'false',
    timeStamp: '2016-02-13T00:41:35+00:00',
    itemAttributeSetID: '2',
    manufacturerID: '0',
    categoryID: '0',
    defaultVendorID: '0',
    taxClassID: '1',
    seasonID: '0',
    departmentID: '0',
    ItemAttributeSet: {
      itemAttributeSetID: '2',
      name: 'Size',
      attributeName1: '',
      attributeName2: 'Size',
      attributeName3: '',
    },
    Prices: {
      ItemPrice: [
        { amount: '2.5', useTypeID: '1', useType: 'Default' },
        { amount: '4', useTypeID: '2', useType: 'MSRP' },
        { amount: '0', useTypeID: '3', useType: 'Online' },
      ],
    },
    attribute2Values: ['10 pack', '20 pack'],
  };
}

type Bucket = { level: number; size: number; drip: number; at: number };

export class FakeLightspeed {
  readonly server: FakeStoreServer;
  readonly appKeys = { clientId: 'ls-client-7f3e9', clientSecret: 'ls-secret-c81d' };
  readonly xOAuth: FakeOAuth;
  readonly rOAuth: FakeOAuth;
  /** Milliseconds added to the clock (the bucket leaks with it; tests' sleeps move it). */
  clockOffset = 0;

  // X-Series
  readonly domainPrefix = 'kiwigear';
  retailer: Obj = {
    id: '06bf537b-c783-11e6-f6b9-53a81bd6b215',
    name: 'Kiwi Gear',
    domain_prefix: 'kiwigear',
    tax_exclusive: false,
    currency: { code: 'NZD', symbol: '$' },
  };
  xProducts: Obj[] = [];
  inventory: Obj[] = [];
  productCategories: Obj[] = [];
  tags: Obj[] = [];

  // R-Series
  readonly accountId = '83050';
  rItems: Obj[] = [];
  rMatrices: Obj[] = [];
  categories: Obj[] = [];
  rTags: Obj[] = [];
  /** 'offset': @attributes count/offset/limit, as the captured answers; 'next': V3's next links. */
  paging: 'offset' | 'next' = 'offset';
  bucket: Bucket = { level: 0, size: 90, drip: 1, at: 0 };
  /** Answers the bucket refused (429). */
  throttled = 0;

  constructor() {
    this.server = new FakeStoreServer((req) => this.route(req));
    this.xOAuth = new FakeOAuth({
      clientId: this.appKeys.clientId,
      clientSecret: this.appKeys.clientSecret,
      clientAuth: 'form',
      rotate: true,
      ttlSeconds: 86_400,
      extra: () => ({ domain_prefix: this.domainPrefix, expires: Math.floor(Date.now() / 1000) + 86_400 }),
    });
    this.rOAuth = new FakeOAuth({
      clientId: this.appKeys.clientId,
      clientSecret: this.appKeys.clientSecret,
      clientAuth: 'form',
      rotate: true,
      ttlSeconds: 3600,
    });
    this.bucket.at = this.now();
  }

  now = () => Date.now() + this.clockOffset;

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  stop = () => this.server.stop();

  get apiUrl(): string {
    return this.server.url;
  }

  /** X-Series: the published example's three products, the Bravo family, stock for all of them. */
  useXFixture(): void {
    this.xProducts = [...structuredClone(xFixtureProducts()), ...bravoFamily(59_780_760)];
    this.inventory = this.xProducts.flatMap((p, i) => [
      {
        id: `inv-${i}-a`,
        product_id: p.id,
        outlet_id: 'b8ca3a65-0183-11e4-fbb5-2816d2677218',
        inventory_level: i + 1,
        version: 1000 + i * 2,
      },
      {
        id: `inv-${i}-b`,
        product_id: p.id,
        outlet_id: 'b1e04bd8-f019-11e3-a0f5-b8ca3a64f8f4',
        inventory_level: 10,
        version: 1001 + i * 2,
      },
    ]);
    this.productCategories = [
      {
        id: 'b1e2babe-f019-11e3-a0f5-b8ca3a64f8f4',
        name: 'General',
        leaf_category: true,
        category_path: [{ id: 'b1e2babe-f019-11e3-a0f5-b8ca3a64f8f4', name: 'General' }],
      },
    ];
    this.tags = [
      { id: 'b8ca3a65-0183-11e4-fbb5-a7e973b74d92', name: 'tag_test', version: 1446856 },
      { id: 'bc305bf6-6183-11e4-f15a-16ced23b8465', name: 'variant', version: 961180 },
    ];
  }

  xCredentials() {
    return { series: 'x' as const, domainPrefix: this.domainPrefix, ...this.xOAuth.stored() };
  }

  /** R-Series: pages 1 and 2 built, page 3 as captured; matrix 1 with its three items. */
  useRFixture(): void {
    const page3 = rFixturePage3().Item;
    const built = Array.from({ length: 200 }, (_, i) => {
      const id = 193 + i;
      if (id === 250 || id === 251)
        return rItem(id, {
          description: `12mm Pearls ${id === 250 ? '10' : '20'} pack`,
          itemMatrixID: '1',
          ItemAttributes: {
            attribute1: '',
            attribute2: id === 250 ? '10 pack' : '20 pack',
            attribute3: '',
            itemAttributeSetID: '2',
            ItemAttributeSet: rMatrix1().ItemAttributeSet,
          },
        });
      return rItem(id);
    });
    this.rItems = [...built, ...structuredClone(page3)];
    this.rMatrices = [rMatrix1()];
    this.categories = [
      {
        categoryID: '1',
        name: 'Paint',
        nodeDepth: '0',
        fullPathName: 'Paint',
        leftNode: '1',
        rightNode: '4',
        parentID: '0',
      },
      {
        categoryID: '2',
        name: 'Acrylic',
        nodeDepth: '1',
        fullPathName: 'Paint/Acrylic',
        leftNode: '2',
        rightNode: '3',
        parentID: '1',
      },
    ];
    this.rTags = [{ tagID: '5', name: 'Clearance' }];
  }

  rCredentials() {
    return { series: 'r' as const, accountId: this.accountId, ...this.rOAuth.stored() };
  }

  private route(req: FakeRequest): FakeAnswer | Promise<FakeAnswer> {
    if (req.method === 'POST' && req.path === '/api/1.0/token') return this.xOAuth.token(req);
    if (req.method === 'POST' && req.path === '/auth/oauth/token') return this.rOAuth.token(req);
    if (req.path.startsWith('/api/2.0/')) return this.xRoute(req);
    if (req.path.startsWith('/API/V3/')) return this.rRoute(req);
    return json({ error: 'Not Found' }, 404);
  }

  // ---- X-Series -----------------------------------------------------------------------------------------------

  private xRoute(req: FakeRequest): FakeAnswer {
    const token = this.xOAuth.check(bearerOf(req));
    if (token === null || token === 'expired')
      return json({ error: 'invalid_token', error_description: 'The access token provided is invalid' }, 401);
    const path = req.path.slice('/api/2.0'.length);
    const pageOf = (records: Obj[]) => {
      const after = Number(req.query.get('after') ?? 0);
      const size = Number(req.query.get('page_size') ?? 1000);
      const data = records
        .filter((r) => (r.version ?? 0) > after)
        .sort((a, b) => a.version - b.version)
        .slice(0, size);
      return json(
        data.length
          ? { data, version: { min: data[0]!.version, max: data.at(-1)!.version } }
          : { data: [], version: null },
      );
    };
    if (path === '/retailer') return json({ data: this.retailer });
    if (path === '/products') {
      const name = req.query.get('name') ?? req.query.get('family_name');
      if (name !== null) return json({ data: this.xProducts.filter((p) => p.name === name) });
      return pageOf(this.xProducts);
    }
    const one = /^\/products\/([^/]+)$/.exec(path);
    if (one) {
      const p = this.xProducts.find((x) => x.id === one[1]);
      return p ? json({ data: p }) : json({ error: 'Product not found' }, 404);
    }
    if (path === '/inventory') return pageOf(this.inventory);
    if (path === '/tags') return pageOf(this.tags);
    if (path === '/product_categories')
      return json({
        data: { categories: this.productCategories },
        page_info: { has_next: false, last_seen: null },
      });
    return json({ error: 'Not Found' }, 404);
  }

  // ---- R-Series -----------------------------------------------------------------------------------------------

  private rRoute(req: FakeRequest): FakeAnswer {
    const token = this.rOAuth.check(bearerOf(req));
    if (token === null || token === 'expired')
      return json(
        {
          error: 'access_denied',
          error_description: 'The resource owner or authorization server denied the request.',
          hint: token === 'expired' ? 'Access token could not be verified' : 'Access token has been revoked',
        },
        401,
      );
    // The leaky bucket: leak since the last request, then this request's cost; full → 429.
    const now = this.now();
    const b = this.bucket;
    b.level = Math.max(0, b.level - ((now - b.at) / 1000) * b.drip);
    b.at = now;
    const relations = req.query.get('load_relations');
    const relationCount =
      relations === 'all' ? 25 : relations ? (JSON.parse(relations) as unknown[]).length : 0;
    const cost = req.query.get('count') === '1' ? 10 : 1 + 0.2 * relationCount;
    const headers = (level: number) => ({
      'X-LS-API-Bucket-Level': `${Math.round(level * 100) / 100}/${b.size}`,
      'X-LS-API-Drip-Rate': String(b.drip),
      'X-LS-API-Request-Cost': String(Math.round(cost * 100) / 100),
      'X-LS-Acct-Id': this.accountId,
    });
    // As R-Series documents it: the request that takes the bucket past its size is let through; the next ones
    // are refused until the bucket has leaked below its size.
    if (b.level >= b.size) {
      this.throttled++;
      const wait = Math.max(1, Math.ceil((b.level - b.size) / b.drip));
      return json(
        { httpCode: '429', httpMessage: 'Too Many Requests', message: 'Rate limit exceeded' },
        429,
        {
          ...headers(b.level),
          'X-LS-API-RateLimit-Type': 'api-leaky-bucket',
          'Retry-After': String(wait),
        },
      );
    }
    b.level += cost;
    const answer = this.rAnswer(req);
    return { ...answer, headers: { ...answer.headers, ...headers(b.level) } };
  }

  private rAnswer(req: FakeRequest): FakeAnswer {
    const account = `/API/V3/Account/${this.accountId}`;
    if (req.path === `${account}.json`)
      return json({
        '@attributes': { count: '1' },
        Account: {
          accountID: this.accountId,
          name: 'Model Hobbies',
          link: { '@attributes': { href: `${account}.json` } },
        },
      });
    if (req.path === '/API/V3/Account.json')
      return json({
        '@attributes': { count: '1' },
        Account: { accountID: this.accountId, name: 'Model Hobbies' },
      });
    if (!req.path.startsWith(`${account}/`)) return json({ httpCode: '404', message: 'Not found' }, 404);
    const rest = req.path.slice(account.length + 1);
    const single = /^(Item|ItemMatrix)\/(\d+)\.json$/.exec(rest);
    if (single) {
      const list = single[1] === 'Item' ? this.rItems : this.rMatrices;
      const key = single[1] === 'Item' ? 'itemID' : 'itemMatrixID';
      const record = list.find((r) => r[key] === single[2]);
      return record
        ? json({ '@attributes': { count: '1' }, [single[1]!]: record })
        : json({ httpCode: '404', httpMessage: 'Not Found', message: `${single[1]} not found.` }, 404);
    }
    const collection = /^(Item|ItemMatrix|Category|Tag)\.json$/.exec(rest);
    if (!collection) return json({ httpCode: '404', message: 'Not found' }, 404);
    const name = collection[1]!;
    const all = { Item: this.rItems, ItemMatrix: this.rMatrices, Category: this.categories, Tag: this.rTags }[
      name
    ]!;
    const records = all.filter((r) => this.matches(r, req.query));
    if (req.query.get('count') === '1') return json({ '@attributes': { count: String(records.length) } });
    const limit = Math.min(100, Number(req.query.get('limit') ?? 100));
    if (this.paging === 'offset') {
      const offset = Number(req.query.get('offset') ?? 0);
      const slice = records.slice(offset, offset + limit);
      return json({
        '@attributes': { count: String(records.length), offset: String(offset), limit: String(limit) },
        ...(slice.length ? { [name]: slice.length === 1 ? slice[0] : slice } : {}),
      });
    }
    const after = req.query.get('after');
    const start = after ? Number(JSON.parse(Buffer.from(after, 'base64').toString('utf8'))[0]) : 0;
    const slice = records.slice(start, start + limit);
    const next = new URLSearchParams(req.query);
    next.set('limit', String(limit));
    next.set('after', Buffer.from(JSON.stringify([start + limit])).toString('base64'));
    return json({
      '@attributes': {
        next: start + limit < records.length ? `${this.server.url}${req.path}?${next}` : '',
        previous: '',
      },
      ...(slice.length ? { [name]: slice.length === 1 ? slice[0] : slice } : {}),
    });
  }

  /** R-Series' query operators we use: "value" (=), "IN,[a,b]", ">=,date"; archived records left out. */
  private matches(r: Obj, q: URLSearchParams): boolean {
    if (r.archived === 'true' && q.get('archived') !== 'true') return false;
    for (const field of ['itemMatrixID', 'timeStamp', 'itemID']) {
      const v = q.get(field);
      if (v === null) continue;
      if (v.startsWith('IN,')) {
        const ids = (JSON.parse(v.slice(3)) as (string | number)[]).map(String);
        if (!ids.includes(String(r[field]))) return false;
      } else if (v.startsWith('>=,')) {
        if (!(Date.parse(String(r[field])) >= Date.parse(v.slice(3)))) return false;
      } else if (String(r[field] ?? '') !== v) return false;
    }
    return true;
  }
}
