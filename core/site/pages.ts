/**
 * The public site (SPEC §2.5 marketing routes): every page in English at its path and in French under /fr/...,
 * what kind of page it is, and for template pages the wizard's kind of document it shows. The app's routes,
 * the language of a request, the sitemap and each page's alternates all read this one list.
 */
import type { CatalogKind } from '../builder/index.ts';
import type { Language } from '../i18n/index.ts';

export type SitePageKind = 'home' | 'template' | 'guide' | 'legal' | 'explore';

export interface SitePage {
  /** Key of the page's text in the `site` namespace (pages.<id>). */
  id: string;
  /** The English path; the French one is /fr + this (the home: /fr). */
  path: string;
  kind: SitePageKind;
  /** Template pages: the document the wizard builds from it. */
  template?: CatalogKind;
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
  { id: 'howToCatalog', path: '/how-to-create-a-product-catalog', kind: 'guide' },
  { id: 'tradeShows', path: '/fashion-trade-shows', kind: 'guide' },
  { id: 'marketingTips', path: '/ecommerce-marketing-tips', kind: 'guide' },
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

export function sitePage(id: string): SitePage {
  const page = SITE_PAGES.find((p) => p.id === id);
  if (!page) throw new Error(`No site page ${id}`);
  return page;
}
