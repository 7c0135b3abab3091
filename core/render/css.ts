import type { Catalog, Theme } from '../model/index.ts';
import { scopeCss } from '../sanitize/index.ts';
import type { FontFaceOption, RenderContext } from './context.ts';
import { COLUMN_GAP_PX, LIST_TITLE_HEIGHT_PX, PAGE_PADDING_X_PX, PAGE_PADDING_Y_PX } from './geometry.ts';
import { BASE_CSS } from './base-css.ts';
import { assetUrl } from './merchant-html.ts';

/** The theme object (selector → properties) as CSS text, before scoping. */
export function themeToCss(theme: Theme): string {
  return Object.entries(theme)
    .map(([selector, props]) => {
      const body = Object.entries(props)
        .map(([k, v]) => `${k}: ${v};`)
        .join(' ');
      return `${selector} { ${body} }`;
    })
    .join('\n');
}

function cssString(s: string): string {
  return `"${s
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\n\r\f]/g, ' ')}"`;
}

function fontFormat(url: string): string | null {
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  if (url.startsWith('data:')) {
    const m = /^data:(?:font|application)\/(?:font-)?([a-z0-9-]+)/i.exec(url)?.[1]?.toLowerCase();
    return m === 'ttf' ? 'truetype' : m === 'otf' ? 'opentype' : (m ?? null);
  }
  return { woff2: 'woff2', woff: 'woff', ttf: 'truetype', otf: 'opentype' }[ext ?? ''] ?? null;
}

/**
 * @font-face rules for the option's fonts and the catalog's uploaded fonts (deduplicated, in order). Option
 * fonts come from our own code (bundled files, even file: URLs in the worker); the catalog's come from the
 * merchant and must be URLs a page may load.
 */
export function fontFaceCss(fonts: FontFaceOption[], ctx: RenderContext): string {
  const all: (FontFaceOption & { trusted: boolean })[] = [
    ...fonts.map((f) => ({ ...f, trusted: true })),
    ...ctx.catalog.fonts
      .filter((f) => !!f.url)
      .map((f) => ({
        family: f.family,
        weight: f.weight,
        style: f.style,
        url: f.url as string,
        trusted: false,
      })),
  ];
  // A merchant's family uploaded in one weight (of a style) stands for every weight of it: bold titles in it are
  // drawn with that file rather than a bold Chromium makes up, which it prints as a Type 3 font instead of
  // embedding the merchant's (issue 24 §2). The editor, the viewer and the PDF all read this CSS: one look.
  const uploadedWeights = new Map<string, Set<number>>();
  for (const f of all)
    if (!f.trusted) {
      const k = `${f.family}|${f.style ?? 'normal'}`;
      uploadedWeights.set(k, (uploadedWeights.get(k) ?? new Set()).add(Math.round(f.weight ?? 400)));
    }
  const weightOf = (f: (typeof all)[number]) =>
    !f.trusted && uploadedWeights.get(`${f.family}|${f.style ?? 'normal'}`)?.size === 1
      ? '1 1000'
      : String(Math.round(f.weight ?? 400));
  const seen = new Set<string>();
  const rules: string[] = [];
  for (const f of all) {
    const key = `${f.family}|${f.weight ?? 400}|${f.style ?? 'normal'}|${f.unicodeRange ?? ''}`;
    if (seen.has(key) || !f.family.trim()) continue;
    const url = f.trusted
      ? /^\s*javascript:/i.test(f.url)
        ? null
        : ctx.resolveAsset(f.url)
      : assetUrl(f.url, ctx);
    if (!url) continue;
    seen.add(key);
    const format = fontFormat(f.url);
    rules.push(
      `@font-face { font-family: ${cssString(f.family)}; font-weight: ${weightOf(f)}; ` +
        `font-style: ${f.style === 'italic' ? 'italic' : 'normal'}; font-display: ${ctx.fontDisplay}; ` +
        `src: url(${cssString(url)})${format ? ` format(${cssString(format)})` : ''};` +
        (f.unicodeRange && /^[\sU+0-9A-F?,-]+$/i.test(f.unicodeRange)
          ? ` unicode-range: ${f.unicodeRange};`
          : '') +
        ' }',
    );
  }
  return rules.join('\n');
}

/**
 * Families every font stack falls back to before a generic family, for the characters the merchant's fonts lack:
 * emoji in colour, then symbols (★ ✓ ☎ ⚠ arrows, dingbats). The worker prints with the bundled files of both
 * (server/files/fonts.server.ts), so a PDF sets the same glyphs on every machine; a browser uses its own copy of
 * them when it has one, else its own emoji and symbols.
 */
export const FALLBACK_FONT_FAMILIES = ['Noto Color Emoji', 'Noto Sans Symbols 2'] as const;

const GENERIC_FAMILIES = new Set([
  'serif',
  'sans-serif',
  'monospace',
  'cursive',
  'fantasy',
  'system-ui',
  'ui-serif',
  'ui-sans-serif',
  'ui-monospace',
  'ui-rounded',
  'emoji',
  'math',
  'fangsong',
]);
const FALLBACK_LIST = FALLBACK_FONT_FAMILIES.map((f) => `'${f}'`).join(', ');

/**
 * Every font-family declaration of a stylesheet (not @font-face descriptors) with the fallback families put in
 * before its first generic family (or at its end): a glyph no named font has is then found in ours, not in
 * whatever the machine's system fallback happens to hold. Keywords (inherit) and var() stay as they are.
 */
export function withFallbackFonts(css: string): string {
  // @font-face blocks name one family in their descriptor: a list there would break the face.
  return css
    .split(/(@font-face\s*\{[^}]*\})/i)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(FONT_FAMILY, addFallbacks)))
    .join('');
}

const FONT_FAMILY = /(^|[;{\s])(font-family\s*:\s*)([^;{}]+)/gi;

function addFallbacks(whole: string, before: string, prop: string, value: string): string {
  const important = /\s*!important\s*$/i.exec(value)?.[0] ?? '';
  const list = value.slice(0, value.length - important.length).trim();
  if (/^(inherit|initial|unset|revert|revert-layer)$/i.test(list) || /var\(|noto color emoji/i.test(list))
    return whole;
  const families = list.split(',').map((f) => f.trim());
  const at = families.findIndex((f) => GENERIC_FAMILIES.has(f.toLowerCase()));
  const next =
    at === -1
      ? [...families, FALLBACK_LIST]
      : [...families.slice(0, at), FALLBACK_LIST, ...families.slice(at)];
  return `${before}${prop}${next.join(', ')}${important}`;
}

const familyKey = (s: string) => s.trim().toLowerCase();

const ALWAYS_USED = new Set(['open sans', ...FALLBACK_FONT_FAMILIES.map(familyKey)]);

/**
 * The faces of the families a catalog names anywhere (theme, CSS, fonts, inline styles of its HTML), the base font
 * and the fallbacks every stack ends with: what a browser showing the catalog may need, so a page does not declare
 * every bundled family.
 */
export function fontFacesUsed(faces: FontFaceOption[], catalog: Catalog): FontFaceOption[] {
  const text = JSON.stringify(catalog).toLowerCase();
  const used = new Set<string>();
  for (const f of faces) {
    const key = familyKey(f.family);
    // A whole name ('inter', not 'interval'); one declared too many costs nothing (a face loads when used).
    const named = new RegExp(`(^|[^a-z0-9-])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9-])`);
    if (ALWAYS_USED.has(key) || named.test(text)) used.add(key);
  }
  return faces.filter((f) => used.has(familyKey(f.family)));
}

/**
 * The faces to fetch before the first paint: the regular face of each family the theme sets for the page and its
 * headings (at most `max`), so the first spread paints in its fonts.
 */
export function fontsToPreload(faces: FontFaceOption[], catalog: Catalog, max = 3): FontFaceOption[] {
  const families = new Set<string>();
  const theme = catalog.version >= 3 ? catalog.theme : {};
  for (const [selector, props] of Object.entries(theme)) {
    const family = props['font-family'];
    if (family && /(^|,\s*)(body|:root|h[1-6])(\s*,|$)/i.test(selector))
      families.add(familyKey(family.split(',')[0]!.replace(/['"]/g, '')));
  }
  if (!families.size) families.add('open sans');
  return faces
    .filter((f) => families.has(familyKey(f.family)) && (f.weight ?? 400) === 400 && f.style !== 'italic')
    .slice(0, max);
}

/** Page box size and print rules for the format; printed pages carry no margin, the layout has its own. */
export function pageRulesCss(ctx: RenderContext): string {
  const { widthMm, heightMm } = ctx.size;
  const b = 2 * ctx.bleedMm;
  return `@page { size: ${+(widthMm + b).toFixed(4)}mm ${+(heightMm + b).toFixed(4)}mm; margin: 0; }`;
}

/** Layout constants shared with core/pagination, as CSS variables so the two never drift apart. */
function geometryCss(): string {
  return (
    `.cb-page { --cb-pad-x: ${PAGE_PADDING_X_PX}px; --cb-pad-y: ${PAGE_PADDING_Y_PX}px; ` +
    `--cb-col-gap: ${COLUMN_GAP_PX}px; --cb-list-title-h: ${LIST_TITLE_HEIGHT_PX}px; }`
  );
}

/**
 * The whole stylesheet of a render, in cascade order: print rules, fonts, base styles (zero specificity so
 * themes win), the theme, then branding and custom CSS, each scoped to this catalog.
 */
export function catalogCss(ctx: RenderContext, fontFaces: FontFaceOption[] = []): string {
  const scope = `.${ctx.scopeClass}`;
  const { catalog } = ctx;
  const parts = [
    pageRulesCss(ctx),
    fontFaceCss(fontFaces, ctx),
    withFallbackFonts(BASE_CSS),
    geometryCss(),
    catalog.version >= 3 ? withFallbackFonts(scopeCss(themeToCss(catalog.theme), scope)) : '',
    withFallbackFonts(scopeCss(catalog.branding_css, scope)),
    withFallbackFonts(scopeCss(catalog.custom_css, scope)),
  ];
  // The stylesheet is inlined in a <style> element: nothing in it may close that element.
  return parts
    .filter((p) => p.trim())
    .join('\n')
    .replace(/<\/style/gi, '<\\/style');
}
