import {
  asArray,
  connectionCheck,
  mapSafely,
  oauthClient,
  pageOf,
  readCursor,
  text,
  type HttpClient,
  type OAuthAdapterOptions,
  type OAuthSession,
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
import { mapEbayItem, type EbayItem } from './map-item.ts';
import { ebayTradingUrl, refreshEbayCredentials, type EbayAppKeys, type EbayCredentials } from './oauth.ts';
import { TradingClient, xmlText } from './trading.ts';

export type EbayConnectorOptions = OAuthAdapterOptions & {
  credentials: EbayCredentials;
  appKeys: EbayAppKeys;
  /** Items per GetSellerList page (eBay's maximum with DetailLevel ReturnAll, and the default: 200). */
  pageSize?: number;
  /** Days of one EndTime window (at most 120, eBay's limit) and how many windows a full listing walks (1). */
  windowDays?: number;
  windows?: number;
};

const MAX_PAGE = 200;
const MAX_WINDOW_DAYS = 120;
const DAY = 86_400_000;
/** GetSellerEvents answers only for recent changes: eBay advises against looking back more than 48 hours. */
const EVENTS_LOOKBACK_MS = 48 * 3600_000;

type ListCursor = { from: string; window: number; page: number };
type SellerList = {
  PaginationResult?: { TotalNumberOfPages?: string; TotalNumberOfEntries?: string };
  HasMoreItems?: string;
  ItemArray?: { Item?: EbayItem[] };
};
type CustomCategory = { CategoryID?: string; Name?: string; ChildCategory?: CustomCategory[] };

/** The currency of the main eBay sites, by GetUser's Site (the connection check's currency). */
const SITE_CURRENCY: Record<string, string> = {
  US: 'USD',
  eBayMotors: 'USD',
  UK: 'GBP',
  Canada: 'CAD',
  CanadaFrench: 'CAD',
  Australia: 'AUD',
  Germany: 'EUR',
  France: 'EUR',
  Italy: 'EUR',
  Spain: 'EUR',
  Ireland: 'EUR',
  Austria: 'EUR',
  Belgium_Dutch: 'EUR',
  Belgium_French: 'EUR',
  Netherlands: 'EUR',
  Switzerland: 'CHF',
  Poland: 'PLN',
  HongKong: 'HKD',
  Singapore: 'SGD',
  India: 'INR',
  Malaysia: 'MYR',
  Philippines: 'PHP',
};

/**
 * An eBay seller behind the Connector interface, over the Trading API with the seller's OAuth user token. The
 * whole catalog comes from GetSellerList with DetailLevel ReturnAll, 200 items a page, in EndTime windows of
 * 120 days (eBay's limit) from now: every live listing ends within one (fixed-price listings are Good 'Til
 * Cancelled and renew every 30 days, auctions last at most 10). The cursor fixes the window's start so the
 * pages of one pass agree. The seller's eBay Store categories are the collections.
 */
export class EbayConnector implements Connector {
  readonly platform = 'ebay';
  readonly http: HttpClient;
  readonly session: OAuthSession<EbayCredentials>;
  readonly trading: TradingClient;
  private readonly pageSize: number;
  private readonly windowDays: number;
  private readonly windows: number;
  private readonly now: () => number;
  private storeCategories: Map<string, string> | null | undefined;

  constructor(opts: EbayConnectorOptions) {
    this.pageSize = Math.max(1, Math.min(MAX_PAGE, opts.pageSize ?? MAX_PAGE));
    this.windowDays = Math.max(1, Math.min(MAX_WINDOW_DAYS, opts.windowDays ?? MAX_WINDOW_DAYS));
    this.windows = Math.max(1, Math.floor(opts.windows ?? 1));
    this.now = opts.now ?? Date.now;
    ({ session: this.session, http: this.http } = oauthClient({
      ...opts,
      platform: 'eBay',
      // The token travels in X-EBAY-API-IAF-TOKEN, and eBay refuses it in Ack Failure answers (TradingClient).
      bearer: false,
      timeoutMs: opts.timeoutMs ?? 60_000,
      refresh: (c) => refreshEbayCredentials(c, { ...opts, appKeys: opts.appKeys }),
    }));
    this.trading = new TradingClient({
      http: this.http,
      endpoint: ebayTradingUrl(opts.apiUrl),
      siteId: opts.credentials.siteId,
      session: this.session,
      maxRetries: opts.maxRetries,
      retryBaseMs: opts.retryBaseMs,
    });
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const answer = await this.trading.call<{ User?: { UserID?: string; Site?: string } }>(
        'GetUser',
        '<DetailLevel>ReturnSummary</DetailLevel>',
      );
      const user = asArray(answer.User)[0];
      return { shopName: text(user?.UserID), currency: SITE_CURRENCY[user?.Site ?? ''] ?? null };
    });
  }

  /** The live listings over the windows of a full listing: GetSellerList's entry count, one item a page. */
  async countProducts(): Promise<number | null> {
    let total = 0;
    const from = this.windowStart();
    for (let w = 0; w < this.windows; w++) {
      const answer = await this.sellerList(from, w, 1, 1, false);
      const n = Number(answer.PaginationResult?.TotalNumberOfEntries);
      if (!Number.isFinite(n)) return null;
      total += n;
    }
    return total;
  }

  async listProducts(cursor?: string | null): Promise<ProductPage> {
    const c = readCursor<ListCursor>(cursor) ?? { from: this.windowStart(), window: 0, page: 1 };
    const answer = await this.sellerList(c.from, c.window, c.page, this.pageSize, true);
    const items = answer.ItemArray?.Item ?? [];
    const pages = Number(answer.PaginationResult?.TotalNumberOfPages ?? 0);
    const more = answer.HasMoreItems === 'true' || (Number.isFinite(pages) && c.page < pages);
    const next: ListCursor | null =
      more && items.length
        ? { ...c, page: c.page + 1 }
        : c.window + 1 < this.windows
          ? { from: c.from, window: c.window + 1, page: 1 }
          : null;
    return pageOf(await this.mapAll(items), next ? JSON.stringify(next) : null);
  }

  /**
   * Items changed since `since` (GetSellerEvents by modification time, one answer). eBay answers this call
   * only for the last 48 hours; an older `since` falls back to the full listing.
   */
  async listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    const now = this.now();
    if (now - since.getTime() > EVENTS_LOOKBACK_MS) return this.listProducts(cursor);
    const answer = await this.trading.call<{ ItemArray?: { Item?: EbayItem[] } }>(
      'GetSellerEvents',
      `<DetailLevel>ReturnAll</DetailLevel><IncludeVariationSpecifics>true</IncludeVariationSpecifics>` +
        `<ModTimeFrom>${since.toISOString()}</ModTimeFrom><ModTimeTo>${new Date(now).toISOString()}</ModTimeTo>`,
    );
    return pageOf(await this.mapAll(answer.ItemArray?.Item ?? []), null);
  }

  /**
   * One item with all its variations (GetItem), by its ItemID or a variation's id ("ItemID:SKU"); null when
   * eBay no longer has it or it is another seller's.
   */
  async getProduct(id: string): Promise<StoreListing | null> {
    const itemId = String(id).trim().split(':')[0]!;
    if (!/^\d+$/.test(itemId)) return null;
    let answer: { Item?: EbayItem | EbayItem[] };
    try {
      answer = await this.trading.call(
        'GetItem',
        `<ItemID>${xmlText(itemId)}</ItemID><DetailLevel>ReturnAll</DetailLevel>` +
          `<IncludeItemSpecifics>true</IncludeItemSpecifics>`,
      );
    } catch (err) {
      // 17: "This item cannot be accessed because the listing has been deleted or is a Half.com listing".
      if (err instanceof ConnectorError && err.platformCodes.includes('17')) return null;
      throw err;
    }
    const item = asArray(answer.Item)[0];
    if (!item) return null;
    const seller = this.session.credentials.userId;
    if (seller && item.Seller?.UserID && item.Seller.UserID !== seller) return null;
    const [mapped] = await this.mapAll([item]);
    if ('failure' in mapped!) throw new ConnectorError('invalid_response', mapped.failure.error);
    return mapped!.listing;
  }

  /** eBay's categories are named on the listings themselves (listing.category); no separate list. */
  async listCategories(): Promise<StoreCategory[]> {
    return [];
  }

  /** The seller's eBay Store categories (GetStore); a seller without a Store has none. */
  async listCollections(): Promise<StoreCollection[]> {
    const store = await this.loadStoreCategories();
    return [...(store ?? new Map<string, string>())].map(([external_id, title]) => ({
      external_id,
      title,
      is_custom_collection: true,
    }));
  }

  private windowStart(): string {
    // Whole seconds: eBay's dateTime, and stable in the cursor.
    return new Date(Math.floor(this.now() / 1000) * 1000).toISOString();
  }

  private sellerList(
    from: string,
    window: number,
    page: number,
    perPage: number,
    details: boolean,
  ): Promise<SellerList> {
    const start = Date.parse(from) + window * this.windowDays * DAY;
    const end = start + this.windowDays * DAY;
    return this.trading.call<SellerList>(
      'GetSellerList',
      (details
        ? '<DetailLevel>ReturnAll</DetailLevel><IncludeVariations>true</IncludeVariations>'
        : '<GranularityLevel>Coarse</GranularityLevel>') +
        `<EndTimeFrom>${new Date(start).toISOString()}</EndTimeFrom>` +
        `<EndTimeTo>${new Date(end).toISOString()}</EndTimeTo>` +
        `<Pagination><EntriesPerPage>${perPage}</EntriesPerPage><PageNumber>${page}</PageNumber></Pagination>`,
    );
  }

  private async mapAll(items: EbayItem[]) {
    const storeCategories = await this.loadStoreCategories().catch(() => null);
    return items.map((item) =>
      mapSafely(
        item,
        (i) => mapEbayItem(i, { storeCategories }),
        (i) => ({ id: i?.ItemID, title: text(i?.Title) }),
      ),
    );
  }

  /**
   * The Store's categories by id (children flattened, named "Parent > Child"), read once; null when the seller
   * has no eBay Store (GetStore fails for a seller without one).
   */
  private async loadStoreCategories(): Promise<Map<string, string> | null> {
    if (this.storeCategories !== undefined) return this.storeCategories;
    try {
      const answer = await this.trading.call<{
        Store?: { CustomCategories?: { CustomCategory?: CustomCategory[] } };
      }>('GetStore', '<CategoryStructureOnly>true</CategoryStructureOnly>');
      const map = new Map<string, string>();
      const walk = (cats: CustomCategory[] | undefined, prefix: string) => {
        for (const cat of cats ?? []) {
          const name = text(cat.Name);
          if (!cat.CategoryID || !name) continue;
          const title = prefix ? `${prefix} > ${name}` : name;
          map.set(String(cat.CategoryID), title);
          walk(cat.ChildCategory, title);
        }
      };
      walk(asArray(answer.Store)[0]?.CustomCategories?.CustomCategory, '');
      this.storeCategories = map;
    } catch (err) {
      if (err instanceof ConnectorError && err.code === 'invalid_response' && err.platformCodes.length) {
        this.storeCategories = null;
      } else throw err;
    }
    return this.storeCategories;
  }
}
