import type { MetaDescriptor } from 'react-router';
import { getT, LANGUAGES, type Language } from '../../../core/i18n/index.ts';
import { SITE_PAGES, siteImage, sitePage, sitePath } from '../../../core/site/index.ts';

type Faq = { q: string; a: string }[];

/**
 * A site page's head: its own title and description, the canonical address, hreflang alternates (en, fr,
 * x-default), Open Graph and Twitter cards, and structured data (the organisation on the home page, FAQPage on
 * the guides).
 */
export function siteMeta(
  data:
    | {
        pageId: string;
        lang: Language;
        origin: string;
        currency?: string;
        enterprise?: { forSale: boolean; title: string; yearly: number; monthly: number } | null;
      }
    | undefined,
): MetaDescriptor[] {
  if (!data) return [];
  const page = sitePage(data.pageId);
  const t = getT(data.lang, 'site');
  const title = t(`pages.${page.id}.title`);
  const description = t(`pages.${page.id}.description`);
  const url = data.origin + sitePath(page, data.lang);
  const image = data.origin + siteImage(page);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGUAGES.map((l) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: l,
      href: data.origin + sitePath(page, l),
    })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: data.origin + page.path },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: 'Catalog Builder' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:locale', content: data.lang === 'fr' ? 'fr_FR' : 'en_US' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
  if (page.kind === 'home')
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: 'Catalog Builder',
        url: data.origin + '/',
        logo: `${data.origin}/favicon.svg`,
      },
    });
  if (page.kind === 'guide') {
    const faq = t(`pages.${page.id}.faq`, { returnObjects: true }) as unknown as Faq;
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: faq.map((f) => ({
          '@type': 'Question',
          name: f.q,
          acceptedAnswer: { '@type': 'Answer', text: f.a },
        })),
      },
    });
  }
  // A plan for sale is a Product: billed for a year (12 times its yearly monthly price), or month by month.
  const plan = page.kind === 'enterprise' ? data.enterprise : null;
  if (plan?.forSale && data.currency)
    tags.push({
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: `Catalog Builder ${plan.title}`,
        description,
        brand: { '@type': 'Brand', name: 'Catalog Builder' },
        offers: [
          { name: 'Yearly', price: plan.yearly * 12, unit: 'ANN' },
          { name: 'Monthly', price: plan.monthly, unit: 'MON' },
        ].map((o) => ({
          '@type': 'Offer',
          name: o.name,
          price: String(o.price),
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: String(o.price),
            priceCurrency: data.currency!.toUpperCase(),
            unitCode: o.unit,
          },
          priceCurrency: data.currency!.toUpperCase(),
          url,
          availability: 'https://schema.org/InStock',
        })),
      },
    });
  return tags;
}

export const TEMPLATE_PAGES = SITE_PAGES.filter((p) => p.kind === 'template');
export const GUIDE_PAGES = SITE_PAGES.filter((p) => p.kind === 'guide');
export const PRODUCT_PAGES = SITE_PAGES.filter((p) => p.kind === 'product');
