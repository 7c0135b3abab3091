import { Banner, Checkbox, FormLayout, InlineGrid, Modal, Select, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTING_STATUSES } from '../../../core/constants.ts';
import { parsePrice, parseWholeNumber } from '../../../core/csv/index.ts';
import type { Listing } from '../../../core/model/index.ts';
import { createListing, deleteListing, updateListing, type PanelListing } from './api.ts';

type Fields = {
  title: string;
  description: string;
  price: string;
  compare_at_price: string;
  suggested_retail_price: string;
  sku: string;
  barcode: string;
  stock: string;
  category: string;
  vendor: string;
  images: string;
  status: (typeof LISTING_STATUSES)[number];
  visible: boolean;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function fieldsOf(l: PanelListing | null): Fields {
  return {
    title: l?.title ?? '',
    description: l?.description ?? '',
    price: text(l?.price),
    compare_at_price: text(l?.compare_at_price),
    suggested_retail_price: text(l?.suggested_retail_price),
    sku: l?.sku ?? '',
    barcode: l?.barcode ?? '',
    stock: text(l?.stock),
    category: l?.category ?? '',
    vendor: l?.vendor ?? '',
    images: (l?.images ?? []).map((i) => i.original).join('\n'),
    status: l?.status ?? 'ACTIVE',
    visible: l?.visible ?? true,
  };
}

type TextKey = Exclude<keyof Fields, 'visible'>;
type Problems = Partial<Record<TextKey, string>>;

/** The form's text as a Listing, or the problems per field (the same price and stock rules as the CSV import). */
function toListing(
  f: Fields,
  existing: PanelListing | null,
  t: (k: string) => string,
): { listing?: Partial<Listing> & { visible: boolean }; problems: Problems } {
  const problems: Problems = {};
  const price = (key: 'price' | 'compare_at_price' | 'suggested_retail_price') => {
    const r = parsePrice(f[key]);
    if (!r.ok) problems[key] = t('listings.form.invalidPrice');
    return r.ok ? r.value : null;
  };
  const stockResult = parseWholeNumber(f.stock);
  if (!stockResult.ok) problems.stock = t('listings.form.invalidStock');
  if (!f.title.trim()) problems.title = t('listings.form.titleRequired');
  const urls = f.images
    .split(/\s*[\n;]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (urls.some((u) => !/^https?:\/\/\S+$/i.test(u) && !u.startsWith('/files/')))
    problems.images = t('listings.form.invalidImages');
  const listing: Partial<Listing> & { visible: boolean } = {
    title: f.title.trim(),
    description: f.description,
    price: price('price'),
    compare_at_price: price('compare_at_price'),
    suggested_retail_price: price('suggested_retail_price'),
    sku: f.sku.trim() || null,
    barcode: f.barcode.trim() || null,
    stock: stockResult.ok ? stockResult.value : null,
    category: f.category.trim() || null,
    vendor: f.vendor.trim() || null,
    status: f.status,
    // An image kept from before keeps its compressed copies and its hidden flag.
    images: urls.map(
      (original) =>
        existing?.images.find((i) => i.original === original) ?? {
          original,
          compressed: null,
          thumbnail: null,
          kept: null,
          hide: false,
        },
    ),
    main_image: urls[0] ?? null,
    visible: f.visible,
  };
  return Object.keys(problems).length ? { problems } : { listing, problems };
}

/** Add a product by hand, or edit one (SPEC §7 POST/PUT/DELETE api/v1/listings). */
export function ListingFormModal({
  listing,
  open,
  onClose,
  onSaved,
}: {
  /** null: a new product. */
  listing: PanelListing | null;
  open: boolean;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation('app');
  const [fields, setFields] = useState<Fields>(() => fieldsOf(listing));
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: TextKey) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  async function save() {
    const r = toListing(fields, listing, t);
    setProblems(r.problems);
    if (!r.listing) return;
    setBusy(true);
    setError(null);
    try {
      if (listing) await updateListing(listing.id, r.listing);
      else await createListing(r.listing);
      onSaved(t('listings.form.saved'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!listing) return;
    setBusy(true);
    try {
      await deleteListing(listing.id);
      onSaved(t('listings.form.deleted'));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const field = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={fields[key]}
      onChange={set(key)}
      error={problems[key]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={listing ? t('listings.form.editTitle') : t('listings.form.createTitle')}
      primaryAction={{ content: t('listings.form.save'), onAction: save, loading: busy }}
      secondaryActions={[
        { content: t('listings.form.cancel'), onAction: onClose },
        ...(listing
          ? [{ content: t('listings.form.delete'), destructive: true, onAction: remove, disabled: busy }]
          : []),
      ]}
    >
      <Modal.Section>
        <FormLayout>
          {error ? (
            <Banner tone="critical" title={t('listings.form.failed')}>
              <p>{error}</p>
            </Banner>
          ) : null}
          {field('title', t('listings.form.title'), { requiredIndicator: true })}
          {field('description', t('listings.form.description'), { multiline: 3 })}
          <InlineGrid columns={3} gap="300">
            {field('price', t('listings.form.price'), { inputMode: 'decimal' })}
            {field('compare_at_price', t('listings.form.compareAtPrice'), { inputMode: 'decimal' })}
            {field('suggested_retail_price', t('listings.form.msrp'), { inputMode: 'decimal' })}
          </InlineGrid>
          <InlineGrid columns={3} gap="300">
            {field('sku', t('listings.form.sku'))}
            {field('barcode', t('listings.form.barcode'))}
            {field('stock', t('listings.form.stock'), { inputMode: 'numeric' })}
          </InlineGrid>
          <InlineGrid columns={3} gap="300">
            {field('category', t('listings.form.category'))}
            {field('vendor', t('listings.form.vendor'))}
            <Select
              label={t('listings.form.status')}
              options={LISTING_STATUSES.map((s) => ({ label: t(`listings.statuses.${s}`), value: s }))}
              value={fields.status}
              onChange={(v) => setFields((f) => ({ ...f, status: v as Fields['status'] }))}
            />
          </InlineGrid>
          {field('images', t('listings.form.images'), {
            multiline: 3,
            helpText: t('listings.form.imagesHelp'),
          })}
          <Checkbox
            label={t('listings.form.visible')}
            helpText={t('listings.form.visibleHelp')}
            checked={fields.visible}
            onChange={(v) => setFields((f) => ({ ...f, visible: v }))}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
