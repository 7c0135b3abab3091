import type { Product } from '../model/index.ts';
import { escapeHtml, sanitizeHtml } from '../sanitize/index.ts';
import type { RenderContext } from './context.ts';

export const PAGE_NUMBER_TOKEN = 'PAGE_NUMBER';
export const CATALOG_TITLE_PLACEHOLDER = '{{CATALOG_TITLE}}';

/**
 * Merchant HTML (text cells, headers, footers, full-text pages) made safe, with the page number and the
 * catalog title filled in. Substitution happens after sanitizing so the inserted text is the only new markup,
 * and it is escaped.
 */
export function merchantHtml(
  html: string | null | undefined,
  ctx: RenderContext,
  pageNumber: number,
): string {
  const safe = sanitizeHtml(html);
  if (!safe) return '';
  return safe
    .split(CATALOG_TITLE_PLACEHOLDER)
    .join(escapeHtml(ctx.catalog.title))
    .split(PAGE_NUMBER_TOKEN)
    .join(String(pageNumber));
}

/**
 * A caption or description: the template source is sanitized, then evaluated by the caption engine whose
 * output (escaped values, trusted barcode SVG) is inserted as is. A failing template renders nothing.
 */
export function templateHtml(
  source: string | null | undefined,
  product: Product,
  ctx: RenderContext,
  pageNumber: number,
): string {
  const safe = sanitizeHtml(source);
  if (!safe) return '';
  try {
    return ctx.renderTemplate(safe, product, {
      language: ctx.locale,
      replacements: ctx.catalog.replacements,
      log: ctx.log,
      pageNumber,
      variantColumns: ctx.catalog.variants_table_configuration.columns,
    });
  } catch (err) {
    ctx.log('render: caption template failed', err);
    return '';
  }
}

/** True when sanitized HTML has nothing visible (no text, no image, no rule). */
export function isBlankHtml(html: string): boolean {
  if (/<(img|hr|svg|table)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/**
 * An asset URL the document may load: http(s), inline images and fonts, or a relative path. Anything else
 * (javascript:, file:...) yields null so no broken or unsafe reference reaches the page.
 */
export function assetUrl(url: string | null | undefined, ctx: RenderContext): string | null {
  const u = (url ?? '').trim();
  if (!u) return null;
  const safe =
    /^https?:\/\//i.test(u) ||
    /^data:(image\/(png|jpe?g|gif|webp|svg\+xml)|font\/[a-z0-9-]+|application\/font-[a-z0-9-]+)[;,]/i.test(
      u,
    ) ||
    (!/^[a-z][a-z0-9+.-]*:/i.test(u) && !u.startsWith('//'));
  if (!safe) return null;
  const resolved = ctx.resolveAsset(u);
  return resolved || null;
}

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgba?|hsla?)\(\s*[\d.\s,%/deg-]+\))$/i;

/** A merchant colour if it is only a colour (no url(), no extra declarations), else null. */
export function safeColor(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  return v && COLOR.test(v) ? v : null;
}
