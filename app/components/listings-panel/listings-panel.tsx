import {
  Badge,
  BlockStack,
  Button,
  Card,
  Checkbox,
  InlineStack,
  Pagination,
  ResourceItem,
  ResourceList,
  Select,
  Spinner,
  Text,
  TextField,
  Thumbnail,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_STATUSES } from '../../../core/constants.ts';
import { truncateTitle } from '../../../core/listings/index.ts';
import {
  DEFAULT_QUERY,
  categoryFilter,
  fetchSections,
  fetchShops,
  fetchCategories,
  type ListingPage,
  type ListingQuery,
  type PanelAccount,
  type PanelCategory,
  type PanelListing,
  retryListingPictures,
  waitForJob,
} from './api.ts';
import { formatPrice } from './format.ts';
import { useListings } from './use-listings.ts';
import { EmptyState } from '../empty-state.tsx';

const SORTS = ['title', 'alpha-desc', 'manual', 'best-selling', 'created-desc', 'price-asc', 'price-desc'];
/** A picture that could not be fetched: a crossed frame, said in words by the row's flag. */
const MISSING_PICTURE =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" fill="%23fdecea"/%3E%3Cpath d="M12 12l16 16M28 12L12 28" stroke="%23b42318" stroke-width="3" stroke-linecap="round"/%3E%3C/svg%3E';
const PLACEHOLDER =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"%3E%3Crect width="40" height="40" fill="%23f1f1f1"/%3E%3C/svg%3E';

/**
 * The listings panel (SPEC §2.6): an account's products with search (250 ms after typing stops), the status,
 * stock, online and visible filters, sorting and paging. The listings page manages products with it; the
 * editor reuses it to pick products (`onPick`).
 */
export function ListingsPanel({
  accounts,
  initialAccountId,
  initialPage,
  refreshKey = 0,
  onOpen,
  onPick,
  dragType,
  pickLabel,
  placements,
  onEdit,
  onAdd,
  onImport,
}: {
  accounts: PanelAccount[];
  initialAccountId: string;
  /** The first page as the server loaded it, so the panel shows products before any script runs. */
  initialPage?: ListingPage | null;
  refreshKey?: number;
  /** A product was clicked to be edited (the listings page). */
  onOpen?: (listing: PanelListing) => void;
  /** A product was chosen (the editor). */
  onPick?: (listing: PanelListing) => void;
  /** Rows can be dragged (onto the editor's cells), carrying the listing as JSON under this type. */
  dragType?: string;
  /** What choosing a row does, as its accessible name says it (default: edit it); `placed` as below. */
  pickLabel?: (title: string, placed: number) => string;
  /** How many times each listing (by id) is placed in the catalog being edited: a badge on its row. */
  placements?: ReadonlyMap<string, number>;
  /** Each row gets an Edit button besides its own click (the editor: the row places the product, Edit edits it). */
  onEdit?: (listing: PanelListing) => void;
  onAdd?: () => void;
  onImport?: () => void;
}) {
  const { t, i18n } = useTranslation('app');
  const [accountId, setAccountId] = useState(initialAccountId);
  const [query, setQuery] = useState<ListingQuery>(DEFAULT_QUERY);
  const [categories, setCategories] = useState<PanelCategory[]>([]);
  const [shops, setShops] = useState<{ shop_id: string; title: string }[]>([]);
  const [sections, setSections] = useState<{ id: string; title: string }[]>([]);
  // Pictures fetched again (Retry on a product whose picture could not be kept) reload the page of products.
  const [retried, setRetried] = useState(0);
  const [retrying, setRetrying] = useState<ReadonlySet<string>>(new Set());
  const { page, loading, error } = useListings({
    accountId,
    query,
    initial: initialPage,
    refreshKey: refreshKey + retried,
  });
  const retry = async (l: PanelListing) => {
    setRetrying((s) => new Set(s).add(l.id));
    try {
      const { job_id } = await retryListingPictures(l.id);
      if (job_id) await waitForJob(job_id);
    } catch {
      // The flag stays: the merchant can try again.
    } finally {
      setRetrying((s) => {
        const next = new Set(s);
        next.delete(l.id);
        return next;
      });
      setRetried((n) => n + 1);
    }
  };
  const change = (patch: Partial<ListingQuery>) => setQuery((q) => ({ ...q, page: 1, ...patch }));
  const filtered =
    query.keywords.trim() !== '' ||
    query.status !== '' ||
    query.inStock ||
    query.onlineOnly ||
    query.visibleOnly ||
    query.categoryId !== '' ||
    query.collectionId !== '' ||
    query.shopId !== '';
  // One list holds collections and categories; the value says which filter an entry sets.
  const optionValue = (c: Pick<PanelCategory, 'id' | 'kind'>) =>
    `${c.kind === 'collection' ? 'collection' : 'category'}:${c.id}`;
  const selected = query.collectionId
    ? optionValue({ kind: 'collection', id: query.collectionId })
    : query.categoryId
      ? optionValue({ kind: 'category', id: query.categoryId })
      : '';

  useEffect(() => {
    let live = true;
    fetchCategories(accountId)
      .then((r) => live && setCategories(r.data))
      .catch(() => live && setCategories([]));
    return () => {
      live = false;
    };
  }, [accountId, refreshKey]);
  // Marketplaces (several shops, each with sections) get a shop and a section filter; other stores have none.
  useEffect(() => {
    let live = true;
    fetchShops(accountId)
      .then((r) => live && setShops(r.data))
      .catch(() => live && setShops([]));
    return () => {
      live = false;
    };
  }, [accountId, refreshKey]);
  useEffect(() => {
    let live = true;
    if (!query.shopId) {
      setSections([]);
      return;
    }
    fetchSections(accountId, query.shopId)
      .then((r) => live && setSections(r.data))
      .catch(() => live && setSections([]));
    return () => {
      live = false;
    };
  }, [accountId, query.shopId]);
  const sectionChosen = sections.some((sec) => sec.id === query.collectionId);

  const pages = page ? Math.max(1, Math.ceil(page.total / page.page_size)) : 1;
  const items = page?.data ?? [];

  return (
    <Card padding="0">
      <BlockStack>
        <div className="cb-listings-filters">
          <BlockStack gap="300">
            <InlineStack gap="300" wrap blockAlign="end">
              {accounts.length > 1 ? (
                <Select
                  label={t('listings.account')}
                  options={accounts.map((a) => ({ label: accountLabel(a, t), value: a.id }))}
                  value={accountId}
                  onChange={(v) => {
                    setAccountId(v);
                    change({ ...categoryFilter(null), shopId: '' });
                  }}
                />
              ) : null}
              {shops.length ? (
                <Select
                  label={t('listings.shop')}
                  options={[
                    { label: t('listings.shopAll'), value: '' },
                    ...shops.map((sh) => ({ label: sh.title, value: sh.shop_id })),
                  ]}
                  value={query.shopId}
                  onChange={(v) => change({ shopId: v, ...categoryFilter(null) })}
                />
              ) : null}
              {sections.length ? (
                <Select
                  label={t('listings.section')}
                  options={[
                    { label: t('listings.sectionAll'), value: '' },
                    ...sections.map((sec) => ({ label: sec.title, value: sec.id })),
                  ]}
                  value={sectionChosen ? query.collectionId : ''}
                  onChange={(v) => change({ categoryId: '', collectionId: v })}
                />
              ) : null}
              <div style={{ flex: '1 1 240px' }}>
                <TextField
                  label={t('listings.search')}
                  placeholder={t('listings.searchPlaceholder')}
                  value={query.keywords}
                  onChange={(v) => change({ keywords: v })}
                  autoComplete="off"
                  clearButton
                  onClearButtonClick={() => change({ keywords: '' })}
                />
              </div>
              <Select
                label={t('listings.status')}
                options={[
                  { label: t('listings.statusAll'), value: '' },
                  ...LISTING_STATUSES.map((s) => ({ label: t(`listings.statuses.${s}`), value: s })),
                ]}
                value={query.status}
                onChange={(v) => change({ status: v as ListingQuery['status'] })}
              />
              {categories.length ? (
                <Select
                  label={t('listings.category')}
                  options={[
                    { label: t('listings.categoryAll'), value: '' },
                    ...categories.map((c) => ({ label: c.title, value: optionValue(c) })),
                  ]}
                  value={selected}
                  onChange={(v) =>
                    change(categoryFilter(categories.find((c) => optionValue(c) === v) ?? null))
                  }
                />
              ) : null}
              <Select
                label={t('listings.sort')}
                options={SORTS.map((s) => ({ label: t(`listings.sorts.${s}`), value: s }))}
                value={query.sortBy}
                onChange={(v) => change({ sortBy: v })}
              />
            </InlineStack>
            <InlineStack gap="400" wrap>
              <Checkbox
                label={t('listings.inStock')}
                checked={query.inStock}
                onChange={(v) => change({ inStock: v })}
              />
              <Checkbox
                label={t('listings.onlineOnly')}
                checked={query.onlineOnly}
                onChange={(v) => change({ onlineOnly: v })}
              />
              <Checkbox
                label={t('listings.visibleOnly')}
                checked={query.visibleOnly}
                onChange={(v) => change({ visibleOnly: v })}
              />
            </InlineStack>
            <InlineStack gap="200" blockAlign="center">
              <Text as="p" tone="subdued" id="cb-listings-count">
                {page ? t('listings.count', { count: page.total }) : ''}
              </Text>
              {loading ? <Spinner size="small" accessibilityLabel={t('listings.loading')} /> : null}
            </InlineStack>
          </BlockStack>
        </div>
        {error ? (
          <div className="cb-listings-empty" role="alert">
            <Text as="p" tone="critical">
              {t('listings.loadFailed')}
            </Text>
          </div>
        ) : items.length === 0 && page ? (
          filtered ? (
            <div className="cb-listings-empty">
              <BlockStack gap="200" inlineAlign="center">
                <Text as="h2" variant="headingMd">
                  {t('listings.noMatch')}
                </Text>
                <Text as="p" tone="subdued">
                  {t('listings.noMatchBody')}
                </Text>
                <Button onClick={() => setQuery(DEFAULT_QUERY)}>{t('listings.clearFilters')}</Button>
              </BlockStack>
            </div>
          ) : (
            <EmptyState
              heading={t('listings.emptyTitle')}

              action={onImport ? { content: t('listings.import.open'), onAction: onImport } : undefined}
              secondaryAction={onAdd ? { content: t('listings.add'), onAction: onAdd } : undefined}
            >
              <p>{t('listings.emptyBody')}</p>
            </EmptyState>
          )
        ) : (
          <ResourceList
            resourceName={{ singular: t('listings.singular'), plural: t('listings.plural') }}
            items={items}
            renderItem={(l) => {
              const placed = placements?.get(l.id) ?? 0;
              return (
                <ListingRow
                  listing={l}
                  locale={i18n.language}
                  onClick={onPick ?? onOpen}
                  dragType={dragType}
                  label={pickLabel ? pickLabel(l.title, placed) : t('listings.open', { title: l.title })}
                  placed={placements ? placed : undefined}
                  t={t}
                  onRetry={retry}
                  retrying={retrying.has(l.id)}
                  onEdit={onEdit}
                  editLabel={t('listings.open', { title: l.title })}
                />
              );
            }}
          />
        )}
        {pages > 1 ? (
          <div className="cb-listings-paging">
            <Pagination
              hasPrevious={query.page > 1}
              hasNext={query.page < pages}
              label={t('listings.page', { page: query.page, pages })}
              onPrevious={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
              onNext={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
            />
          </div>
        ) : null}
      </BlockStack>
    </Card>
  );
}

type TFn = (key: string, opts?: Record<string, unknown>) => string;

function accountLabel(a: PanelAccount, t: TFn): string {
  return a.type === 'own' ? t('listings.ownAccount') : `${a.name} (${a.type})`;
}

function ListingRow({
  listing: l,
  locale,
  onClick,
  dragType,
  label,
  placed,
  t,
  onRetry,
  retrying,
  onEdit,
  editLabel,
}: {
  listing: PanelListing;
  locale: string;
  onClick?: (l: PanelListing) => void;
  dragType?: string;
  label: string;
  /** Times the listing is placed in the catalog being edited (the editor only). */
  placed?: number;
  t: TFn;
  onRetry: (l: PanelListing) => void;
  retrying: boolean;
  onEdit?: (l: PanelListing) => void;
  editLabel: string;
}) {
  const problems = l.picture_problems ?? [];
  const mainMissing = problems.some((p) => p.url === l.main_image);
  const stock =
    l.stock === null
      ? t('listings.untracked')
      : l.stock <= 0
        ? t('listings.outOfStock')
        : t('listings.stock', { count: l.stock });
  return (
    <ResourceItem
      id={l.id}
      onClick={() => onClick?.(l)}
      accessibilityLabel={label}
      media={
        <Thumbnail
          // Our copy when there is one; a picture we could not fetch is never a blank from the store.
          source={l.thumbnail_image ?? (mainMissing ? MISSING_PICTURE : l.main_image) ?? PLACEHOLDER}
          alt={mainMissing ? t('listings.pictures.missingAlt') : ''}
          size="small"
        />
      }
    >
      <div
        draggable={!!dragType}
        data-listing-id={l.id}
        onDragStart={
          dragType
            ? (e) => {
                e.dataTransfer.setData(dragType, JSON.stringify(l));
                e.dataTransfer.effectAllowed = 'copy';
              }
            : undefined
        }
      >
        <InlineStack align="space-between" blockAlign="center" gap="300" wrap={false}>
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <Text as="h3" variant="bodyMd" fontWeight="semibold">
                <span title={l.title} data-testid="listing-title">
                  {truncateTitle(l.title)}
                </span>
              </Text>
              {placed ? (
                // ×2 to the eye; "Placed 2 times in this catalog" to a screen reader.
                <span
                  className="cb-placed"
                  data-testid="placed-badge"
                  title={t('listings.placed', { count: placed })}
                >
                  <span aria-hidden="true">×{placed}</span>
                  <Text as="span" visuallyHidden>
                    {t('listings.placed', { count: placed })}
                  </Text>
                </span>
              ) : null}
            </InlineStack>
            <Text as="p" tone="subdued">
              {[l.sku, l.category, l.vendor].filter(Boolean).join(' · ') || '\u00a0'}
            </Text>
            {problems.length > 0 ? (
              // Its own clicks: a retry must not also open the product.
              <div
                className="cb-picture-problem"
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e) => e.stopPropagation()}
                role="presentation"
              >
                <InlineStack gap="200" blockAlign="center">
                  <Badge tone="critical">
                    {t('listings.pictures.notFetched', { count: problems.length })}
                  </Badge>
                  <Button
                    variant="plain"
                    onClick={() => onRetry(l)}
                    loading={retrying}
                    accessibilityLabel={t('listings.pictures.retryLabel', { title: l.title })}
                  >
                    {t('listings.pictures.retry')}
                  </Button>
                </InlineStack>
              </div>
            ) : null}
          </BlockStack>
          <InlineStack gap="200" blockAlign="center" wrap={false}>
            {l.status !== 'ACTIVE' ? <Badge>{t(`listings.statuses.${l.status}`)}</Badge> : null}
            {!l.online ? <Badge tone="attention">{t('listings.offline')}</Badge> : null}
            {!l.visible ? <Badge tone="info">{t('listings.hidden')}</Badge> : null}
            <Text as="span" tone={l.stock !== null && l.stock <= 0 ? 'critical' : 'subdued'}>
              {stock}
            </Text>
            <Text as="span" fontWeight="semibold">
              <span data-testid="listing-price">
                {l.price === null ? t('listings.noPrice') : formatPrice(l.price, l.iso_currency_code, locale)}
              </span>
            </Text>
            {onEdit ? (
              // Its own clicks: editing must not also place the product.
              <div
                className="cb-listing-edit"
                onClick={(e) => e.stopPropagation()}
                onKeyDown={(e) => e.stopPropagation()}
                role="presentation"
              >
                <Button variant="plain" onClick={() => onEdit(l)} accessibilityLabel={editLabel}>
                  {t('listings.edit')}
                </Button>
              </div>
            ) : null}
          </InlineStack>
        </InlineStack>
      </div>
    </ResourceItem>
  );
}
