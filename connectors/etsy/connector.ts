import {
  connectionCheck,
  decodeEntities,
  mapSafely,
  oauthClient,
  pageOf,
  readCursor,
  text,
  type HttpClient,
  type OAuthAdapterOptions,
  type OAuthSession,
  type Pacer,
} from '../shared/index.ts';
import {
  ConnectorError,
  type ConnectionCheck,
  type Connector,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../types.ts';
import { mapEtsyListing, type EtsyInventory, type EtsyListing } from './map-listing.ts';
import {
  ETSY_API_URL,
  etsyApiKey,
  refreshEtsyCredentials,
  type EtsyAppKeys,
  type EtsyCredentials,
} from './oauth.ts';

export type EtsyConnectorOptions = OAuthAdapterOptions & {
  credentials: EtsyCredentials;
  appKeys: EtsyAppKeys;
  /** Listings per page (Etsy's maximum and default here: 100). */
  pageSize?: number;
};

type Results<T> = { count: number; results: T[] };
type Shop = {
  shop_id: number;
  shop_name?: string | null;
  title?: string | null;
  currency_code?: string | null;
  listing_active_count?: number | null;
};
type Section = { shop_section_id: number; title?: string | null };

const MAX_PAGE = 100;

/**
 * Etsy's per-second allowance (x-remaining-this-second, 10 a second per app): when an answer says none is left,
 * the next request waits for the next second instead of collecting a 429.
 */
class EtsyPacer implements Pacer {
  private emptyAt: number | null = null;
  before(): number {
    if (this.emptyAt === null) return 0;
    const ms = this.emptyAt + 1000 - Date.now();
    this.emptyAt = null;
    return ms > 0 ? ms : 0;
  }
  after(res: Response): void {
    this.emptyAt = res.headers.get('x-remaining-this-second') === '0' ? Date.now() : null;
  }
}

/**
 * An Etsy shop behind the Connector interface, over Open API v3 with the merchant's OAuth token (renewed with
 * its refresh token when it expires) and the operator's app key in x-api-key. Listings come from
 * getListingsByShop (state=active, includes=Images,Inventory, 100 a page by offset); categories are the
 * shop's sections.
 */
export class EtsyConnector implements Connector {
  readonly platform = 'etsy';
  readonly http: HttpClient;
  readonly session: OAuthSession<EtsyCredentials>;
  private readonly base: string;
  private readonly pageSize: number;
  private sections: Map<string, string> | null = null;
  private shop: Shop | null = null;

  constructor(opts: EtsyConnectorOptions) {
    this.base = (opts.apiUrl ?? ETSY_API_URL).replace(/\/+$/, '');
    this.pageSize = Math.max(1, Math.min(MAX_PAGE, opts.pageSize ?? MAX_PAGE));
    ({ session: this.session, http: this.http } = oauthClient({
      ...opts,
      platform: 'Etsy',
      refresh: (c) => refreshEtsyCredentials(c, { ...opts, clientId: opts.appKeys.clientId }),
      headers: { 'x-api-key': etsyApiKey(opts.appKeys) },
      pacer: new EtsyPacer(),
    }));
  }

  private get shopId(): string {
    return this.session.credentials.shopId;
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const shop = await this.loadShop(true);
      return { shopName: shop.shop_name ?? shop.title ?? null, currency: shop.currency_code ?? null };
    });
  }

  async countProducts(): Promise<number | null> {
    const shop = await this.loadShop(true);
    return typeof shop.listing_active_count === 'number' ? shop.listing_active_count : null;
  }

  /**
   * A page of active listings (getListingsByShop, Etsy's default order; its sort parameters apply to searches
   * only, so there is no modified-since listing either); the cursor is the next offset.
   */
  async listProducts(cursor?: string | null): Promise<ProductPage> {
    const offset = readCursor<{ offset: number }>(cursor)?.offset ?? 0;
    const q = new URLSearchParams({
      state: 'active',
      includes: 'Images,Inventory',
      limit: String(this.pageSize),
      offset: String(offset),
    });
    const page = await this.http.json<Results<EtsyListing>>(
      `${this.base}/shops/${this.shopId}/listings?${q}`,
    );
    if (!page || !Array.isArray(page.results) || typeof page.count !== 'number')
      throw new ConnectorError('invalid_response', 'Etsy answered a listings page without results');
    const items = await this.mapAll(page.results);
    const next = offset + page.results.length;
    return pageOf(
      items,
      page.results.length > 0 && next < page.count ? JSON.stringify({ offset: next }) : null,
    );
  }

  /**
   * One listing with all its variations, by its listing id, a variation's id ("listing:product") or a bare
   * listing id; null when Etsy no longer has it or it is another shop's. getListing does not include the
   * inventory: it comes from getListingInventory.
   */
  async getProduct(id: string): Promise<StoreListing | null> {
    const listingId = String(id).trim().split(':')[0]!;
    if (!/^\d+$/.test(listingId)) return null;
    const l = await this.http.json<EtsyListing>(`${this.base}/listings/${listingId}?includes=Images`, {
      notFoundIsNull: true,
    });
    if (!l || (l.shop_id !== undefined && String(l.shop_id) !== this.shopId)) return null;
    const inventory = await this.http.json<EtsyInventory>(`${this.base}/listings/${listingId}/inventory`, {
      notFoundIsNull: true,
    });
    const [item] = await this.mapAll([{ ...l, inventory }]);
    if ('failure' in item!) throw new ConnectorError('invalid_response', item.failure.error);
    return item!.listing;
  }

  /** The shop's sections: the categories its listings carry (by title, as listing.category holds it). */
  async listCategories(): Promise<StoreCategory[]> {
    const titles = new Set((await this.loadSections()).values());
    return [...titles].map((t) => ({ external_id: t, title: t }));
  }

  /** Etsy shops have sections (our categories), not collections. */
  async listCollections(): Promise<StoreCollection[]> {
    return [];
  }

  private async mapAll(listings: EtsyListing[]) {
    const sections = await this.loadSections();
    const shop = await this.loadShop(false);
    return listings.map((l) =>
      mapSafely(
        l,
        (x) => mapEtsyListing(x, { sections, currency: shop.currency_code ?? null }),
        (x) => ({ id: x?.listing_id, title: text(x?.title ? decodeEntities(x.title) : null) }),
      ),
    );
  }

  private async loadShop(fresh: boolean): Promise<Shop> {
    if (!this.shop || fresh) this.shop = await this.http.json<Shop>(`${this.base}/shops/${this.shopId}`);
    return this.shop;
  }

  private async loadSections(): Promise<Map<string, string>> {
    if (this.sections) return this.sections;
    const answer = await this.http.json<Results<Section>>(`${this.base}/shops/${this.shopId}/sections`);
    this.sections = new Map(
      (answer.results ?? []).flatMap((s) =>
        s.title?.trim() ? [[String(s.shop_section_id), decodeEntities(s.title).trim()] as const] : [],
      ),
    );
    return this.sections;
  }
}
