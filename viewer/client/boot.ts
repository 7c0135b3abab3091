/** What the server tells the viewer's script about the catalog it shows (a JSON script element, #vw-boot). */
export type ProductsLink = 'none' | 'online_store' | 'retail_orders' | 'digital_orders';

export type ViewerBoot = {
  id: string;
  /** The catalog's address on this host (/view/{slug} or, on a merchant's host, /{slug}). */
  base: string;
  /** Where its fragments, products, events and PDF are asked for (/view/{id}). */
  api: string;
  title: string;
  pages: number;
  /** 0-based page shown first. */
  start: number;
  /** Page width over height, and the printed page size in CSS pixels. */
  ratio: number;
  pageWidthPx: number;
  lang: 'en' | 'fr';
  /** The viewer namespace's text in this language, keys flattened with dots. */
  text: Record<string, string>;
  mode: 'book' | 'scroll';
  single: boolean;
  rtl: boolean;
  /** SPEC §3 background_color behind the pages. */
  background: string;
  embed: boolean;
  nonav: boolean;
  showSharing: boolean;
  /** action=showListing&id=: the product to open first. */
  showListing: string | null;
  buttons: { share: boolean; print: boolean; downloadPdf: boolean; downloadPages: boolean };
  productsLink: ProductsLink;
  /** The store a retail cart checks out in, and whether it speaks Shopify's cart permalinks. */
  store: { url: string; shopify: boolean } | null;
  shareUrl: string;
  emailSubject: string;
  emailBody: string;
  /** Our own QR code SVG of the link (core/barcodes). */
  qrSvg: string;
  thumbs: (string | null)[];
  /** Page pictures made by the worker, for "download pages". */
  pictures: (string | null)[];
  ga4: string | null;
  owner: {
    catalogId: string;
    appUrl: string;
    editUrl: string;
    ordersUrl: string;
    /** A draft: visitors get 404 until the owner publishes it. */
    published: boolean;
    /** Protected on a plan that no longer has passwords: visitors still need it; the owner is told why. */
    protectionLapsed: boolean;
    /** On the free trial: the published catalog is `noindex` until the account pays. */
    trial: boolean;
    /** What the owner's plan allows, so the panel shows gated settings dimmed (SPEC §6). */
    plan: {
      embeddable: boolean;
      password: boolean;
      privacy: boolean;
      custom_domain: boolean;
      products_link: boolean;
      digital_orders: boolean;
    };
  } | null;
};
