/**
 * The public site (SPEC §2.5 marketing routes): every page in English at its path and in French under /fr/...,
 * what kind of page it is, and for template pages the wizard's kind of document it shows. The app's routes,
 * the language of a request, the sitemap and each page's alternates all read this one list.
 */
import type { CatalogKind, CatalogPurpose } from '../builder/index.ts';
import type { Language } from '../i18n/index.ts';

export type SitePageKind =
  'home' | 'template' | 'product' | 'guide' | 'legal' | 'explore' | 'testimonials' | 'courses' | 'enterprise';

export interface SitePage {
  /** Key of the page's text in the `site` namespace (pages.<id>). */
  id: string;
  /** The English path; the French one is /fr + this (the home: /fr). */
  path: string;
  kind: SitePageKind;
  /** Template and product pages: the document the wizard builds from it, drawn on the page. */
  template?: CatalogKind;
  /** Who that document is for (the wizard's purpose); by default print, wholesale for wholesale kinds. */
  purpose?: CatalogPurpose;
}

export const SITE_PAGES: readonly SitePage[] = [
  { id: 'home', path: '/', kind: 'home' },
  { id: 'explore', path: '/explore', kind: 'explore' },
  { id: 'catalogTemplate', path: '/catalog-template', kind: 'template', template: 'catalog' },
  { id: 'lineSheetTemplate', path: '/line-sheet-template', kind: 'template', template: 'line_sheet' },
  {
    id: 'orderFormTemplate',
    path: '/wholesale-order-form-template',
    kind: 'template',
    template: 'wholesale_order_form',
  },
  { id: 'priceListTemplate', path: '/price-list-template', kind: 'template', template: 'price_list' },
  {
    id: 'productCatalogTemplate',
    path: '/product-catalog-template',
    kind: 'template',
    template: 'catalog',
    purpose: 'online',
  },
  {
    id: 'contractTemplate',
    path: '/wholesale-contract-template',
    kind: 'template',
    template: 'wholesale_order_form',
  },
  { id: 'tearSheets', path: '/products/tear-sheets', kind: 'product', template: 'catalog' },
  { id: 'orderSheets', path: '/products/order-sheets', kind: 'product', template: 'wholesale_order_form' },
  {
    id: 'onlineCatalog',
    path: '/products/online-catalog',
    kind: 'product',
    template: 'catalog',
    purpose: 'online',
  },
  {
    id: 'onlineWholesaleCatalog',
    path: '/products/online-wholesale-catalog',
    kind: 'product',
    template: 'line_sheet',
    purpose: 'wholesale',
  },
  { id: 'lineSheet', path: '/line-sheet', kind: 'guide' },
  { id: 'howToCatalog', path: '/how-to-create-a-product-catalog', kind: 'guide' },
  { id: 'tradeShows', path: '/fashion-trade-shows', kind: 'guide' },
  { id: 'marketingTips', path: '/ecommerce-marketing-tips', kind: 'guide' },
  { id: 'showcase', path: '/catalogs-showcase', kind: 'explore' },
  { id: 'testimonials', path: '/testimonials', kind: 'testimonials' },
  { id: 'courses', path: '/e-commerce-courses', kind: 'courses' },
  { id: 'enterprise', path: '/enterprise', kind: 'enterprise' },
  { id: 'privacy', path: '/privacy-policy', kind: 'legal' },
  { id: 'terms', path: '/terms-of-service', kind: 'legal' },
];

/** A page's path in a language: English as listed, French under /fr. */
export function sitePath(page: Pick<SitePage, 'path'>, lang: Language): string {
  if (lang === 'en') return page.path;
  return page.path === '/' ? '/fr' : `/fr${page.path}`;
}

/** The site page a path is, and in which language; null for any other path. */
export function matchSitePage(pathname: string): { page: SitePage; lang: Language } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const page of SITE_PAGES) {
    if (path === page.path) return { page, lang: 'en' };
    if (path === sitePath(page, 'fr')) return { page, lang: 'fr' };
  }
  return null;
}

/** The purpose a template or product page's document is built for. */
export function sitePurpose(page: SitePage): CatalogPurpose {
  if (page.purpose) return page.purpose;
  return page.template === 'line_sheet' || page.template === 'wholesale_order_form' ? 'wholesale' : 'print';
}

/**
 * A page's Open Graph image: for a page showing a template, that template's first page as core/render draws
 * it (public/site/og/<kind>.png, made by `npm run site:og`); the site's own card for the others.
 */
export function siteImage(page: Pick<SitePage, 'template'>): string {
  return page.template ? `/site/og/${page.template}.png` : '/site/og.png';
}

export function sitePage(id: string): SitePage {
  const page = SITE_PAGES.find((p) => p.id === id);
  if (!page) throw new Error(`No site page ${id}`);
  return page;
}
