import { type HttpClient, withQuery } from '../shared/index.ts';
import { ConnectorError } from '../types.ts';
import type { MagentoAttribute, MagentoProduct } from './map-product.ts';
import { searchCriteria } from './search-criteria.ts';

type Search<T> = { items?: T[]; total_count?: number };
export type CategoryNode = {
  id: number;
  parent_id?: number;
  name: string;
  level?: number;
  is_active?: boolean;
  children_data?: CategoryNode[] | null;
};
export type StoreConfig = {
  code?: string;
  base_currency_code?: string;
  default_display_currency_code?: string;
  base_url?: string;
  base_link_url?: string;
  base_media_url?: string;
  secure_base_url?: string;
  secure_base_link_url?: string;
  secure_base_media_url?: string;
};

/**
 * What the mapping needs besides the products, read once per connector (store configuration, categories,
 * attributes) or once per page (children, stock). The store may not let the integration read the extras (its ACL
 * lacks Stores or Attributes, or the store runs without Inventory): those are then done without, and products
 * keep their raw attribute values, no categories or no stock, rather than failing the sync.
 */
export class MagentoCatalogData {
  private config: StoreConfig | null | undefined;
  private currencyCode: string | null | undefined;
  private categoryNames: Map<string, string> | null = null;
  readonly attributes = new Map<string, MagentoAttribute>();
  private readonly askedCodes = new Set<string>();
  private readonly askedIds = new Set<string>();

  constructor(
    private readonly client: HttpClient,
    private readonly root: string,
    private readonly storeCode: string | null,
  ) {}

  /** The store view's configuration (currency, URLs); null when the integration may not read it. */
  async storeConfig(): Promise<StoreConfig | null> {
    if (this.config === undefined) {
      const all = await lenient(() => this.client.json<StoreConfig[]>(`${this.root}/store/storeConfigs`), []);
      const list = Array.isArray(all) ? all : [];
      this.config = list.find((c) => c.code === (this.storeCode ?? 'default')) ?? list[0] ?? null;
    }
    return this.config;
  }

  /**
   * The display currency: the store view's, else the directory's (GET /directory/currency, which Magento answers
   * to anyone), else unknown.
   */
  async currency(): Promise<string | null> {
    if (this.currencyCode === undefined) {
      const config = await this.storeConfig();
      let code = config?.default_display_currency_code ?? config?.base_currency_code ?? null;
      if (!code) {
        const d = await lenient(
          () =>
            this.client.json<{ base_currency_code?: string; default_display_currency_code?: string }>(
              `${this.root}/directory/currency`,
            ),
          {},
        );
        code = d?.default_display_currency_code ?? d?.base_currency_code ?? null;
      }
      this.currencyCode = code;
    }
    return this.currencyCode;
  }

  /** The category tree under the store's root, flattened: every category by id. */
  async categoryTree(): Promise<Map<string, string>> {
    if (!this.categoryNames) {
      const root = await this.client.json<CategoryNode>(`${this.root}/categories`);
      if (!root || typeof root !== 'object')
        throw new ConnectorError('invalid_response', 'Magento answered the category tree without data');
      const names = new Map<string, string>();
      const walk = (node: CategoryNode) => {
        // Level 0 is the tree's root, level 1 a store's root category ("Default Category"): not categories.
        if ((node.level ?? 2) >= 2) names.set(String(node.id), node.name);
        for (const child of node.children_data ?? []) walk(child);
      };
      walk(root);
      this.categoryNames = names;
    }
    return this.categoryNames;
  }

  async categories(): Promise<Map<string, string>> {
    return lenient(() => this.categoryTree(), new Map<string, string>());
  }

  /** Attribute labels and option labels for these codes and ids, asked once each (one request). */
  async loadAttributes(codes: Iterable<string>, ids: Iterable<string>): Promise<void> {
    const newCodes = [...new Set(codes)].filter((c) => !this.askedCodes.has(c));
    const newIds = [...new Set(ids)].filter((i) => !this.askedIds.has(i));
    if (newCodes.length === 0 && newIds.length === 0) return;
    newCodes.forEach((c) => this.askedCodes.add(c));
    newIds.forEach((i) => this.askedIds.add(i));
    const filters = [
      ...(newCodes.length
        ? [{ field: 'attribute_code', value: newCodes.join(','), conditionType: 'in' }]
        : []),
      ...(newIds.length ? [{ field: 'attribute_id', value: newIds.join(','), conditionType: 'in' }] : []),
    ];
    const found = await lenient(
      () =>
        this.client.json<Search<MagentoAttribute>>(
          withQuery(
            `${this.root}/products/attributes`,
            searchCriteria({ groups: [filters], pageSize: 1000, currentPage: 1 }),
          ),
        ),
      {},
    );
    for (const a of found.items ?? []) this.attributes.set(a.attribute_code, a);
  }

  /**
   * The children of these configurable products, by id: one search by entity_id for the links the list gave,
   * and GET /configurable-products/{sku}/children for configurables it gave without links.
   */
  async children(products: readonly MagentoProduct[]): Promise<Map<number, MagentoProduct>> {
    const out = new Map<number, MagentoProduct>();
    const configurables = products.filter((p) => p.type_id === 'configurable');
    const ids = [
      ...new Set(configurables.flatMap((p) => p.extension_attributes?.configurable_product_links ?? [])),
    ];
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const found = await this.client.json<Search<MagentoProduct>>(
        withQuery(
          `${this.root}/products`,
          searchCriteria({
            groups: [[{ field: 'entity_id', value: chunk.join(','), conditionType: 'in' }]],
            pageSize: chunk.length,
            currentPage: 1,
          }),
        ),
      );
      for (const c of found.items ?? []) out.set(c.id, c);
    }
    for (const p of configurables) {
      if (p.extension_attributes?.configurable_product_links || typeof p.sku !== 'string') continue;
      // Gone since the list was read: no children.
      const kids = await this.client.json<MagentoProduct[]>(
        `${this.root}/configurable-products/${encodeURIComponent(p.sku)}/children`,
        { notFoundIsNull: true },
      );
      const list = Array.isArray(kids) ? kids : [];
      for (const c of list) out.set(c.id, c);
      p.extension_attributes = {
        ...p.extension_attributes,
        configurable_product_links: list.map((c) => c.id),
      };
    }
    return out;
  }

  /**
   * Stock by SKU, summed over the inventory sources (MSI source items), for products the list gave without a
   * stock_item. SKUs with a comma cannot be asked with an `in` filter: their stock stays unknown.
   */
  async stock(products: readonly MagentoProduct[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    const skus = [
      ...new Set(
        products
          .filter(
            (p) => !p.extension_attributes?.stock_item && typeof p.sku === 'string' && !p.sku.includes(','),
          )
          .map((p) => p.sku),
      ),
    ];
    for (let i = 0; i < skus.length; i += 100) {
      const chunk = skus.slice(i, i + 100);
      const found = await lenient(
        () =>
          this.client.json<Search<{ sku: string; quantity?: number; status?: number }>>(
            withQuery(
              `${this.root}/inventory/source-items`,
              searchCriteria({
                groups: [[{ field: 'sku', value: chunk.join(','), conditionType: 'in' }]],
                pageSize: 1000,
                currentPage: 1,
              }),
            ),
          ),
        {},
      );
      for (const s of found.items ?? [])
        if (typeof s.quantity === 'number') out.set(s.sku, (out.get(s.sku) ?? 0) + Math.trunc(s.quantity));
    }
    return out;
  }
}

/** The answer, or the fallback when the store does not let us read it (Magento answers 401 for a missing ACL). */
async function lenient<T>(ask: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await ask();
  } catch (err) {
    if (err instanceof ConnectorError && (err.code === 'unauthorized' || err.code === 'unavailable'))
      return fallback;
    throw err;
  }
}
