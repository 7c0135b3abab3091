// Test helpers: small, deterministic catalogs built with the default layouts, as the editor and CLI build them.
import {
  createImageElement,
  createPage,
  createProductElement,
  getDefaultLayout,
  sequentialIds,
  type DefaultLayoutType,
  type IdGenerator,
} from '../layouts/index.ts';
import {
  CatalogSchema,
  type Catalog,
  type CatalogInput,
  type Page,
  type PageKind,
  type ProductInput,
} from '../model/index.ts';

export const IMG = (n: number) => `https://cdn.example.com/img/p${n}.jpg`;

const NAMES = [
  'Linen Shirt',
  'Ceramic Vase',
  'Leather Tote',
  'Wool Scarf',
  'Oak Side Table',
  'Brass Lamp',
  'Cotton Throw',
  'Glass Carafe',
  'Walnut Tray',
  'Stoneware Mug',
  'Silk Pillow Cover',
  'Rattan Basket',
];
const CATEGORIES = ['Apparel', 'Home', 'Accessories', 'Apparel', 'Furniture', 'Lighting'];

export function product(i: number, over: Partial<ProductInput> = {}): ProductInput {
  return {
    id: `p${i}`,
    title: NAMES[i % NAMES.length] + (i >= NAMES.length ? ` ${Math.floor(i / NAMES.length) + 1}` : ''),
    price: 20 + i * 5,
    sku: `SKU-${100 + i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    description: '<p>Made by hand in small batches.</p>',
    main_image: IMG(i),
    images: [{ original: IMG(i) }, { original: IMG(i + 100) }, { original: IMG(i + 200) }],
    ...over,
  };
}

export const HEADER = ['<p>Spring 2026</p>', '', '<p>Maison Nord</p>'];
export const FOOTER = ['', '<p>Page PAGE_NUMBER</p>', ''];

export class CatalogBuilder {
  pages: Page[] = [];
  ids: IdGenerator;
  constructor(prefix = 'e') {
    this.ids = sequentialIds(prefix);
  }

  page(
    type: DefaultLayoutType,
    options: { n?: number; kind?: PageKind; section?: string | null } = {},
  ): Page {
    const page = createPage({
      layout: getDefaultLayout(type, options.n),
      newId: this.ids,
      headerElements: HEADER,
      footerElements: FOOTER,
      kind: options.kind,
      section: options.section ?? null,
    });
    this.pages.push(page);
    return page;
  }

  cover(imageUrl: string | null = 'https://cdn.example.com/img/hero.jpg'): Page {
    const page = this.page('front cover');
    if (imageUrl) page.elements[0] = { ...createImageElement(this.ids(), imageUrl), size: 'cover' };
    return page;
  }

  grid(products: ProductInput[], n = 9, section: string | null = null): Page {
    const page = this.page('products', { n, section });
    products.forEach((p, i) => {
      page.elements[i] = createProductElement(this.ids(), p);
    });
    return page;
  }

  flow(products: ProductInput[], section: string | null = null, columns = 2): Page {
    const page = this.page('products', { kind: 'flow', section });
    page.columns = columns;
    page.elements = products.map((p) => createProductElement(this.ids(), p));
    return page;
  }

  build(over: Partial<CatalogInput> = {}): Catalog {
    return CatalogSchema.parse({ _id: 'cat-1', title: 'Spring Collection 2026', pages: this.pages, ...over });
  }
}

/** A catalog with every page kind, in the order a merchant would put them. */
export function everyKindCatalog(over: Partial<CatalogInput> = {}): Catalog {
  const b = new CatalogBuilder();
  b.cover();
  b.page('table-of-contents');
  b.grid(
    [0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => product(i, i === 6 ? { main_image: null, images: [] } : {})),
    9,
    'Home',
  );
  b.page('summary', { section: 'Home' });
  b.flow(
    [9, 10, 11].map((i) => product(i)),
    'Kitchen',
  );
  b.page('table');
  b.page('wholesale-order-form');
  b.page('wholesale-contract');
  b.page('full-text');
  b.page('profile');
  const index = b.page('table-of-contents', { kind: 'index' });
  index.elements[0] = { ...index.elements[0], properties: { html: '<h2>Index</h2>' } };
  b.page('back cover');
  return b.build(over);
}
