/**
 * The rules of the rich-text editor (SPEC §9 'Rich text editor'): font sizes 6 to 128, line heights 1 to 3,
 * pictures JPEG or PNG of at most 2,097,152 bytes, and the tokens (PAGE_NUMBER, {{CATALOG_TITLE}}) shown as chips
 * while editing and stored as the words the page fills in. Pure; app/components/rich-text draws the editor.
 */
import { RICH_TEXT } from '../constants.ts';
import { escapeHtml } from '../sanitize/index.ts';

export const FONT_SIZE_MIN = RICH_TEXT.fontSizeMin;
export const FONT_SIZE_MAX = RICH_TEXT.fontSizeMax;
export const LINE_HEIGHT_MIN = RICH_TEXT.lineHeightMin;
export const LINE_HEIGHT_MAX = RICH_TEXT.lineHeightMax;
export const PICTURE_MAX_BYTES = RICH_TEXT.imageMaxBytes;

/** The font sizes the size field suggests (px); any whole size from 6 to 128 may be typed. */
export const FONT_SIZES = [6, 8, 10, 12, 14, 16, 18, 24, 32, 48, 64, 96, 128] as const;
/** The line heights the editor offers, all within 1 to 3. */
export const LINE_HEIGHTS = [1, 1.15, 1.5, 2, 2.5, 3] as const;

/** A typed font size as the editor applies it: a whole number of px from 6 to 128, or null when not a number. */
export function fontSizeValue(typed: string): number | null {
  const n = Number(typed.trim().replace(/px$/i, ''));
  if (!typed.trim() || !Number.isFinite(n)) return null;
  return Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, Math.round(n)));
}

/** A line height within 1 to 3, or null when not a number. */
export function lineHeightValue(value: string | number): number | null {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || (typeof value === 'string' && !value.trim())) return null;
  return Math.min(LINE_HEIGHT_MAX, Math.max(LINE_HEIGHT_MIN, Math.round(n * 100) / 100));
}

export type PictureProblem = 'type' | 'size';

/** Why a picture cannot go into rich text (SPEC §9: jpeg, jpg or png, at most 2,097,152 bytes), or null. */
export function pictureProblem(file: { name: string; type: string; size: number }): PictureProblem | null {
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const typeOk = /^image\/(jpeg|jpg|png)$/i.test(file.type);
  const extOk = (RICH_TEXT.imageTypes as readonly string[]).includes(ext);
  if (!typeOk || (ext && !extOk)) return 'type';
  if (file.size > PICTURE_MAX_BYTES) return 'size';
  return null;
}

// A chip as the editor writes it: inline (span) or between paragraphs (div), its name inside.
const TOKEN_CHIP = /<(span|div)\b[^>]*\bdata-token="([^"]*)"[^>]*>[\s\S]*?<\/\1>/g;

/**
 * Stored HTML with each token in its text (never inside a tag) written as a chip element the editor shows as
 * one piece: `<span data-token="PAGE_NUMBER"></span>`.
 */
export function tokensToChips(html: string, tokens: readonly string[]): string {
  if (!tokens.length || !html) return html;
  const pattern = new RegExp(
    `(${tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'g',
  );
  return html
    .split(/(<[^>]*>)/)
    .map((part) =>
      part.startsWith('<')
        ? part
        : part.replace(pattern, (t) => `<span data-token="${escapeHtml(t)}"></span>`),
    )
    .join('');
}

/**
 * The editor's HTML as it is stored: each chip back to its token, when it is one of the tokens offered (or one
 * `tokens` accepts: any caption token, core/rich-text `isCaptionToken`); any other chip is dropped.
 */
export function chipsToTokens(
  html: string,
  tokens: readonly string[] | ((token: string) => boolean),
): string {
  const allowed = typeof tokens === 'function' ? tokens : (t: string) => tokens.includes(t);
  return html.replace(TOKEN_CHIP, (whole, tag: string, token: string) => {
    const t = token.replace(/&quot;/g, '"').replace(/&amp;/g, '&');
    return allowed(t) ? t : '';
  });
}

/**
 * A header's or footer's words as they are stored: the editor writes one paragraph, and a lone paragraph with no
 * style of its own is stored as its words (`<strong>Summer</strong> sale`, `Maison PAGE_NUMBER`), the form bands
 * always had; an aligned paragraph, a heading or several lines stay as written.
 */
export function bandHtml(html: string): string {
  const m = /^<p>([\s\S]*)<\/p>$/.exec(html.trim());
  if (!m || /<\/?(p|h[1-6]|ul|ol|li|div|blockquote|img|table)\b/i.test(m[1]!)) return html.trim();
  return m[1]!;
}

export {
  captionChipLabel,
  captionToChips,
  isBlockCaptionToken,
  isCaptionToken,
  markupLost,
} from './caption-chips.ts';
