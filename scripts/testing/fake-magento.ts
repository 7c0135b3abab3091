import { createHmac } from 'node:crypto';
import type { MagentoAttribute, MagentoProduct } from '../../connectors/magento/map-product.ts';
import { readExtdataJson } from './extdata.ts';
import { FakeStoreServer, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/*
 * A Magento 2 / Adobe Commerce store's REST API (/rest/V1 and /rest/{store}/V1), as documented: products searched
 * by searchCriteria (filter groups ANDed, filters ORed: eq, neq, gt, in; sort orders; pageSize and currentPage,
 * where a page past the last answers the last page again, with total_count), configurable children, product
 * attributes with their options, the category tree, store configs and inventory source items. Authentication: an
 * integration's access token as a bearer token, or OAuth 1.0a-signed requests (HMAC-SHA256 or -SHA1), checked
 * here on their own (nonces used once). A resource the integration's ACL lacks answers 401 as Magento does.
 */

type Oauth = { consumerKey: string; consumerSecret: string; token: string; tokenSecret: string };
type Filter = { field: string; value: string; condition: string };

const denied = (resource: string): FakeAnswer => ({
  status: 401,
  body: {
    message: "The consumer isn't authorized to access %resources.",
    parameters: { resources: resource },
  },
});

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export class FakeMagento {
  readonly server: FakeStoreServer;
  products: MagentoProduct[] = [];
  attributes: MagentoAttribute[] = [];
  /** Stock per SKU and source (MSI source items). */
  sourceItems: { sku: string; source_code: string; quantity: number; status: number }[] = [];
  /** Answer searches without configurable_product_links (as some Magento versions do), children still known. */
  hideLinksInList = false;
  /** API paths (after V1/) the integration may not read. */
  readonly deniedPaths = new Set<string>();
  categoryTree = builtCategoryTree();
  private readonly nonces = new Set<string>();

  constructor(
    readonly bearerToken: string,
    readonly oauth: Oauth,
  ) {
    this.server = new FakeStoreServer((req) => this.route(req));
  }

  start(): Promise<string> {
    return this.server.start();
  }
  stop(): Promise<void> {
    return this.server.stop();
  }

  /** GET /V1/store/storeConfigs in the documented shape, for this server's address. */
  storeConfigs() {
    const base = `${this.server.url}/`;
    return [
      {
        id: 1,
        code: 'default',
        website_id: 1,
        locale: 'es_ES',
        base_currency_code: 'EUR',
        default_display_currency_code: 'EUR',
        timezone: 'Europe/Madrid',
        weight_unit: 'kgs',
        base_url: base,
        base_link_url: base,
        base_static_url: `${base}static/`,
        base_media_url: `${base}media/`,
        secure_base_url: base,
        secure_base_link_url: base,
        secure_base_static_url: `${base}static/`,
        secure_base_media_url: `${base}media/`,
      },
    ];
  }

  private route(req: FakeRequest): FakeAnswer {
    const m = /^\/rest\/(?:[a-z0-9_]+\/)?V1\/(.*)$/.exec(req.path);
    if (!m) return { status: 404, headers: { 'Content-Type': 'text/html' }, body: '<html>Not found</html>' };
    const path = m[1]!;
    // Anonymous in Magento's webapi.xml: no credentials asked.
    const anonymous = path === 'directory/currency';
    if (!anonymous && !this.authorized(req)) return denied('Magento_Catalog::products');
    if ([...this.deniedPaths].some((d) => path.startsWith(d))) return denied(`Magento_Backend::${path}`);
    const criteria = parseCriteria(req.query);
    if (path === 'products') {
      const found = this.search(this.products, criteria, true);
      if (this.hideLinksInList)
        found.items = found.items.map((p) => {
          const { configurable_product_links: _links, ...ext } = p.extension_attributes ?? {};
          return { ...p, extension_attributes: ext };
        });
      return { body: found };
    }
    if (path === 'products/attributes') return { body: this.search(this.attributes, criteria, false) };
    if (path === 'categories') return { body: this.categoryTree };
    if (path === 'store/storeConfigs') return { body: this.storeConfigs() };
    if (path === 'directory/currency')
      return {
        body: {
          base_currency_code: 'EUR',
          base_currency_symbol: '€',
          default_display_currency_code: 'EUR',
          default_display_currency_symbol: '€',
          available_currency_codes: ['EUR'],
          exchange_rates: [{ currency_to: 'EUR', rate: 1 }],
        },
      };
    if (path === 'inventory/source-items') return { body: this.search(this.sourceItems, criteria, false) };
    const kids = /^configurable-products\/(.+)\/children$/.exec(path);
    if (kids) {
      const parent = this.products.find((p) => p.sku === kids[1]);
      if (!parent) return { status: 404, body: { message: "The product that was requested doesn't exist." } };
      const ids = parent.extension_attributes?.configurable_product_links ?? [];
      return { body: this.products.filter((p) => ids.includes(p.id)) };
    }
    return { status: 404, body: { message: 'Request does not match any route.' } };
  }

  private authorized(req: FakeRequest): boolean {
    const auth = String(req.headers.authorization ?? '');
    if (auth === `Bearer ${this.bearerToken}`) return true;
    if (!auth.startsWith('OAuth ')) return false;
    const params = new Map(
      [...auth.slice(6).matchAll(/([a-z_]+)="([^"]*)"/g)].map((x) => [x[1]!, decodeURIComponent(x[2]!)]),
    );
    const method = params.get('oauth_signature_method');
    if (
      params.get('oauth_consumer_key') !== this.oauth.consumerKey ||
      params.get('oauth_token') !== this.oauth.token
    )
      return false;
    if (method !== 'HMAC-SHA256' && method !== 'HMAC-SHA1') return false;
    const nonce = params.get('oauth_nonce') ?? '';
    if (!nonce || this.nonces.has(nonce)) return false;
    const all: [string, string][] = [...params].filter(([k]) => k !== 'oauth_signature' && k !== 'realm');
    for (const [k, v] of new URLSearchParams(req.rawQuery)) all.push([k, v]);
    const normalized = all
      .map(([k, v]) => `${rfc3986(k)}=${rfc3986(v)}`)
      .sort()
      .join('&');
    const base = `${req.method}&${rfc3986(`${this.server.url}${req.url.slice(this.server.url.length).split('?')[0]}`)}&${rfc3986(normalized)}`;
    const key = `${rfc3986(this.oauth.consumerSecret)}&${rfc3986(this.oauth.tokenSecret)}`;
    const expected = createHmac(method === 'HMAC-SHA256' ? 'sha256' : 'sha1', key)
      .update(base)
      .digest('base64');
    if (expected !== params.get('oauth_signature')) return false;
    this.nonces.add(nonce);
    return true;
  }

  private search<T>(all: T[], c: Criteria, pageBack: boolean) {
    let items = all.filter((item) =>
      c.groups.every((group) =>
        group.some((f) => matches((item as Record<string, unknown>)[fieldOf(f.field)], f)),
      ),
    );
    if (c.sort)
      items = [...items].sort(
        (a, b) =>
          Number((a as Record<string, unknown>)[fieldOf(c.sort!)]) -
          Number((b as Record<string, unknown>)[fieldOf(c.sort!)]),
      );
    const total = items.length;
    if (c.pageSize) {
      // Magento clamps a page past the last one to the last page.
      const last = Math.max(1, Math.ceil(total / c.pageSize));
      const page = pageBack ? Math.min(c.currentPage, last) : c.currentPage;
      items = items.slice((page - 1) * c.pageSize, page * c.pageSize);
    }
    return {
      items,
      search_criteria: {
        filter_groups: c.groups.map((g) => ({
          filters: g.map((f) => ({ field: f.field, value: f.value, condition_type: f.condition })),
        })),
        ...(c.pageSize ? { page_size: c.pageSize, current_page: c.currentPage } : {}),
      },
      total_count: total,
    };
  }
}

type Criteria = { groups: Filter[][]; sort: string | null; pageSize: number; currentPage: number };

function parseCriteria(q: URLSearchParams): Criteria {
  const groups: Filter[][] = [];
  for (const [key, value] of q) {
    const m =
      /^searchCriteria\[filter_?[gG]roups\]\[(\d+)\]\[filters\]\[(\d+)\]\[(field|value|condition_?[tT]ype)\]$/.exec(
        key,
      );
    if (!m) continue;
    const g = (groups[Number(m[1])] ??= []);
    const f = (g[Number(m[2])] ??= { field: '', value: '', condition: 'eq' });
    if (m[3] === 'field') f.field = value;
    else if (m[3] === 'value') f.value = value;
    else f.condition = value;
  }
  return {
    groups: groups.filter(Boolean).map((g) => g.filter(Boolean)),
    sort: q.get('searchCriteria[sortOrders][0][field]'),
    pageSize: Number(q.get('searchCriteria[pageSize]') ?? 0),
    currentPage: Number(q.get('searchCriteria[currentPage]') ?? 1),
  };
}

const fieldOf = (field: string) => (field === 'entity_id' ? 'id' : field);

function matches(actual: unknown, f: Filter): boolean {
  const a = String(actual);
  switch (f.condition) {
    case 'neq':
      return a !== f.value;
    case 'gt':
      return a > f.value;
    case 'in':
      return f.value.split(',').includes(a);
    default:
      return a === f.value;
  }
}

/** The published tree (bundle tutorial: Default Category, What's New), with the categories the fixtures link to. */
function builtCategoryTree() {
  const tree = readExtdataJson<{ children_data: unknown[] }>('magento2-v1-categories-tree.json');
  const node = (id: number, parent: number, name: string, level: number, children: unknown[] = []) => ({
    id,
    parent_id: parent,
    name,
    is_active: true,
    position: id,
    level,
    product_count: 0,
    children_data: children,
  });
  // Built: the configurable tutorial's Men › Tops › Tees (11, 12, 16) and the search fixture's category 48.
  tree.children_data.push(
    node(11, 2, 'Men', 2, [node(12, 11, 'Tops', 3, [node(16, 12, 'Tees', 4)])]),
    node(48, 2, 'Looks', 2),
  );
  return tree;
}

/** The published product search (17 simple products of an Adobe Commerce store, total_count 17). */
export function publishedMagentoSearch(): MagentoProduct[] {
  return readExtdataJson<{ items: MagentoProduct[] }>('magento2-v1-products-search.json').items;
}

/**
 * The configurable-product tutorial's Champ Tee, linked to its children as its step 4 does (Size 141:
 * configurable_product_options and configurable_product_links): the published Small, and Medium and Large built
 * from it, Large on sale with an MSRP; the published Small keeps its stock_item, the others have source items.
 */
export function champTee(): {
  products: MagentoProduct[];
  attributes: MagentoAttribute[];
  sourceItems: FakeMagento['sourceItems'];
} {
  const [small, parent] = readExtdataJson<MagentoProduct[]>('magento2-rest-product-responses.json');
  const child = (
    id: number,
    sku: string,
    name: string,
    size: string,
    extra: MagentoProduct['custom_attributes'] = [],
  ): MagentoProduct => {
    const { stock_item: _stock, ...ext } = small!.extension_attributes!;
    return {
      ...small!,
      id,
      sku,
      name,
      extension_attributes: ext,
      media_gallery_entries: [
        {
          id: id * 10,
          media_type: 'image',
          position: 1,
          disabled: false,
          types: ['image'],
          file: `/m/s/${sku.toLowerCase()}.jpg`,
        },
      ],
      custom_attributes: [
        ...small!.custom_attributes!.filter(
          (a) => a.attribute_code !== 'size' && a.attribute_code !== 'url_key',
        ),
        { attribute_code: 'size', value: size },
        ...extra!,
      ],
    };
  };
  const linked: MagentoProduct = {
    ...parent!,
    media_gallery_entries: [
      {
        id: 1,
        media_type: 'image',
        position: 1,
        disabled: false,
        types: ['image', 'small_image', 'thumbnail'],
        file: '/m/s/ms-champ.jpg',
      },
    ],
    extension_attributes: {
      ...parent!.extension_attributes,
      configurable_product_options: [
        {
          id: 335,
          attribute_id: '141',
          label: 'Size',
          position: 0,
          values: [{ value_index: 168 }, { value_index: 169 }, { value_index: 170 }],
        },
      ],
      configurable_product_links: [2079, 2080, 2081],
    },
    tier_prices: [{ customer_group_id: 32000, qty: 10, value: 20, extension_attributes: { website_id: 0 } }],
  };
  return {
    products: [
      {
        ...small!,
        tier_prices: [{ customer_group_id: 2, qty: 5, value: 22, extension_attributes: { website_id: 0 } }],
      },
      linked,
      child(2080, 'MS-Champ-M', 'Champ Tee Medium', '169'),
      child(2081, 'MS-Champ-L', 'Champ Tee Large', '170', [
        { attribute_code: 'special_price', value: '22.000000' },
        { attribute_code: 'msrp', value: '30.000000' },
        { attribute_code: 'gtin', value: '0885909950805' },
      ]),
    ],
    attributes: [
      {
        attribute_id: 141,
        attribute_code: 'size',
        frontend_input: 'select',
        default_frontend_label: 'Size',
        options: [
          { label: ' ', value: '' },
          { label: 'S', value: '168' },
          { label: 'M', value: '169' },
          { label: 'L', value: '170' },
          { label: 'XL', value: '91' },
        ],
      },
      {
        attribute_id: 93,
        attribute_code: 'color',
        frontend_input: 'select',
        default_frontend_label: 'Color',
        options: [{ label: 'Gray', value: '52' }],
      },
      {
        attribute_id: 136,
        attribute_code: 'material',
        frontend_input: 'multiselect',
        default_frontend_label: 'Material',
        options: [{ label: 'Cotton', value: '148' }],
      },
      {
        attribute_id: 152,
        attribute_code: 'pattern',
        frontend_input: 'select',
        default_frontend_label: 'Pattern',
        options: [{ label: 'Solid', value: '196' }],
      },
      {
        attribute_id: 190,
        attribute_code: 'provider',
        frontend_input: 'select',
        default_frontend_label: 'Proveedor',
        options: [{ label: 'Moda Sur', value: '304' }],
      },
      {
        attribute_id: 191,
        attribute_code: 'look_id',
        frontend_input: 'text',
        default_frontend_label: 'Look',
        options: [],
      },
    ],
    sourceItems: [
      { sku: 'MS-Champ-M', source_code: 'default', quantity: 3, status: 1 },
      { sku: 'MS-Champ-M', source_code: 'madrid', quantity: 2, status: 1 },
      { sku: 'MS-Champ-L', source_code: 'default', quantity: 0, status: 0 },
    ],
  };
}

/** `count` products shaped as the published first search result, ids from `firstId` on. */
export function generatedMagentoProducts(count: number, firstId = 10_000): MagentoProduct[] {
  const [first] = publishedMagentoSearch();
  return Array.from({ length: count }, (_, i) => ({
    ...first!,
    id: firstId + i,
    sku: `CAM-${firstId + i}`,
    name: `Camiseta ${i + 1}`,
    updated_at: `2026-02-${String(1 + (i % 28)).padStart(2, '0')} 09:00:00`,
  }));
}
