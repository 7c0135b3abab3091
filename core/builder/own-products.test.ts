import { describe, expect, it } from 'vitest';
import { listProducts } from '../commands/index.ts';
import { CatalogSchema, isProductElement, type ListingInput } from '../model/index.ts';
import { SAMPLE_LISTINGS } from '../site/samples.ts';
import { withOwnProducts } from './own-products.ts';
import { STARTER_TEMPLATES, starterCatalog } from './starter-templates.ts';

const own = (n: number): ListingInput[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `mine-${i + 1}`,
    title: `My product ${i + 1}`,
    price: `${10 + i}.00`,
    images: [{ original: `https://shop.example/p${i + 1}.jpg` }],
  })) as ListingInput[];

const starter = (slug: string) => starterCatalog(STARTER_TEMPLATES.find((t) => t.slug === slug)!);
const sampleTitles = new Set(SAMPLE_LISTINGS.map((l) => l.title));

// Issue 24 §5: the wizard swaps a template's sample products for the merchant's own.
describe("a template given the merchant's products", () => {
  it("fills the product cells in order, keeping the template's theme, fonts, caption and grid", () => {
    const tpl = starter('template-product-catalog');
    const mine = own(15);
    const out = withOwnProducts(tpl, mine);
    expect(CatalogSchema.safeParse(out).success).toBe(true);
    expect(listProducts(out).map((p) => p.properties.title)).toEqual(mine.map((l) => l.title));
    expect(out.theme).toEqual(tpl.theme);
    expect(out.fonts).toEqual(tpl.fonts);
    expect(out.priceTemplate).toEqual(tpl.priceTemplate);
    const grid = (c: typeof tpl) => c.pages.find((p) => p.layout.type === 'products')!.layout;
    expect(grid(out)).toEqual(grid(tpl));
    // The back cover's texts are the template's.
    expect(out.pages.at(-1)!.elements).toEqual(tpl.pages.at(-1)!.elements);
    // No sample is left, on a page or in a picture.
    const json = JSON.stringify(out);
    for (const title of sampleTitles) expect(json).not.toContain(`"title":"${title}"`);
    for (const l of SAMPLE_LISTINGS)
      for (const img of l.images ?? []) expect(json).not.toContain(String(img.original));
    // The front cover shows the first product's picture.
    expect(json).toContain('https://shop.example/p1.jpg');
  });

  it('drops the pages fewer products no longer fill', () => {
    const tpl = starter('template-product-catalog');
    const out = withOwnProducts(tpl, own(1));
    expect(listProducts(out).map((p) => p.properties.title)).toEqual(['My product 1']);
    expect(out.pages.filter((p) => p.elements.some(isProductElement))).toHaveLength(1);
  });

  it("lists them in a price list's table", () => {
    const slug = STARTER_TEMPLATES.find((t) => t.kind === 'price_list')!.slug;
    const out = withOwnProducts(starter(slug), own(3));
    const tables = out.pages.flatMap((p) => p.elements.filter((e) => e.type === 'application/table'));
    const rows = (tables[0]!.properties as { products: { title: string }[] }).products;
    expect(rows.map((r) => r.title)).toEqual(['My product 1', 'My product 2', 'My product 3']);
  });

  it('keeps the samples for a merchant without products', () => {
    const tpl = starter('template-product-catalog');
    expect(withOwnProducts(tpl, [])).toBe(tpl);
  });
});
