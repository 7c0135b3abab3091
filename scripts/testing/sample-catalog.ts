// Deterministic sample catalogs and product pictures for the worker's tests, the CLI's tests and the benchmark.
import sharp from 'sharp';
import {
  createPage,
  createProductElement,
  getDefaultLayout,
  sequentialIds,
} from '../../core/layouts/index.ts';
import { CatalogSchema, type Catalog, type CatalogInput, type ProductInput } from '../../core/model/index.ts';

/** A realistic caption: title, SKU and price (what most merchants print under a product). */
export const SAMPLE_CAPTION = '<p><strong>[TITLE]</strong></p><p>SKU [SKU]</p><p>[PRICE]</p>';
/** The same with an EAN-13 barcode and a QR code of the product's address. */
export const CODES_CAPTION = `${SAMPLE_CAPTION}<div>[BARCODE(EAN13)]</div><div>[QRCODE]</div>`;

const NAMES = ['Linen Shirt', 'Ceramic Vase', 'Leather Tote', 'Wool Scarf', 'Oak Side Table', 'Brass Lamp'];

/** A valid EAN-13 for product i (the check digit computed). */
export function sampleEan13(i: number): string {
  const body = `400638${String(100000 + i).slice(-6)}`;
  const sum = [...body].reduce((s, d, k) => s + Number(d) * (k % 2 === 0 ? 1 : 3), 0);
  return body + String((10 - (sum % 10)) % 10);
}

export function sampleProduct(i: number, imageUrl: string | null): ProductInput {
  return {
    id: `p${i}`,
    title: `${NAMES[i % NAMES.length]} ${i + 1}`,
    sku: `SKU-${1000 + i}`,
    barcode: sampleEan13(i),
    price: 19 + (i % 50) + 0.5,
    iso_currency_code: 'USD',
    category: i % 2 ? 'Home' : 'Apparel',
    url: `https://shop.example.com/products/p${i}`,
    main_image: imageUrl,
    images: imageUrl ? [{ original: imageUrl }] : [],
  };
}

/** Products in grid pages of `perPage` (default 9, SPEC §9), no covers: page count = ceil(products / perPage). */
export function sampleCatalog(opts: {
  products: number;
  imageUrl: (i: number) => string | null;
  perPage?: number;
  caption?: string;
  id?: string;
  over?: Partial<CatalogInput>;
}): Catalog {
  const perPage = opts.perPage ?? 9;
  const ids = sequentialIds('s');
  const pages = [];
  for (let start = 0; start < opts.products; start += perPage) {
    const page = createPage({ layout: getDefaultLayout('products', perPage), newId: ids });
    for (let k = 0; k < perPage && start + k < opts.products; k++) {
      page.elements[k] = createProductElement(ids(), sampleProduct(start + k, opts.imageUrl(start + k)));
    }
    pages.push(page);
  }
  return CatalogSchema.parse({
    _id: opts.id ?? 'sample-catalog',
    title: 'Sample Catalog',
    priceTemplate: opts.caption ?? SAMPLE_CAPTION,
    pages,
    ...opts.over,
  });
}

/**
 * A product picture, different for every i: a light studio background, a shaded object and a label, like a
 * product photo (which compresses far better than noise, and far worse than a flat colour).
 */
export async function sampleProductImage(
  i: number,
  size = 1200,
  format: 'jpeg' | 'webp' | 'png' = 'jpeg',
): Promise<Buffer> {
  const hue = (i * 47) % 360;
  const shape = i % 3;
  const s = size;
  const obj =
    shape === 0
      ? `<circle cx="${s / 2}" cy="${s * 0.48}" r="${s * 0.3}" fill="url(#g)"/>`
      : shape === 1
        ? `<rect x="${s * 0.22}" y="${s * 0.2}" width="${s * 0.56}" height="${s * 0.58}" rx="${s * 0.06}" fill="url(#g)"/>`
        : `<path d="M${s * 0.5} ${s * 0.15} L${s * 0.82} ${s * 0.78} L${s * 0.18} ${s * 0.78} Z" fill="url(#g)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}">
  <defs>
    <radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="hsl(${hue},12%,86%)"/></radialGradient>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},65%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},55%,32%)"/></linearGradient>
  </defs>
  <rect width="${s}" height="${s}" fill="url(#bg)"/>
  <ellipse cx="${s / 2}" cy="${s * 0.86}" rx="${s * 0.3}" ry="${s * 0.03}" fill="rgba(0,0,0,0.18)"/>
  ${obj}
  <text x="${s / 2}" y="${s * 0.95}" font-family="DejaVu Sans, sans-serif" font-size="${s * 0.035}" text-anchor="middle" fill="#555">Item ${i + 1}</text>
</svg>`;
  const img = sharp(Buffer.from(svg));
  if (format === 'webp') return img.webp({ quality: 85 }).toBuffer();
  if (format === 'png') return img.png().toBuffer();
  return img.jpeg({ quality: 90 }).toBuffer();
}
