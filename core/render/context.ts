import { renderTemplate, resolveLocale } from '../captions/index.ts';
import type { PageFormat } from '../constants.ts';
import { getT, normalizeLanguage, type Language } from '../i18n/index.ts';
import type { Catalog, Product, Replacement, TableColumn } from '../model/index.ts';
import { PX_PER_MM, pageSize, resolveFormat, type PageSize } from './geometry.ts';

/** A web font the document declares; the renderer never fetches it, the browser printing the page does. */
export interface FontFaceOption {
  family: string;
  weight?: number;
  style?: 'normal' | 'italic';
  url: string;
  /** The characters this file covers (CSS unicode-range): a family split in subsets loads only those it uses. */
  unicodeRange?: string;
}

export interface TemplateContext {
  language: string;
  replacements?: Replacement[];
  log?: (msg: string, err?: unknown) => void;
  pageNumber?: number;
  /** The catalog's variant table columns (variants_table_configuration), for VARIANTS tables naming none. */
  variantColumns?: readonly TableColumn[];
}

/** The caption engine's entry point (core/captions): template source + product → trusted HTML. */
export type RenderTemplateFn = (source: string, product: Product, ctx: TemplateContext) => string;

export type RenderMode = 'print' | 'screen';

export interface RenderOptions {
  /** Page format; default: the catalog's page_format, else A4. */
  format?: PageFormat | string | null;
  /** Draw the trial watermark on every page. */
  watermark?: boolean;
  /**
   * The catalog language to render in; default: the catalog's settings.language. Generated text (index,
   * order form...) uses its English or French reading; numbers, prices and sorting use it as given.
   */
  language?: string | null;
  fontFaces?: FontFaceOption[];
  /**
   * How text waits for its web fonts. `block` (default) for print and page pictures, where the real font must
   * be there; `swap` for the online viewer, where the page should paint at once and take the font when it comes.
   */
  fontDisplay?: 'block' | 'swap';
  /** Maps an image or font URL to the one the document should load (the worker's local compressed files). */
  resolveAsset?: (url: string) => string;
  /** 0-based indices of the pages to render; page numbers stay those of the whole catalog. */
  pages?: number[];
  mode?: RenderMode;
  /**
   * Print output with bleed: every page is drawn this much larger on each side (mm), the page's trim in the
   * middle; backgrounds and pictures that touch the trim run on into the bleed. Default 0.
   */
  bleedMm?: number;
  /** Caption and description evaluation; default: core/captions. */
  renderTemplate?: RenderTemplateFn;
  log?: (msg: string, err?: unknown) => void;
}

/** Everything a page component needs, resolved once per render. */
export interface RenderContext {
  catalog: Catalog;
  format: PageFormat;
  size: PageSize;
  /** Language of generated text: the catalog language read as English or French (the only UI languages). */
  language: Language;
  /**
   * Locale of numbers, prices, dates and sorting: the catalog language as given ("de", "es-MX"), so a German
   * catalog prints 1.234,50 € although its generated text is English.
   */
  locale: string;
  t: (key: string, vars?: Record<string, unknown>) => string;
  /** A list of strings from the render namespace (e.g. the default contract terms). */
  tList: (key: string) => string[];
  mode: RenderMode;
  fontDisplay: 'block' | 'swap';
  watermark: boolean;
  /** Bleed on each side of the trim, in mm and in CSS px (0: none). */
  bleedMm: number;
  bleedPx: number;
  resolveAsset: (url: string) => string;
  renderTemplate: RenderTemplateFn;
  log: (msg: string, err?: unknown) => void;
  /** CSS class every page carries; theme and merchant CSS are confined to it. */
  scopeClass: string;
  /** Memoised derived data (index entries, placed products...) shared by the pages of one render. */
  memo: Map<string, unknown>;
}

/** A class name derived from the catalog id: deterministic, and safe in a CSS selector. */
export function scopeClassFor(catalog: Catalog): string {
  return `cb-c-${catalog._id.replace(/[^A-Za-z0-9_-]/g, '_') || 'catalog'}`;
}

export function createRenderContext(catalog: Catalog, options: RenderOptions = {}): RenderContext {
  const format = resolveFormat(catalog, options.format);
  const given = options.language ?? catalog.settings.language;
  const language = normalizeLanguage(given);
  const t = getT(language, 'render');
  return {
    catalog,
    format,
    size: pageSize(format),
    language,
    locale: resolveLocale(given),
    t: (key, vars) => String(t(key, vars)),
    tList: (key) => {
      const v: unknown = t(key, { returnObjects: true });
      return Array.isArray(v) ? v.map(String) : [];
    },
    mode: options.mode ?? 'print',
    fontDisplay: options.fontDisplay ?? 'block',
    watermark: !!options.watermark,
    bleedMm: Math.max(0, options.bleedMm ?? 0),
    bleedPx: Math.max(0, options.bleedMm ?? 0) * PX_PER_MM,
    resolveAsset: options.resolveAsset ?? ((u) => u),
    renderTemplate: options.renderTemplate ?? renderTemplate,
    log: options.log ?? (() => {}),
    scopeClass: scopeClassFor(catalog),
    memo: new Map(),
  };
}

/** Memoise a derived value for the lifetime of one render context. */
export function memo<T>(ctx: RenderContext, key: string, compute: () => T): T {
  if (ctx.memo.has(key)) return ctx.memo.get(key) as T;
  const v = compute();
  ctx.memo.set(key, v);
  return v;
}
