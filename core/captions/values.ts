/**
 * Reading values out of a product for captions: metafields and custom fields, image and link addresses
 * that are safe to put in src/href, and the metafield types captions know how to print.
 */
import type { CustomField, Metafield, Product, Variation } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import { formatDate, formatNumber, formatPrice } from './format.ts';
import type { labelsFor } from './labels.ts';

/**
 * Metafield types captions print, and therefore offer as keywords (SPEC §5: "Only metafields of listed
 * value types are offered in caption keywords"). Shopify's current types plus its legacy value_type names.
 */
export const CAPTION_METAFIELD_TYPES: ReadonlySet<string> = new Set([
  'string',
  'integer',
  'float',
  'number',
  'boolean',
  'single_line_text_field',
  'multi_line_text_field',
  'number_integer',
  'number_decimal',
  'url',
  'color',
  'date',
  'date_time',
  'money',
  'weight',
  'volume',
  'dimension',
  'rating',
  'list.single_line_text_field',
  'list.number_integer',
  'list.number_decimal',
  'list.url',
  'list.color',
  'list.date',
]);

/** The metafield's type: `type` (current Shopify), else `value_type` (legacy), else guessed from the value. */
export function metafieldType(mf: Pick<Metafield, 'type' | 'value_type' | 'value'>): string | null {
  const declared = (mf.type || mf.value_type || '').trim().toLowerCase();
  if (declared) return declared;
  switch (typeof mf.value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number_decimal';
    case 'boolean':
      return 'boolean';
    default:
      return null;
  }
}

export function isCaptionMetafield(mf: Pick<Metafield, 'type' | 'value_type' | 'value'>): boolean {
  const type = metafieldType(mf);
  return type !== null && CAPTION_METAFIELD_TYPES.has(type);
}

type Env = { locale: string; labels: ReturnType<typeof labelsFor>; currency: string };

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const s = value.trim();
  if (!s.startsWith('{') && !s.startsWith('[')) return value;
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return value;
  }
}

function toNumber(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Plain text of one metafield value of a base (non-list) type. */
function scalarText(type: string, value: unknown, env: Env): string {
  if (value === null || value === undefined) return '';
  switch (type) {
    case 'boolean': {
      const b =
        value === true || value === 'true' ? true : value === false || value === 'false' ? false : null;
      return b === null ? String(value) : b ? env.labels.yes : env.labels.no;
    }
    case 'integer':
    case 'number_integer':
    case 'float':
    case 'number':
    case 'number_decimal': {
      const n = toNumber(value);
      return n === null ? String(value) : formatNumber(n, env.locale, 0, 6);
    }
    case 'date':
    case 'date_time':
      return typeof value === 'string' ? formatDate(value, env.locale) : '';
    case 'money': {
      const v = parseJson(value) as { amount?: unknown; currency_code?: unknown } | null;
      const amount = toNumber(v && typeof v === 'object' ? v.amount : value);
      if (amount === null) return '';
      const code =
        v && typeof v === 'object' && typeof v.currency_code === 'string' ? v.currency_code : env.currency;
      return formatPrice(amount, code, env.locale, 'full');
    }
    case 'weight':
    case 'volume':
    case 'dimension': {
      const v = parseJson(value) as { value?: unknown; unit?: unknown } | null;
      if (!v || typeof v !== 'object') return String(value);
      const n = toNumber(v.value);
      const unit = typeof v.unit === 'string' ? ` ${v.unit.toLowerCase()}` : '';
      return n === null ? '' : `${formatNumber(n, env.locale, 0, 6)}${unit}`;
    }
    case 'rating': {
      const v = parseJson(value) as { value?: unknown; scale_max?: unknown } | null;
      if (!v || typeof v !== 'object') return String(value);
      const n = toNumber(v.value);
      const max = toNumber(v.scale_max);
      return n === null
        ? ''
        : max === null
          ? formatNumber(n, env.locale, 0, 2)
          : `${formatNumber(n, env.locale, 0, 2)}/${formatNumber(max, env.locale, 0, 2)}`;
    }
    default: {
      // Text types print as they are; JSON (json, rich text, references) has no caption form.
      const v = parseJson(value);
      return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    }
  }
}

/**
 * The HTML of a metafield value: escaped text, list items joined with ", ", line breaks of multi-line text as
 * <br>. Objects of types captions do not know print as nothing rather than as JSON.
 */
export function metafieldHtml(mf: Pick<Metafield, 'type' | 'value_type' | 'value'>, env: Env): string {
  const type = metafieldType(mf) ?? 'string';
  if (type.startsWith('list.')) {
    const items = parseJson(mf.value);
    const list = Array.isArray(items) ? items : [items];
    return list
      .map((item) => escapeHtml(scalarText(type.slice(5), item, env)))
      .filter(Boolean)
      .join(', ');
  }
  const html = escapeHtml(scalarText(type, mf.value, env));
  return type === 'multi_line_text_field' ? html.replace(/\r?\n/g, '<br>') : html;
}

export function findMetafield(
  metafields: readonly Metafield[] | null | undefined,
  namespace: string,
  key: string,
): Metafield | undefined {
  if (!Array.isArray(metafields)) return undefined;
  return (
    metafields.find((m) => m?.namespace === namespace && m?.key === key) ??
    // Namespaces and keys are typed by hand in templates: forgive case when nothing matches exactly.
    metafields.find(
      (m) =>
        m?.namespace?.toLowerCase() === namespace.toLowerCase() &&
        m?.key?.toLowerCase() === key.toLowerCase(),
    )
  );
}

export function findCustomField(
  fields: readonly CustomField[] | null | undefined,
  key: string,
): CustomField | undefined {
  if (!Array.isArray(fields)) return undefined;
  const lower = key.toLowerCase();
  return (
    fields.find((f) => f?.key === key) ??
    fields.find((f) => f?.key?.toLowerCase() === lower) ??
    fields.find((f) => f?.name?.toLowerCase() === lower)
  );
}

/**
 * An address safe to put in href or src: http(s), protocol-relative (made https), relative paths and, for
 * images only, inline raster or SVG images. Any other scheme (javascript:, vbscript:, data:text/html) gives null.
 */
export function safeUrl(url: unknown, kind: 'link' | 'image'): string | null {
  if (typeof url !== 'string') return null;
  const u = url.trim();
  if (!u) return null;
  if (/^https?:\/\//i.test(u)) return u;
  if (u.startsWith('//')) return `https:${u}`;
  if (kind === 'image' && /^data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,]/i.test(u)) return u;
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so test without them.
  // eslint-disable-next-line no-control-regex
  if (/^[a-z][a-z0-9+.-]*:/i.test(u.replace(/[\s\u0000-\u001f]/g, ''))) return null;
  return u;
}

/** The image a caption shows for a product or a variation: print-sized first, then the original. */
export function mainImageUrl(product: Product, variation: Variation | null): string | null {
  if (variation) return safeUrl(variation.image, 'image');
  const firstVisible = Array.isArray(product.images)
    ? product.images.find((img) => img && !img.hide)
    : undefined;
  for (const candidate of [
    product.compressed_image,
    product.main_image,
    product.thumbnail_image,
    firstVisible?.compressed,
    firstVisible?.original,
  ]) {
    const url = safeUrl(candidate, 'image');
    if (url) return url;
  }
  return null;
}
