/**
 * The few words captions print themselves (VARIANTS headers, yes/no of boolean metafields), in the
 * languages of core/i18n. Kept here rather than in an i18n namespace because captions are evaluated
 * thousands of times per render and need no i18next instance.
 */

type Labels = {
  variant: string;
  id: string;
  title: string;
  sku: string;
  barcode: string;
  stock: string;
  currency: string;
  image: string;
  price: string;
  msrp: string;
  compareAtPrice: string;
  salePrice: string;
  yes: string;
  no: string;
};

const LABELS: Record<'en' | 'fr', Labels> = {
  en: {
    variant: 'Variant',
    id: 'ID',
    title: 'Variant',
    sku: 'SKU',
    barcode: 'Barcode',
    stock: 'Stock',
    currency: 'Currency',
    image: 'Image',
    price: 'Price',
    msrp: 'MSRP',
    compareAtPrice: 'Compare at',
    salePrice: 'Sale price',
    yes: 'Yes',
    no: 'No',
  },
  fr: {
    variant: 'Variante',
    id: 'ID',
    title: 'Variante',
    sku: 'Réf.',
    barcode: 'Code-barres',
    stock: 'Stock',
    currency: 'Devise',
    image: 'Image',
    price: 'Prix',
    msrp: 'Prix conseillé',
    compareAtPrice: 'Prix barré',
    salePrice: 'Prix soldé',
    yes: 'Oui',
    no: 'Non',
  },
};

export function labelsFor(locale: string): Labels {
  return locale.slice(0, 2).toLowerCase() === 'fr' ? LABELS.fr : LABELS.en;
}

/** The header of a VARIANTS column for a token. */
export function columnLabel(name: string, labels: Labels): string {
  const base = name.replace(/_FULL$/, '');
  switch (base) {
    case 'ID':
      return labels.id;
    case 'TITLE':
      return labels.title;
    case 'SKU':
      return labels.sku;
    case 'BARCODE':
    case 'BARCODE_DATA':
      return labels.barcode;
    case 'STOCK':
      return labels.stock;
    case 'CURRENCY':
      return labels.currency;
    case 'MAIN_IMAGE':
      return labels.image;
    case 'PRICE':
      return labels.price;
    case 'MSRP':
      return labels.msrp;
    case 'COMPARE_AT_PRICE':
      return labels.compareAtPrice;
    case 'SALE_PRICE':
      return labels.salePrice;
    default:
      return name;
  }
}
