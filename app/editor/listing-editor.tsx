import {
  Banner,
  BlockStack,
  Button,
  DropZone,
  FormLayout,
  InlineGrid,
  InlineStack,
  Modal,
  RadioButton,
  Spinner,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePrice, parseWholeNumber } from '../../core/csv/index.ts';
import type { Listing, ProductImage, Variation } from '../../core/model/index.ts';
import {
  fetchListing,
  refreshListingImages,
  updateListing,
  uploadImage,
  type PanelListing,
} from '../components/listings-panel/api.ts';
import { ListingDescriptionField } from './listing-description-field.tsx';

/** The fields the listing editor saves (SPEC §7: the editor's listing save). */
export const LISTING_EDITOR_FIELDS = [
  'title',
  'description',
  'sku',
  'barcode',
  'stock',
  'category',
  'original_price',
  'suggested_retail_price',
  'price',
  'main_image',
  'images',
  'variations',
] as const;

type TextFields = {
  title: string;
  sku: string;
  barcode: string;
  stock: string;
  category: string;
  original_price: string;
  suggested_retail_price: string;
  price: string;
};
type VariationRow = { id: string; title: string; sku: string; barcode: string; price: string; stock: string };
type Problems = Record<string, string>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
const PICTURE_ADDRESS = /^(https?:\/\/\S+|\/files\/\S+)$/i;

function textsOf(l: PanelListing): TextFields {
  return {
    title: l.title,
    sku: l.sku ?? '',
    barcode: l.barcode ?? '',
    stock: text(l.stock),
    category: l.category ?? '',
    original_price: text(l.original_price),
    suggested_retail_price: text(l.suggested_retail_price),
    price: text(l.price),
  };
}

const rowsOf = (l: PanelListing): VariationRow[] =>
  l.variations.map((v) => ({
    id: v.id,
    title: v.title,
    sku: v.sku ?? '',
    barcode: v.barcode ?? '',
    price: text(v.price),
    stock: text(v.stock),
  }));

/**
 * The listing's changes from the form, or the problems by field (the product form's price and stock rules; the
 * server checks them again).
 */
function changesOf(
  listing: PanelListing,
  f: TextFields,
  description: string,
  images: ProductImage[],
  main: string | null,
  rows: VariationRow[],
  t: (k: string) => string,
): { changes?: Partial<Listing>; problems: Problems } {
  const problems: Problems = {};
  const price = (key: string, s: string) => {
    const r = parsePrice(s);
    if (!r.ok) problems[key] = t('invalidPrice');
    return r.ok ? r.value : null;
  };
  const stock = (key: string, s: string) => {
    const r = parseWholeNumber(s);
    if (!r.ok) problems[key] = t('invalidStock');
    return r.ok ? r.value : null;
  };
  if (!f.title.trim()) problems.title = t('titleRequired');
  const byId = new Map(listing.variations.map((v) => [v.id, v]));
  const variations = rows.map((r, i): Variation => ({
    ...(byId.get(r.id) as Variation),
    sku: r.sku.trim() || null,
    barcode: r.barcode.trim() || null,
    price: price(`v${i}.price`, r.price),
    stock: stock(`v${i}.stock`, r.stock),
  }));
  const changes: Partial<Listing> = {
    title: f.title.trim(),
    description,
    sku: f.sku.trim() || null,
    barcode: f.barcode.trim() || null,
    stock: stock('stock', f.stock),
    category: f.category.trim() || null,
    original_price: price('original_price', f.original_price),
    suggested_retail_price: price('suggested_retail_price', f.suggested_retail_price),
    price: price('price', f.price),
    main_image: main,
    images,
    variations,
  };
  return Object.keys(problems).length ? { problems } : { changes, problems };
}

const newPicture = (original: string): ProductImage => ({
  original,
  compressed: null,
  thumbnail: null,
  kept: null,
  hide: false,
});

/**
 * The listing editor (SPEC §2.2), opened from a product on the page: the listing's texts, codes, stock,
 * category, prices, pictures (main one, hidden or shown, order, added by upload or address) and variations.
 * Saving answers the listing as saved (onSaved), which the catalog applies to every element showing it. A store
 * listing says that the next sync from its store writes these fields again.
 */
export function ListingEditorModal({
  listingId,
  storeName,
  onClose,
  onSaved,
}: {
  listingId: string;
  /** The connected store the listing comes from; null for a hand-made listing or a store no longer connected. */
  storeName: (listing: PanelListing) => string | null;
  onClose: () => void;
  onSaved: (listing: PanelListing) => void;
}) {
  const { t } = useTranslation('listingEditor');
  const id = useId();
  const [listing, setListing] = useState<PanelListing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [fields, setFields] = useState<TextFields | null>(null);
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<ProductImage[]>([]);
  const [main, setMain] = useState<string | null>(null);
  const [rows, setRows] = useState<VariationRow[]>([]);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'refresh' | 'upload' | null>(null);

  const take = (l: PanelListing) => {
    setListing(l);
    setFields(textsOf(l));
    setDescription(l.description);
    setImages(l.images);
    setMain(l.main_image ?? l.images[0]?.original ?? null);
    setRows(rowsOf(l));
  };
  useEffect(() => {
    let live = true;
    fetchListing(listingId).then(
      (l) => live && take(l),
      (err: Error) => live && setLoadError(err.message),
    );
    return () => {
      live = false;
    };
  }, [listingId]);

  const set = (key: keyof TextFields) => (value: string) =>
    setFields((f) => (f ? { ...f, [key]: value } : f));
  const field = (key: keyof TextFields, extra: Record<string, unknown> = {}) =>
    fields ? (
      <TextField
        label={t(`fields.${key}`)}
        value={fields[key]}
        onChange={set(key)}
        error={problems[key]}
        autoComplete="off"
        {...extra}
      />
    ) : null;

  const move = (i: number, by: -1 | 1) =>
    setImages((list) => {
      const j = i + by;
      if (j < 0 || j >= list.length) return list;
      const next = [...list];
      [next[i], next[j]] = [next[j]!, next[i]!];
      return next;
    });
  const toggle = (i: number) =>
    setImages((list) => list.map((img, k) => (k === i ? { ...img, hide: !img.hide } : img)));
  const remove = (i: number) =>
    setImages((list) => {
      const gone = list[i];
      const next = list.filter((_, k) => k !== i);
      if (gone && gone.original === main) setMain(next[0]?.original ?? null);
      return next;
    });
  const add = (url: string) =>
    setImages((list) => {
      if (list.some((i) => i.original === url)) return list;
      if (!main) setMain(url);
      return [...list, newPicture(url)];
    });
  const addAddress = () => {
    const url = address.trim();
    if (!PICTURE_ADDRESS.test(url)) {
      setAddressError(t('pictures.invalidAddress'));
      return;
    }
    add(url);
    setAddress('');
    setAddressError(null);
  };
  async function upload(files: File[]) {
    setBusy('upload');
    setError(null);
    try {
      for (const file of files) add((await uploadImage(file)).url);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function refresh() {
    if (!listing) return;
    setBusy('refresh');
    setError(null);
    try {
      const fresh = await refreshListingImages(listing.id);
      setImages(fresh.images);
      setMain(fresh.main_image ?? fresh.images[0]?.original ?? null);
      setListing(fresh);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    if (!listing || !fields) return;
    const r = changesOf(listing, fields, description, images, main, rows, t);
    setProblems(r.problems);
    if (!r.changes) return;
    setBusy('save');
    setError(null);
    try {
      onSaved(await updateListing(listing.id, r.changes));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  }

  const store = listing ? storeName(listing) : null;
  let body;
  if (loadError) {
    body = (
      <Banner tone="critical" title={t('loadFailed')}>
        <p>{loadError}</p>
      </Banner>
    );
  } else if (!listing || !fields) {
    body = (
      <InlineStack align="center">
        <Spinner accessibilityLabel={t('loading')} size="small" />
      </InlineStack>
    );
  } else {
    body = (
      <FormLayout>
        {error ? (
          <Banner tone="critical" title={t('failed')}>
            <p>{error}</p>
          </Banner>
        ) : null}
        {store ? (
          <Banner tone="warning" title={t('syncOverwrites.title', { store })}>
            <p>
              {t('syncOverwrites.body', {
                fields: LISTING_EDITOR_FIELDS.map((f) => t(`fieldNames.${f}`)).join(', '),
              })}
            </p>
          </Banner>
        ) : null}
        {field('title', { requiredIndicator: true })}
        <ListingDescriptionField
          label={t('fields.description')}
          html={description}
          onChange={setDescription}
        />
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          {field('original_price', { inputMode: 'decimal' })}
          {field('suggested_retail_price', { inputMode: 'decimal' })}
          {field('price', { inputMode: 'decimal' })}
        </InlineGrid>
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="300">
          {field('sku')}
          {field('barcode')}
          {field('stock', { inputMode: 'numeric' })}
        </InlineGrid>
        {field('category')}

        <BlockStack gap="200">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h3" variant="headingSm" id={`${id}-pictures`}>
              {t('pictures.title')}
            </Text>
            {listing.external_id ? (
              <Button onClick={() => void refresh()} loading={busy === 'refresh'} disabled={!!busy}>
                {t('pictures.refresh')}
              </Button>
            ) : null}
          </InlineStack>
          <Text as="p" tone="subdued" variant="bodySm">
            {t('pictures.help')}
          </Text>
          {images.length === 0 ? (
            <Text as="p" tone="subdued">
              {t('pictures.none')}
            </Text>
          ) : (
            <ul className="cb-listing-pictures" aria-labelledby={`${id}-pictures`}>
              {images.map((img, i) => {
                const n = i + 1;
                return (
                  <li
                    key={img.original}
                    className={`cb-listing-picture${img.hide ? ' cb-listing-picture--hidden' : ''}`}
                    data-testid="listing-picture"
                  >
                    <img src={img.thumbnail || img.kept || img.original} alt={t('pictures.alt', { n })} />
                    <div className="cb-listing-picture__tools">
                      <RadioButton
                        label={t('pictures.main')}
                        name={`${id}-main`}
                        id={`${id}-main-${i}`}
                        checked={main === img.original}
                        onChange={() => setMain(img.original)}
                      />
                      <InlineStack gap="100" wrap>
                        <Button size="slim" onClick={() => toggle(i)} pressed={img.hide}>
                          {img.hide ? t('pictures.show', { n }) : t('pictures.hide', { n })}
                        </Button>
                        <Button size="slim" onClick={() => move(i, -1)} disabled={i === 0}>
                          {t('pictures.earlier', { n })}
                        </Button>
                        <Button size="slim" onClick={() => move(i, 1)} disabled={i === images.length - 1}>
                          {t('pictures.later', { n })}
                        </Button>
                        <Button size="slim" tone="critical" variant="plain" onClick={() => remove(i)}>
                          {t('pictures.remove', { n })}
                        </Button>
                      </InlineStack>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <BlockStack gap="300">
            <TextField
              label={t('pictures.address')}
              value={address}
              onChange={(v) => {
                setAddress(v);
                setAddressError(null);
              }}
              type="url"
              autoComplete="off"
              error={addressError ?? undefined}
              connectedRight={<Button onClick={addAddress}>{t('pictures.add')}</Button>}
            />
            <DropZone
              accept="image/jpeg,image/png,image/gif,image/webp"
              type="image"
              allowMultiple
              label={t('pictures.upload')}
              onDrop={(_all, accepted) => void upload(accepted)}
              disabled={!!busy}
            >
              <DropZone.FileUpload
                actionTitle={t('pictures.uploadAction')}
                actionHint={t('pictures.uploadHint')}
              />
            </DropZone>
          </BlockStack>
        </BlockStack>

        {rows.length ? (
          <BlockStack gap="200">
            <Text as="h3" variant="headingSm">
              {t('variations.title')}
            </Text>
            {rows.map((r, i) => {
              const setRow = (key: keyof VariationRow) => (v: string) =>
                setRows((list) => list.map((row, k) => (k === i ? { ...row, [key]: v } : row)));
              const name = r.title || t('variations.untitled', { n: i + 1 });
              return (
                <fieldset key={r.id || i} className="cb-listing-variation" data-testid="listing-variation">
                  <legend>{name}</legend>
                  <InlineGrid columns={{ xs: 2, sm: 4 }} gap="200">
                    <TextField
                      label={t('fields.sku')}
                      value={r.sku}
                      onChange={setRow('sku')}
                      autoComplete="off"
                    />
                    <TextField
                      label={t('fields.barcode')}
                      value={r.barcode}
                      onChange={setRow('barcode')}
                      autoComplete="off"
                    />
                    <TextField
                      label={t('variations.price')}
                      value={r.price}
                      onChange={setRow('price')}
                      error={problems[`v${i}.price`]}
                      inputMode="decimal"
                      autoComplete="off"
                    />
                    <TextField
                      label={t('fields.stock')}
                      value={r.stock}
                      onChange={setRow('stock')}
                      error={problems[`v${i}.stock`]}
                      inputMode="numeric"
                      autoComplete="off"
                    />
                  </InlineGrid>
                </fieldset>
              );
            })}
          </BlockStack>
        ) : null}
      </FormLayout>
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      size="large"
      title={listing ? t('title', { title: listing.title }) : t('titleLoading')}
      primaryAction={{
        content: t('save'),
        onAction: () => void save(),
        loading: busy === 'save',
        disabled: !listing || (!!busy && busy !== 'save'),
      }}
      secondaryActions={[{ content: t('cancel'), onAction: onClose }]}
    >
      <Modal.Section>{body}</Modal.Section>
    </Modal>
  );
}
