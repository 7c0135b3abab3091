import {
  asArray,
  connectionCheck,
  mapSafely,
  pageOf,
  readCursor,
  text,
  type HttpClient,
  type MappedProduct,
  type OAuthAdapterOptions,
  type OAuthSession,
} from '../../shared/index.ts';
import {
  ConnectorError,
  type ConnectionCheck,
  type Connector,
  type ProductPage,
  type StoreCategory,
  type StoreCollection,
  type StoreListing,
} from '../../types.ts';
import { lightspeedClient, type LightspeedRCredentials } from '../credentials.ts';
import { LeakyBucket } from './bucket.ts';
import { mapRItem, mapRMatrix, type RItem, type RMatrix } from './map-item.ts';
import { refreshLightspeedR, rSeriesApiBase, type RSeriesAppKeys } from './oauth.ts';

export type RSeriesConnectorOptions = OAuthAdapterOptions & {
  credentials: LightspeedRCredentials;
  appKeys?: RSeriesAppKeys;
  /** Records per page (R-Series' maximum and the default: 100). */
  pageSize?: number;
};

/**
 * R-Series' paging: V3 answers `@attributes.next` (the whole URL of the next page, empty on the last); older
 * answers `count`, `offset` and `limit`. Both are read.
 */
type Attributes = { next?: string; previous?: string; count?: string; offset?: string; limit?: string };
type Answer = { '@attributes'?: Attributes } & Record<string, unknown>;

/** Where a listing pass is: standalone items first, then matrices; the next page as a URL or an offset. */
type Cursor = { phase: 'items' | 'matrices'; next?: string; offset?: number };

const MAX_PAGE = 100;
/** Relations read with items. The documentation advises against load_relations=all in production. */
const ITEM_RELATIONS = [
  'ItemShops',
  'Images',
  'Category',
  'Manufacturer',
  'ItemAttributes',
  'ItemAttributes.ItemAttributeSet',
  'ItemECommerce',
  'CustomFieldValues',
  'TagRelations.Tag',
];
const MATRIX_RELATIONS = [
  'Category',
  'Manufacturer',
  'ItemAttributeSet',
  'Images',
  'ItemECommerce',
  'TagRelations.Tag',
];
const VARIANT_RELATIONS = ['ItemShops', 'Images', 'ItemAttributes'];
const MATRIX_PREFIX = 'ItemMatrix/';

/**
 * A Lightspeed R-Series (formerly MerchantOS) account behind the Connector interface, over API V3 with the
 * merchant's OAuth token (renewed and rotated with its refresh token). A listing pass reads the items outside
 * any matrix (itemMatrixID=0), then the matrices, each with its items as variations (Item.json?itemMatrixID=IN).
 * Requests are paced by the leaky bucket the answers describe (X-LS-API-Bucket-Level, X-LS-API-Drip-Rate).
 */
export class RSeriesConnector implements Connector {
  readonly platform = 'lightspeed';
  readonly http: HttpClient;
  readonly session: OAuthSession<LightspeedRCredentials>;
  private readonly apiBase: string;
  private readonly pageSize: number;

  constructor(opts: RSeriesConnectorOptions) {
    this.apiBase = rSeriesApiBase(opts.apiUrl);
    this.pageSize = Math.max(1, Math.min(MAX_PAGE, opts.pageSize ?? MAX_PAGE));
    ({ session: this.session, http: this.http } = lightspeedClient(
      { ...opts, pacer: new LeakyBucket(opts.now) },
      refreshLightspeedR,
    ));
  }

  private get base(): string {
    return `${this.apiBase}/Account/${this.session.credentials.accountId}`;
  }

  private get currency(): string | null {
    return this.session.credentials.currency;
  }

  checkConnection(): Promise<ConnectionCheck> {
    return connectionCheck(async () => {
      const answer = await this.http.json<Answer>(`${this.base}.json`);
      const account = asArray(answer.Account as { name?: string } | { name?: string }[] | undefined)[0];
      if (!account) throw new ConnectorError('invalid_response', 'Lightspeed answered no account');
      return { shopName: text(account.name), currency: this.currency };
    });
  }

  /** Items outside a matrix and matrices (count=1 answers a count; each costs the drips of a write). */
  async countProducts(): Promise<number | null> {
    const items = await this.http.json<Answer>(`${this.base}/Item.json?itemMatrixID=0&count=1`);
    const matrices = await this.http.json<Answer>(`${this.base}/ItemMatrix.json?count=1`);
    const a = Number(items['@attributes']?.count);
    const b = Number(matrices['@attributes']?.count);
    return Number.isFinite(a) && Number.isFinite(b) ? a + b : null;
  }

  async listProducts(cursor?: string | null): Promise<ProductPage> {
    const c = readCursor<Cursor>(cursor) ?? { phase: 'items' };
    if (c.phase === 'items') {
      const q = { itemMatrixID: '0', load_relations: JSON.stringify(ITEM_RELATIONS) };
      const { records, next } = await this.page<RItem>('Item', q, c);
      const items = records.map((i) => this.mapItem(i));
      return pageOf(items, JSON.stringify(next ?? { phase: 'matrices' }));
    }
    const q = { load_relations: JSON.stringify(MATRIX_RELATIONS) };
    const { records, next } = await this.page<RMatrix>('ItemMatrix', q, c);
    return pageOf(await this.mapMatrices(records), next ? JSON.stringify(next) : null);
  }

  /**
   * Items and matrices whose timeStamp is at or after `since` (R-Series' modified-since filter). An item of a
   * matrix brings its whole matrix. timeStamp does not move when only stock changes (ItemShops): stock is
   * brought up to date by full listings.
   */
  async listProductsChangedSince(since: Date, cursor?: string | null): Promise<ProductPage> {
    const c = readCursor<Cursor>(cursor) ?? { phase: 'items' };
    const timeStamp = `>=,${since.toISOString().replace(/\.\d{3}Z$/, '+00:00')}`;
    if (c.phase === 'items') {
      const q = { timeStamp, load_relations: JSON.stringify(ITEM_RELATIONS) };
      const { records, next } = await this.page<RItem>('Item', q, c);
      const standalone = records.filter((i) => !i.itemMatrixID || i.itemMatrixID === '0');
      const matrixIds = [
        ...new Set(
          records.flatMap((i) => (i.itemMatrixID && i.itemMatrixID !== '0' ? [i.itemMatrixID] : [])),
        ),
      ];
      const matrices = await this.matricesByIds(matrixIds);
      const out = [...standalone.map((i) => this.mapItem(i)), ...(await this.mapMatrices(matrices))];
      return pageOf(out, JSON.stringify(next ?? { phase: 'matrices' }));
    }
    const q = { timeStamp, load_relations: JSON.stringify(MATRIX_RELATIONS) };
    const { records, next } = await this.page<RMatrix>('ItemMatrix', q, c);
    return pageOf(await this.mapMatrices(records), next ? JSON.stringify(next) : null);
  }

  /**
   * A listing by its external id: an item's id (an item of a matrix gives its whole matrix, the parent the editor
   * asks for) or "ItemMatrix/<id>"; null when R-Series no longer has it.
   */
  async getProduct(id: string): Promise<StoreListing | null> {
    const raw = String(id).trim();
    let matrixId: string | null = null;
    if (raw.startsWith(MATRIX_PREFIX)) matrixId = raw.slice(MATRIX_PREFIX.length);
    else {
      if (!/^\d+$/.test(raw)) return null;
      const answer = await this.http.json<Answer>(
        `${this.base}/Item/${raw}.json?load_relations=${encodeURIComponent(JSON.stringify(ITEM_RELATIONS))}`,
        { notFoundIsNull: true },
      );
      const item = asArray(answer?.Item as RItem | RItem[] | undefined)[0];
      if (!item) return null;
      if (!item.itemMatrixID || item.itemMatrixID === '0') return this.single(this.mapItem(item));
      matrixId = item.itemMatrixID;
    }
    if (!/^\d+$/.test(matrixId)) return null;
    const [matrix] = await this.matricesByIds([matrixId]);
    if (!matrix) return null;
    const [mapped] = await this.mapMatrices([matrix]);
    return this.single(mapped!);
  }

  /** Categories by their full path, as the listings carry them. */
  async listCategories(): Promise<StoreCategory[]> {
    const out = new Map<string, string>();
    let c: Cursor | null = { phase: 'items' };
    while (c) {
      const { records, next }: { records: { name?: string; fullPathName?: string }[]; next: Cursor | null } =
        await this.page('Category', {}, c);
      for (const cat of records) {
        const title = text(cat.fullPathName) ?? text(cat.name);
        if (title) out.set(title, title);
      }
      c = next;
    }
    return [...out.keys()].map((t) => ({ external_id: t, title: t }));
  }

  /** Tags: hand-picked groupings of items. */
  async listCollections(): Promise<StoreCollection[]> {
    const out: StoreCollection[] = [];
    let c: Cursor | null = { phase: 'items' };
    while (c) {
      const { records, next }: { records: { tagID?: string; name?: string }[]; next: Cursor | null } =
        await this.page('Tag', {}, c);
      for (const t of records)
        if (t.tagID && text(t.name))
          out.push({ external_id: t.tagID, title: t.name!, is_custom_collection: true });
      c = next;
    }
    return out;
  }

  private single(item: MappedProduct): StoreListing {
    if ('failure' in item) throw new ConnectorError('invalid_response', item.failure.error);
    return item.listing;
  }

  private mapItem(item: RItem): MappedProduct {
    return mapSafely(
      item,
      (i) => mapRItem(i, { currency: this.currency }),
      (i) => ({ id: i?.itemID, title: text(i?.description) }),
    );
  }

  /** Map matrices with their items (Item.json?itemMatrixID=IN,[…], every page of them). */
  private async mapMatrices(matrices: RMatrix[]): Promise<MappedProduct[]> {
    if (!matrices.length) return [];
    const byMatrix = new Map<string, RItem[]>(matrices.map((m) => [m.itemMatrixID, []]));
    const q = {
      itemMatrixID: `IN,[${matrices.map((m) => m.itemMatrixID).join(',')}]`,
      load_relations: JSON.stringify(VARIANT_RELATIONS),
    };
    let c: Cursor | null = { phase: 'items' };
    while (c) {
      const { records, next }: { records: RItem[]; next: Cursor | null } = await this.page<RItem>(
        'Item',
        q,
        c,
      );
      for (const item of records) byMatrix.get(String(item.itemMatrixID))?.push(item);
      c = next;
    }
    return matrices.map((m) =>
      mapSafely(
        m,
        (x) => mapRMatrix(x, byMatrix.get(x.itemMatrixID) ?? [], { currency: this.currency }),
        (x) => ({ id: `${MATRIX_PREFIX}${x.itemMatrixID}`, title: text(x.description) }),
      ),
    );
  }

  private async matricesByIds(ids: string[]): Promise<RMatrix[]> {
    const out: RMatrix[] = [];
    for (let i = 0; i < ids.length; i += MAX_PAGE) {
      const q = {
        itemMatrixID: `IN,[${ids.slice(i, i + MAX_PAGE).join(',')}]`,
        load_relations: JSON.stringify(MATRIX_RELATIONS),
      };
      let c: Cursor | null = { phase: 'matrices' };
      while (c) {
        const { records, next }: { records: RMatrix[]; next: Cursor | null } = await this.page<RMatrix>(
          'ItemMatrix',
          q,
          c,
        );
        out.push(...records);
        c = next;
      }
    }
    return out;
  }

  /**
   * One page of a resource: the request the cursor names (its `next` URL, or the query at its offset), the
   * records (one record comes as an object, none as no key), and the cursor of the page after, or null.
   */
  private async page<T>(
    resource: string,
    query: Record<string, string>,
    c: Cursor,
  ): Promise<{ records: T[]; next: Cursor | null }> {
    let url: string;
    if (c.next) {
      // Only ever follow R-Series' own next links, so the token goes nowhere else.
      if (!c.next.startsWith(`${this.base}/${resource}.json?`))
        throw new ConnectorError('invalid_response', 'Lightspeed gave a next page on another address');
      url = c.next;
    } else {
      const q = new URLSearchParams({ ...query, limit: String(this.pageSize) });
      if (c.offset) q.set('offset', String(c.offset));
      url = `${this.base}/${resource}.json?${q}`;
    }
    const answer = await this.http.json<Answer>(url);
    if (!answer || typeof answer !== 'object' || !answer['@attributes'])
      throw new ConnectorError(
        'invalid_response',
        `Lightspeed answered a ${resource} page without @attributes`,
      );
    const records = asArray(answer[resource] as T | T[] | undefined);
    const a = answer['@attributes'];
    let next: Cursor | null = null;
    if (a.next !== undefined) {
      if (a.next) next = { phase: c.phase, next: a.next };
    } else {
      const count = Number(a.count);
      const offset = Number(a.offset ?? 0);
      const limit = Number(a.limit ?? this.pageSize);
      if (records.length && Number.isFinite(count) && offset + limit < count)
        next = { phase: c.phase, offset: offset + limit };
    }
    return { records, next };
  }
}
