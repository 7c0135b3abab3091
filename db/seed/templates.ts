import { DEFAULT_DESCRIPTION_TEMPLATE_HTML, DEFAULT_PRICE_TEMPLATE_HTML } from '../../core/model/index.ts';

/** The product's own caption templates (owner null, public), in the caption language of docs/templates.md. */
export const PRICE_TEMPLATES = [
  { id: 'default-title-price', title: 'Title and price', html: DEFAULT_PRICE_TEMPLATE_HTML, ordering: 10 },
  {
    id: 'default-title-sku-price',
    title: 'Title, SKU and price',
    html: '<h6>[TITLE]</h6><p>SKU: [SKU]</p><p class="price">[PRICE_FULL]</p>',
    ordering: 20,
  },
  {
    id: 'default-wholesale',
    title: 'Wholesale: price and MSRP',
    html: '<h6>[TITLE]</h6><p>SKU: [SKU]</p><p class="price">Wholesale [PRICE_FULL]</p><p>MSRP [MSRP_FULL]</p>',
    ordering: 30,
  },
  {
    id: 'default-sale',
    title: 'Sale price with compare-at price',
    html: '<h6>[TITLE]</h6><p class="price">[PRICE_FULL] <s>[COMPARE_AT_PRICE_FULL]</s></p>',
    ordering: 40,
  },
  {
    id: 'default-barcode',
    title: 'Title, price and barcode',
    html: '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>[BARCODE(EAN13)]',
    ordering: 50,
  },
  {
    id: 'default-variants-table',
    title: 'Variants table',
    html: '<h6>[TITLE]</h6>[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE)]',
    ordering: 60,
  },
  {
    id: 'default-qrcode',
    title: 'Title, price and QR code',
    html: '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>[QRCODE]',
    ordering: 70,
  },
];

export const DESCRIPTION_TEMPLATES = [
  { id: 'default-description', title: 'Description', html: DEFAULT_DESCRIPTION_TEMPLATE_HTML, ordering: 10 },
  {
    id: 'default-description-details',
    title: 'Description with brand and SKU',
    html: '<p><strong>[BRAND]</strong> · SKU [SKU]</p><div>[DESCRIPTION]</div>',
    ordering: 20,
  },
  {
    id: 'default-description-variants',
    title: 'Description and variants',
    html: '<div>[DESCRIPTION]</div>[VARIANTS(OPTIONS, SKU, PRICE)]',
    ordering: 30,
  },
];
