import { FakeOAuth } from './fake-oauth.ts';
import { bearerOf, FakeStoreServer, json, type FakeAnswer, type FakeRequest } from './fake-store-server.ts';

/**
 * Etsy Open API v3 on 127.0.0.1, for the Etsy adapter: getMe, getShop, getShopSections, getListingsByShop
 * (state, limit ≤ 100, offset, includes=Images,Inventory), getListing, getListingInventory and the OAuth 2 token
 * endpoint with PKCE (/v3/public/oauth/token). Requests must carry x-api-key "keystring:shared secret" and a
 * live bearer token "<user id>.<token>", as Etsy requires.
 *
 * The only real Etsy response we have is one getListingInventory answer (../shared/extdata); the listings are
 * built here in the ShopListing shape of Etsy's published OpenAPI document (developers.etsy.com, "ShopListing"
 * and "ListingInventory"), field by field.
 */

export type Obj = Record<string, any>;

/** A ShopListing as getListingsByShop returns it with includes=Images,Inventory. */
export function etsyListing(
  n: number,
  opts: {
    shopId: number;
    userId: number;
    title?: string | null;
    sectionId?: number | null;
    currency?: string;
    /** Variations: each [property name, values] makes one property; products are their combinations. */
    properties?: [string, string[]][];
    /** In minor units. */
    amount?: number;
    quantity?: number;
    inventory?: Obj;
    tags?: string[];
  },
): Obj {
  const listingId = 1_000_000_000 + n;
  const currency = opts.currency ?? 'EUR';
  const amount = opts.amount ?? 1500 + n;
  const created = 1_700_000_000 + n * 60;
  const money = (a: number) => ({ amount: a, divisor: 100, currency_code: currency });
  const properties = opts.properties ?? [];
  const combos: string[][] = properties.reduce<string[][]>(
    (acc, [, values]) => acc.flatMap((c) => values.map((v) => [...c, v])),
    [[]],
  );
  const products = properties.length
    ? combos.map((combo, i) => ({
        product_id: listingId * 10 + i,
        sku: `SKU-${n}-${i}`,
        is_deleted: false,
        offerings: [
          {
            offering_id: listingId * 100 + i,
            quantity: (opts.quantity ?? 4) + i,
            is_enabled: true,
            is_deleted: false,
            price: money(amount + i * 100),
          },
        ],
        property_values: combo.map((value, j) => ({
          property_id: 513 + j,
          property_name: properties[j]![0],
          scale_id: null,
          scale_name: null,
          value_ids: [5000 + j * 100 + properties[j]![1].indexOf(value)],
          values: [value],
        })),
      }))
    : [
        {
          product_id: listingId * 10,
          sku: `SKU-${n}`,
          is_deleted: false,
          offerings: [
            {
              offering_id: listingId * 100,
              quantity: opts.quantity ?? 7,
              is_enabled: true,
              is_deleted: false,
              price: money(amount),
            },
          ],
          property_values: [],
        },
      ];
  const inventory = opts.inventory ?? {
    products,
    price_on_property: properties.length ? [513] : [],
    quantity_on_property: properties.length ? [513] : [],
    sku_on_property: properties.length ? [513] : [],
  };
  const invProducts: Obj[] = inventory.products ?? [];
  const offerAmounts = invProducts.flatMap((p: Obj) => p.offerings.map((o: Obj) => o.price.amount as number));
  return {
    listing_id: listingId,
    user_id: opts.userId,
    shop_id: opts.shopId,
    title: opts.title === undefined ? `Hand-knitted wool scarf &quot;No. ${n}&quot;` : opts.title,
    description: `A warm scarf.\nHand-knitted from local wool & dyed with plants.`,
    state: 'active',
    creation_timestamp: created,
    created_timestamp: created,
    ending_timestamp: created + 120 * 86400,
    original_creation_timestamp: created,
    last_modified_timestamp: created + 3600,
    updated_timestamp: created + 3600,
    state_timestamp: created,
    quantity: invProducts.reduce(
      (s: number, p: Obj) => s + p.offerings.reduce((t: number, o: Obj) => t + o.quantity, 0),
      0,
    ),
    shop_section_id: opts.sectionId ?? null,
    featured_rank: -1,
    url: `https://www.etsy.com/listing/${listingId}/hand-knitted-wool-scarf-${n}`,
    num_favorers: 3,
    non_taxable: false,
    is_taxable: true,
    is_customizable: false,
    is_personalizable: false,
    personalization_is_required: false,
    personalization_char_count_max: null,
    personalization_instructions: null,
    listing_type: 'physical',
    tags: opts.tags ?? ['scarf', 'wool', 'winter'],
    materials: ['wool'],
    shipping_profile_id: 177_000_001,
    return_policy_id: 1_042_000_001,
    processing_min: 1,
    processing_max: 3,
    who_made: 'i_did',
    when_made: 'made_to_order',
    is_supply: false,
    item_weight: 0.2,
    item_weight_unit: 'kg',
    item_length: null,
    item_width: null,
    item_height: null,
    item_dimensions_unit: null,
    is_private: false,
    style: [],
    file_data: '',
    has_variations: properties.length > 0,
    should_auto_renew: true,
    language: 'en-US',
    price: money(offerAmounts.length ? Math.min(...offerAmounts) : amount),
    taxonomy_id: 1093,
    production_partners: [],
    skus: invProducts.map((p: Obj) => p.sku).filter(Boolean),
    views: 12,
    images: [2, 1].map((rank) => ({
      listing_id: listingId,
      listing_image_id: listingId * 10 + rank,
      hex_code: null,
      red: null,
      green: null,
      blue: null,
      hue: null,
      saturation: null,
      brightness: null,
      is_black_and_white: null,
      creation_tsz: created,
      created_timestamp: created,
      rank,
      url_75x75: `https://i.etsystatic.com/1/r/il/a/${listingId}${rank}/il_75x75.jpg`,
      url_170x135: `https://i.etsystatic.com/1/r/il/a/${listingId}${rank}/il_170x135.jpg`,
      url_570xN: `https://i.etsystatic.com/1/r/il/a/${listingId}${rank}/il_570xN.jpg`,
      url_fullxfull: `https://i.etsystatic.com/1/r/il/a/${listingId}${rank}/il_fullxfull.jpg`,
      full_height: 1500,
      full_width: 1500,
      alt_text: null,
    })),
    inventory,
  };
}

export class FakeEtsy {
  readonly server: FakeStoreServer;
  readonly appKeys = { clientId: 'k9etsykeystring1234abcd', clientSecret: 'etsysharedsecret1' };
  readonly oauth: FakeOAuth;
  readonly userId = 98_765_432;
  shop: Obj = {
    shop_id: 55_512_345,
    shop_name: 'NordicKnits',
    user_id: 98_765_432,
    title: 'Knitwear from the north',
    currency_code: 'EUR',
    url: 'https://www.etsy.com/shop/NordicKnits',
    listing_active_count: 0,
  };
  sections: Obj[] = [];
  listings: Obj[] = [];

  constructor() {
    this.server = new FakeStoreServer((req) => this.route(req));
    this.oauth = new FakeOAuth({
      clientId: this.appKeys.clientId,
      clientAuth: 'none',
      requirePkce: true,
      rotate: true,
      tokenText: (data) => `${data.userId}.${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`,
    });
  }

  async start(): Promise<this> {
    await this.server.start();
    return this;
  }
  stop = () => this.server.stop();

  get apiUrl(): string {
    return `${this.server.url}/v3/application`;
  }

  /** Stored credentials of a merchant who connected the shop (as connectEtsy would write them). */
  credentials(ttlSeconds?: number) {
    return {
      ...this.oauth.stored({ userId: this.userId }, ttlSeconds),
      shopId: String(this.shop.shop_id),
      userId: String(this.userId),
    };
  }

  addListing(n: number, opts: Partial<Parameters<typeof etsyListing>[1]> = {}): Obj {
    const l = etsyListing(n, { shopId: this.shop.shop_id, userId: this.userId, ...opts });
    this.listings.push(l);
    return l;
  }

  private route(req: FakeRequest): FakeAnswer {
    if (req.method === 'POST' && req.path === '/v3/public/oauth/token') return this.oauth.token(req);
    if (!req.path.startsWith('/v3/application/')) return json({ error: 'Not found' }, 404);
    if (req.headers['x-api-key'] !== `${this.appKeys.clientId}:${this.appKeys.clientSecret}`)
      return json({ error: 'Invalid API key: should be in the format "keystring:shared_secret".' }, 403);
    const token = this.oauth.check(bearerOf(req));
    if (token === 'expired')
      return json({ error: 'invalid_token', error_description: 'access token is expired' }, 401);
    if (!token) return json({ error: 'invalid_token', error_description: 'access token is invalid' }, 401);
    const path = req.path.slice('/v3/application'.length);
    const shopPath = `/shops/${this.shop.shop_id}`;
    const includes = (req.query.get('includes') ?? '').split(',');
    const shape = (l: Obj, withInventory: boolean) => {
      const out = { ...l };
      if (!includes.includes('Images')) delete out.images;
      if (!withInventory) delete out.inventory;
      return out;
    };
    if (path === '/users/me') return json({ user_id: this.userId, shop_id: this.shop.shop_id });
    if (path === shopPath)
      return json({
        ...this.shop,
        listing_active_count: this.listings.filter((l) => l.state === 'active').length,
      });
    if (path === `${shopPath}/sections`) return json({ count: this.sections.length, results: this.sections });
    if (path === `${shopPath}/listings`) {
      const limit = Number(req.query.get('limit') ?? 25);
      const offset = Number(req.query.get('offset') ?? 0);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return json({ error: 'Expected int <= 100 for limit' }, 400);
      const state = req.query.get('state') ?? 'active';
      const all = this.listings.filter((l) => l.state === state);
      return json({
        count: all.length,
        results: all.slice(offset, offset + limit).map((l) => shape(l, includes.includes('Inventory'))),
      });
    }
    const one = /^\/listings\/(\d+)(\/inventory)?$/.exec(path);
    if (one) {
      const l = this.listings.find((x) => String(x.listing_id) === one[1]);
      if (!l) return json({ error: `Listing ${one[1]} not found` }, 404);
      if (one[2]) return json({ ...l.inventory, listing: null });
      return json(shape(l, false));
    }
    return json({ error: 'Not found' }, 404);
  }
}
