import { and, eq } from 'drizzle-orm';
import { qrCodeSvg } from '../core/barcodes/index.ts';
import { normalizeLanguage } from '../core/i18n/index.ts';
import { pageSize, resolveFormat } from '../core/render/index.ts';
import { storeAccounts } from '../db/schema.ts';
import {
  isIndexable,
  protectionLapsed,
  takesOrders,
  usableSlug,
  viewPath,
  type PublishedCatalog,
} from '../server/catalogs/index.ts';
import type { ProductsLink, ViewerBoot } from './client/boot.ts';
import { originOf, type Resolved, type ViewerRequest } from './context.ts';
import { flatText, viewerDocument } from './documents.tsx';
import {
  catalogDescription,
  catalogStyles,
  fontPreloads,
  coverPicture,
  framedPages,
  productsJsonLd,
  remember,
  spreadOf,
} from './render.tsx';
import { frameAncestorsFor, PUBLIC_REVALIDATE, viewerPolicy } from './security.ts';

/** The catalog's address on the host the request came to. */
export function basePath(v: ViewerRequest, pub: PublishedCatalog): string {
  if (!v.customHost) return viewPath(pub.row);
  return `/${encodeURIComponent(usableSlug(pub.row.slug) ? pub.row.slug : pub.row.id)}`;
}

const absolute = (origin: string, url: string | null) =>
  url && url.startsWith('/') ? `${origin}${url}` : url;

async function storeOf(v: ViewerRequest, pub: PublishedCatalog): Promise<ViewerBoot['store']> {
  const [shopify] = await v.runtime.db
    .select({ shop: storeAccounts.shopDomain })
    .from(storeAccounts)
    .where(and(eq(storeAccounts.userId, pub.row.ownerId), eq(storeAccounts.type, 'shopify')))
    .limit(1);
  const own = pub.catalog.settings.online_store_link;
  if (own && /^https?:\/\//i.test(own)) return { url: own.replace(/\/+$/, ''), shopify: !!shopify };
  return shopify?.shop ? { url: `https://${shopify.shop}`, shopify: true } : null;
}

/**
 * SPEC §2.5 /view: the catalog with its first spread drawn on the server (DESIGN §6: it paints before any script
 * runs), the script's boot data, the social card and, for public catalogs, the products' JSON-LD.
 */
export async function sendViewerPage(
  v: ViewerRequest,
  found: Resolved,
  opts: { startPage: number; canonicalPath: string; scriptUrl: string },
): Promise<void> {
  const { pub, role } = found;
  const { req, res, runtime } = v;
  const { catalog, plan } = pub;
  const settings = catalog.settings;
  const origin = originOf(req);
  const base = basePath(v, pub);
  const total = catalog.pages.length;
  const start = Math.max(0, Math.min(total - 1, opts.startPage));
  const scroll = settings.view_mode === 'scroll' || !settings.showFlipbook;
  const [from, to] = spreadOf(start, total, settings.single_page_mode || scroll);
  const size = pageSize(resolveFormat(catalog));
  const lang = normalizeLanguage(settings.language);
  const { actions } = plan;
  const embed = req.query.embed === '1';
  const shareUrl = `${origin}${base}`;
  const pictures = catalog.pages.map((p) => absolute(origin, p.render?.image ?? null));
  const productsLink: ProductsLink =
    settings.products_link === 'digital_orders' && !takesOrders(pub)
      ? 'none'
      : settings.products_link !== 'none' && !plan.products_link
        ? 'none'
        : settings.products_link;
  const title = catalog.title;
  const boot: ViewerBoot = {
    id: pub.row.id,
    base,
    api: `/view/${pub.row.id}`,
    title,
    pages: total,
    start,
    ratio: size.widthPx / size.heightPx,
    pageWidthPx: size.widthPx,
    lang,
    text: remember(`text:${lang}`, () => flatText(lang)),
    mode: scroll ? 'scroll' : 'book',
    single: settings.single_page_mode,
    rtl: settings.right_to_left,
    background: /^#[0-9a-fA-F]{3,8}$/.test(settings.background_color) ? settings.background_color : '#222222',
    embed,
    nonav: req.query.nonav !== undefined && req.query.nonav !== '0' && req.query.nonav !== 'false',
    showSharing: req.query.showSharing !== undefined && req.query.showSharing !== '0',
    showListing: req.query.action === 'showListing' && typeof req.query.id === 'string' ? req.query.id : null,
    buttons: {
      share: settings.share_button,
      print: settings.print_button && actions.print,
      downloadPdf: settings.download_pdf_button && actions.download,
      downloadPages: settings.download_pages_button && actions.download && pictures.some(Boolean),
    },
    productsLink,
    store: productsLink === 'retail_orders' || productsLink === 'online_store' ? await storeOf(v, pub) : null,
    shareUrl,
    emailSubject: settings.email_subject,
    emailBody: settings.email_content,
    qrSvg: remember(`qr:${shareUrl}`, () => qrCodeSvg(shareUrl, { errorCorrection: 'M' })),
    thumbs: catalog.pages.map((p) => absolute(origin, p.render?.thumbnail ?? null)),
    pictures,
    ga4: pub.owner.ga4 && /^G-[A-Z0-9]{4,20}$/.test(pub.owner.ga4) ? pub.owner.ga4 : null,
    owner:
      role === 'owner'
        ? {
            catalogId: pub.row.id,
            appUrl: runtime.config.appUrl,
            editUrl: `/designs/${pub.row.id}/edit`,
            ordersUrl: '/orders',
            published: pub.row.published,
            protectionLapsed: protectionLapsed(pub),
            trial: plan.isTrial,
            plan: {
              embeddable: actions.embed,
              password: plan.password || plan.privacy,
              privacy: plan.privacy,
              custom_domain: plan.custom_domain,
              products_link: plan.products_link,
              digital_orders: plan.digital_orders,
            },
          }
        : null,
  };
  const indexable = isIndexable(pub) && !embed;
  const html = viewerDocument({
    head: {
      title: String(title),
      lang,
      description: catalogDescription(pub),
      canonical: `${origin}${opts.canonicalPath}`,
      noindex: !indexable,
      image: absolute(origin, coverPicture(pub)),
      url: shareUrl,
      jsonLd: indexable ? productsJsonLd(pub, from, to, origin) : null,
      extraCss: catalogStyles(pub),
      fontPreloads: fontPreloads(pub),
      background: settings.background_color,
    },
    boot,
    spreadHtml: framedPages(pub, from, to),
    scriptUrl: opts.scriptUrl,
    pageWidthPx: size.widthPx,
  });
  const embeddable = actions.embed;
  res
    .status(200)
    .type('html')
    .setHeader(
      'Content-Security-Policy',
      viewerPolicy({ frameAncestors: frameAncestorsFor(embed && embeddable), ga4: !!boot.ga4 }),
    )
    .setHeader('Cache-Control', role === 'visitor' && indexable ? PUBLIC_REVALIDATE : 'private, no-store')
    .setHeader('Vary', 'Cookie');
  if (!indexable) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.send(html);
}
