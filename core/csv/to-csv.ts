import Papa from 'papaparse';
import { CUSTOM_FIELD_PREFIXES, LIST_SEPARATOR, METAFIELD_PREFIXES, OPTION_SEPARATOR } from './columns.ts';
import type { ListingInput, VariationInput } from './model-types.ts';
import { escapeFormula } from './values.ts';

const BASE_COLUMNS = [
  'id',
  'title',
  'description',
  'price',
  'compare_at_price',
  'sale_price',
  'original_price',
  'suggested_retail_price',
  'currency',
  'category',
  'brand',
  'vendor',
  'sku',
  'barcode',
  'stock',
  'status',
  'published',
  'url',
  'tags',
  'image',
  'variation_title',
  'variation_values',
  'variation_skus',
  'variation_prices',
  'variation_barcodes',
  'variation_stocks',
  'variation_images',
] as const;

const text = (v: unknown): string => (v === null || v === undefined ? '' : escapeFormula(String(v)));
const num = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/**
 * Listings in our own CSV format (the csv_export plan feature), readable again by parseProductCsv. Text a
 * spreadsheet would run as a formula gets a "'" prefix, which the reader removes. A ';' inside one
 * variation value cannot be written: ';' separates the values (SPEC §5).
 */
export function toCsv(listings: readonly ListingInput[]): string {
  const customKeys: string[] = [];
  const metaKeys: string[] = [];
  const seenCustom = new Set<string>();
  const seenMeta = new Set<string>();
  for (const l of listings) {
    for (const c of l.customfields ?? []) {
      if (c.key === 'tags' || seenCustom.has(c.key)) continue;
      seenCustom.add(c.key);
      customKeys.push(c.key);
    }
    for (const m of l.metafields ?? []) {
      const k = m.namespace ? `${m.namespace}.${m.key}` : m.key;
      if (seenMeta.has(k)) continue;
      seenMeta.add(k);
      metaKeys.push(k);
    }
  }
  const fields = [
    ...BASE_COLUMNS,
    ...customKeys.map((k) => `${CUSTOM_FIELD_PREFIXES[0]}${k}`),
    ...metaKeys.map((k) => `${METAFIELD_PREFIXES[0]}${k}`),
  ];

  const data = listings.map((l) => {
    const variations: VariationInput[] = l.variations ?? [];
    // A list with no entry at all stays empty: ";;" would read as a list of empty entries.
    const list = (pick: (v: VariationInput) => string) => {
      const entries = variations.map(pick);
      return entries.some((e) => e !== '') ? escapeFormula(entries.join(LIST_SEPARATOR)) : '';
    };
    const images = (l.images ?? []).map((i) => i.original);
    if (l.main_image && !images.includes(l.main_image)) images.unshift(l.main_image);
    const custom = new Map((l.customfields ?? []).map((c) => [c.key, c.value ?? '']));
    const meta = new Map(
      (l.metafields ?? []).map((m) => [
        m.namespace ? `${m.namespace}.${m.key}` : m.key,
        typeof m.value === 'string' ? m.value : JSON.stringify(m.value ?? null),
      ]),
    );
    return [
      text(l.external_id),
      text(l.title),
      text(l.description),
      num(l.price),
      num(l.compare_at_price),
      num(l.sale_price),
      num(l.original_price),
      num(l.suggested_retail_price),
      text(l.iso_currency_code),
      text(l.category),
      text(l.brand),
      text(l.vendor),
      text(l.sku),
      text(l.barcode),
      num(l.stock),
      l.status ? l.status.toLowerCase() : '',
      l.online === undefined ? '' : String(l.online),
      text(l.url),
      text(custom.get('tags')),
      images.join(LIST_SEPARATOR),
      text((l.options ?? []).map((o) => o.name).join(OPTION_SEPARATOR)),
      list((v) => (v.options ?? []).join(OPTION_SEPARATOR)),
      list((v) => v.sku ?? ''),
      list((v) => num(v.price)),
      list((v) => v.barcode ?? ''),
      list((v) => num(v.stock)),
      list((v) => v.image ?? ''),
      ...customKeys.map((k) => text(custom.get(k))),
      ...metaKeys.map((k) => text(meta.get(k))),
    ];
  });
  return Papa.unparse({ fields, data }, { newline: '\r\n' });
}
