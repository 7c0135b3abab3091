import { eq } from 'drizzle-orm';
import { hasConnector, type Connector } from '../../connectors/index.ts';
import { listProducts, productsDiffer, refreshProduct, type SyncKind } from '../../core/commands/index.ts';
import { SYNC_STEP_DELAY_MS } from '../../core/constants.ts';
import type { ListingInput, Product } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/owned.ts';
import { storeAccounts } from '../../db/schema.ts';
import { getCatalog } from './catalogs.server.ts';
import { savePage } from './catalog-saves.server.ts';
import { ApiError } from '../platform/index.ts';
import {
  findListingByExternalId,
  getListingsByIds,
  upsertListings,
  type ListingView,
} from '../listings/index.ts';
import { findOwnedAccount, type StoreAccount, connectorFor } from '../stores/index.ts';

export type SynchronizeOptions = {
  db: Db;
  ownerId: string;
  catalogId: string;
  kinds: readonly SyncKind[];
  /** Opens store credentials, for products read from their store. */
  appSecret: string;
  /** Pause between two products (SPEC §9 sync delay, 700 ms): the pacing store APIs expect. */
  delayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
  logger?: { warn: (obj: object, msg: string) => void };
};

export type SynchronizeResult = {
  total: number;
  updated: number;
  unchanged: number;
  /** Products that could not be refreshed: left as they were (SPEC §4 'a failure for one product is skipped'). */
  skipped: { element_id: string; product_id: string; title: string; reason: string }[];
};

const SAVE_ATTEMPTS = 3;

/**
 * SPEC §4 'Synchronize': walk the catalog's product elements in order, one at a time with the sync delay
 * between them, and refresh the chosen kinds (images, prices, information) from the product's listing, read
 * fresh from its store when the listing comes from a connected store (the listing is updated too). Progress is
 * elements done over elements. A product that fails is skipped and reported. Each page is saved when its
 * products are done, through the catalogs service: on a stale revision (the merchant saved meanwhile) the
 * page is read again and the refreshed products applied to it again, so no edit is lost.
 */
export async function synchronizeCatalog(
  options: SynchronizeOptions,
  ctx: { progress: (done: number, total: number) => void },
): Promise<SynchronizeResult> {
  const { db, ownerId, catalogId } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const delayMs = options.delayMs ?? SYNC_STEP_DELAY_MS;
  const { catalog } = await getCatalog({ db, ownerId, catalogId });
  const elements = listProducts(catalog);
  const result: SynchronizeResult = { total: elements.length, updated: 0, unchanged: 0, skipped: [] };
  ctx.progress(0, elements.length);
  const sources = new SourceCache(options);
  let pending = new Map<string, Product>();

  for (let i = 0; i < elements.length; i++) {
    if (options.signal?.aborted) throw new Error('The synchronization was cancelled');
    const element = elements[i]!;
    const product = element.properties;
    try {
      const listing = await sources.freshListing(product, i > 0 ? () => sleep(delayMs) : null);
      const refreshed = refreshProduct(product, listing, options.kinds);
      if (productsDiffer(refreshed, product)) pending.set(element.id, refreshed);
      else result.unchanged++;
    } catch (err) {
      const reason = (err as Error).message;
      result.skipped.push({ element_id: element.id, product_id: product.id, title: product.title, reason });
      options.logger?.warn(
        { catalogId, productId: product.id, reason },
        'catalog synchronize: product skipped',
      );
    }
    ctx.progress(i + 1, elements.length);
    const nextPage = elements[i + 1]?.at.pageIndex;
    if (nextPage !== element.at.pageIndex && pending.size) {
      result.updated += await saveRefreshed(options, catalog.pages[element.at.pageIndex]!.id, pending);
      pending = new Map();
    }
  }
  return result;
}

/** Put refreshed products into the latest version of one page and save it; answers how many were applied. */
async function saveRefreshed(options: SynchronizeOptions, pageId: string, refreshed: Map<string, Product>) {
  const { db, ownerId, catalogId } = options;
  for (let attempt = 1; ; attempt++) {
    const { catalog, revision } = await getCatalog({ db, ownerId, catalogId });
    const page = catalog.pages.find((p) => p.id === pageId);
    if (!page) return 0; // The merchant removed the page meanwhile.
    let applied = 0;
    const elements = page.elements.map((e) => {
      const next = refreshed.get(e.id);
      // Only where the same product still sits: the merchant may have swapped it meanwhile.
      if (!next || e.type !== 'application/product' || e.properties.id !== next.id) return e;
      applied++;
      return { ...e, properties: next };
    });
    if (applied === 0) return 0;
    try {
      await savePage({ db, ownerId, catalogId, pageId, page: { ...page, elements }, revision });
      return applied;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409) || attempt >= SAVE_ATTEMPTS) throw err;
    }
  }
}

/**
 * A catalog product's listing: by our listing id, else by the store id it was added with (in the owner's store
 * accounts of its source, or any of them).
 */
export async function findProductListing(opts: {
  db: Db;
  ownerId: string;
  product: Product;
  accounts: { id: string; type: string }[];
}): Promise<ListingView | null> {
  const { db, ownerId, product, accounts } = opts;
  if (isUuid(product.id)) {
    const [byId] = await getListingsByIds({ db, ownerId, listingIds: [product.id] });
    if (byId) return byId;
  }
  const candidates = accounts.filter((a) => a.type === product.source || product.source === 'own');
  for (const account of candidates.length ? candidates : accounts) {
    const found = await findListingByExternalId({
      db,
      ownerId,
      accountId: account.id,
      externalId: product.id,
    });
    if (found) return found;
  }
  return null;
}

/**
 * Where a product's fresh data comes from: its listing (by our listing id, else by the store id it was added
 * with), and for listings of a connected store, the store itself through its connector. Each product is read
 * once per run, and the pause is taken only before a read.
 */
class SourceCache {
  private readonly listings = new Map<string, ListingInput>();
  private readonly connectors = new Map<string, Connector | null>();
  private accounts: StoreAccount[] | null = null;

  constructor(private readonly options: SynchronizeOptions) {}

  async freshListing(product: Product, pause: (() => Promise<void>) | null): Promise<ListingInput> {
    const key = `${product.source}:${product.id}`;
    const cached = this.listings.get(key);
    if (cached) return cached;
    if (pause) await pause();
    const listing = await this.findListing(product);
    if (!listing) throw new Error('This product is no longer in your listings.');
    const fresh = await this.fromStore(listing);
    this.listings.set(key, fresh);
    return fresh;
  }

  private async findListing(product: Product): Promise<ListingView | null> {
    const { db, ownerId } = this.options;
    this.accounts ??= await db.select().from(storeAccounts).where(eq(storeAccounts.userId, ownerId));
    return findProductListing({ db, ownerId, product, accounts: this.accounts });
  }

  /** The store's current product for a store listing (and the listing brought up to date); else the listing. */
  private async fromStore(listing: ListingView): Promise<ListingInput> {
    const { db, ownerId } = this.options;
    if (!listing.external_id) return listing;
    let connector = this.connectors.get(listing.account_id);
    if (connector === undefined) {
      const account = await findOwnedAccount({ db, ownerId, accountId: listing.account_id });
      connector =
        account && hasConnector(account.type) && account.credentialsEncrypted
          ? connectorFor({ account, appSecret: this.options.appSecret })
          : null;
      this.connectors.set(listing.account_id, connector);
    }
    if (!connector) return listing;
    const fresh = await connector.getProduct(listing.external_id);
    if (!fresh) throw new Error('This product is no longer in the store.');
    const { collections: _collections, ...document } = fresh;
    await upsertListings({ db, ownerId, accountId: listing.account_id, listings: [document] });
    return document;
  }
}
