import { ESSENTIAL_TEMPLATE_IDS } from '../constants.ts';
import { fontFamilyValue, withFont, withThemeValues, WEB_FONTS } from '../branding/index.ts';
import { getDefaultLayout } from '../layouts/index.ts';
import { DEFAULT_THEME, type Catalog, type PriceTemplateStyle, type Theme } from '../model/index.ts';
import { SAMPLE_LISTINGS } from '../site/samples.ts';
import { buildCatalog } from './build-catalog.ts';
import { buildCatalogOfKind, type CatalogKind, type CatalogPurpose } from './kinds.ts';

/**
 * The starter template catalogs (issue 24 §5): eight designed documents the wizard's 'Start from a template'
 * offers, each with its own theme, fonts and product grid, drawn with the sample products of the public site.
 * Their slugs are the template ids; the first five are the Essential plan's (SPEC §9 ESSENTIAL_TEMPLATE_IDS).
 */
export type StarterTemplate = {
  slug: string;
  title: string;
  /** The wizard's kind of document it is built as, and the products a page (catalog-like kinds). */
  kind: CatalogKind;
  purpose: CatalogPurpose;
  perPage?: number;
  caption?: string;
  colors: {
    primary: string;
    secondary: string;
    text: string;
    muted: string;
    background: string;
    price: string;
  };
  fonts: { headings: string; body: string };
  priceStyle?: Partial<PriceTemplateStyle>;
};

const SALE_CAPTION = '<h6>[TITLE]</h6><p class="price">[PRICE_FULL] <s>[MSRP_FULL]</s></p>';

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    slug: 'template-line-sheet',
    title: 'Line sheet',
    kind: 'line_sheet',
    purpose: 'wholesale',
    colors: {
      primary: '#111827',
      secondary: '#9ca3af',
      text: '#1f2937',
      muted: '#6b7280',
      background: '#ffffff',
      price: '#111827',
    },
    fonts: { headings: 'Montserrat', body: 'Inter' },
  },
  {
    slug: 'template-product-catalog',
    title: 'Product catalog',
    kind: 'catalog',
    purpose: 'print',
    perPage: 6,
    colors: {
      primary: '#1f3a5f',
      secondary: '#c8a96a',
      text: '#222222',
      muted: '#6b7280',
      background: '#ffffff',
      price: '#1f3a5f',
    },
    fonts: { headings: 'Playfair Display', body: 'Lato' },
  },
  {
    slug: 'template-price-list',
    title: 'Price list',
    kind: 'price_list',
    purpose: 'print',
    colors: {
      primary: '#0f766e',
      secondary: '#99f6e4',
      text: '#134e4a',
      muted: '#5f7f7b',
      background: '#ffffff',
      price: '#0f766e',
    },
    fonts: { headings: 'Work Sans', body: 'Work Sans' },
  },
  {
    slug: 'template-lookbook',
    title: 'Lookbook',
    kind: 'catalog',
    purpose: 'online',
    perPage: 2,
    colors: {
      primary: '#3f2d2b',
      secondary: '#d9b8a3',
      text: '#3f2d2b',
      muted: '#8a716a',
      background: '#fbf7f3',
      price: '#8a5a44',
    },
    fonts: { headings: 'Cormorant Garamond', body: 'Raleway' },
    priceStyle: {
      position: 'inside',
      anchor: 'left',
      background_color: '#fbf7f3',
      padding_top: 6,
      padding_left: 8,
      padding_right: 8,
      padding_bottom: 6,
    },
  },
  {
    slug: 'template-wholesale-order-form',
    title: 'Wholesale order form with contract',
    kind: 'wholesale_order_form',
    purpose: 'wholesale',
    colors: {
      primary: '#1e3a8a',
      secondary: '#93c5fd',
      text: '#1f2937',
      muted: '#64748b',
      background: '#ffffff',
      price: '#1e3a8a',
    },
    fonts: { headings: 'Roboto', body: 'Roboto' },
  },
  {
    slug: 'template-tear-sheet',
    title: 'Tear sheet',
    kind: 'catalog',
    purpose: 'print',
    perPage: 1,
    colors: {
      primary: '#000000',
      secondary: '#e11d48',
      text: '#111111',
      muted: '#555555',
      background: '#ffffff',
      price: '#e11d48',
    },
    fonts: { headings: 'Bebas Neue', body: 'Open Sans' },
  },
  {
    slug: 'template-seasonal-promotion',
    title: 'Seasonal promotion',
    kind: 'catalog',
    purpose: 'print',
    perPage: 4,
    caption: SALE_CAPTION,
    colors: {
      primary: '#9a3412',
      secondary: '#fdba74',
      text: '#431407',
      muted: '#9a6b4f',
      background: '#fff7ed',
      price: '#c2410c',
    },
    fonts: { headings: 'Oswald', body: 'Nunito' },
    priceStyle: {
      background_color: '#ffedd5',
      padding_top: 4,
      padding_bottom: 4,
      padding_left: 6,
      padding_right: 6,
    },
  },
  {
    slug: 'template-minimal',
    title: 'Minimal',
    kind: 'catalog',
    purpose: 'print',
    perPage: 9,
    colors: {
      primary: '#222222',
      secondary: '#dddddd',
      text: '#333333',
      muted: '#888888',
      background: '#ffffff',
      price: '#222222',
    },
    fonts: { headings: 'Josefin Sans', body: 'Josefin Sans' },
    priceStyle: { anchor: 'right' },
  },
];

/** Every Essential template id names a starter template (checked by test). */
export const ESSENTIAL_STARTERS = STARTER_TEMPLATES.filter((t) =>
  (ESSENTIAL_TEMPLATE_IDS as readonly string[]).includes(t.slug),
);

function themeOf(tpl: StarterTemplate): Theme {
  const font = (family: string) => {
    const f = WEB_FONTS.find((w) => w.family === family);
    if (!f) throw new Error(`Starter template ${tpl.slug}: ${family} is not a bundled font`);
    return fontFamilyValue(f.family, f.kind);
  };
  const c = tpl.colors;
  let theme = withThemeValues(DEFAULT_THEME, [
    { selector: ':root', property: '--brand-primary', value: c.primary },
    { selector: ':root', property: '--brand-secondary', value: c.secondary },
    { selector: ':root', property: '--brand-text', value: c.text },
    { selector: ':root', property: '--brand-muted', value: c.muted },
    { selector: ':root', property: '--brand-background', value: c.background },
    { selector: '.price', property: 'color', value: c.price },
  ]);
  theme = withFont(theme, 'headings', font(tpl.fonts.headings));
  theme = withFont(theme, 'body', font(tpl.fonts.body));
  return theme;
}

/** The template catalog of a starter: built from the sample products, then given its look. */
export function starterCatalog(tpl: StarterTemplate): Catalog {
  const sections = [{ title: null, listings: SAMPLE_LISTINGS }];
  const built =
    tpl.kind === 'catalog'
      ? buildCatalog({
          listings: SAMPLE_LISTINGS,
          title: tpl.title,
          layout: getDefaultLayout('products', tpl.perPage ?? 6),
          ...(tpl.caption ? { caption: tpl.caption } : {}),
          descriptions: tpl.purpose === 'online',
          id: tpl.slug,
        })
      : buildCatalogOfKind({
          kind: tpl.kind,
          purpose: tpl.purpose,
          title: tpl.title,
          sections,
          id: tpl.slug,
        });
  return {
    ...built,
    theme: themeOf(tpl),
    version: Math.max(built.version, 3),
    priceTemplateStyle: { ...built.priceTemplateStyle, ...tpl.priceStyle },
  };
}
