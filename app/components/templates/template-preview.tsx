import { useMemo } from 'react';
import {
  CatalogSchema,
  ProductElementSchema,
  ProductSchema,
  type Catalog,
  type Product,
} from '../../../core/model/index.ts';
import { CatalogStyles, ProductCellView, type RenderContext } from '../../../core/render/index.ts';
import { useRenderContext } from '../catalogs/scaled-page.tsx';

export type TemplateKind = 'price' | 'description';

/**
 * The product staff and merchants without products of their own see templates on: one made-up product with
 * every field a template reads (variations, barcode, metafield, custom field), so each token shows something.
 * Never saved anywhere.
 */
export const SAMPLE_PRODUCT: Product = ProductSchema.parse({
  id: 'sample-product',
  title: 'Linen shirt',
  description: '<p>Washed linen, relaxed fit, mother-of-pearl buttons.</p>',
  category: 'Shirts',
  brand: 'Atelier Nord',
  vendor: 'Atelier Nord',
  sku: 'LS-001',
  barcode: '4006381333931',
  stock: 42,
  price: 59,
  compare_at_price: 79,
  suggested_retail_price: 89,
  iso_currency_code: 'USD',
  options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
  variations: [
    { id: 's', title: 'S', sku: 'LS-001-S', barcode: '4006381333931', price: 59, stock: 10, options: ['S'] },
    { id: 'm', title: 'M', sku: 'LS-001-M', barcode: '4006381333948', price: 59, stock: 20, options: ['M'] },
    { id: 'l', title: 'L', sku: 'LS-001-L', barcode: '4006381333955', price: 64, stock: 12, options: ['L'] },
  ],
  customfields: [{ key: 'fabric', name: 'Fabric', value: '100 % linen' }],
  metafields: [
    {
      namespace: 'custom',
      key: 'origin',
      description: 'Origin',
      type: 'single_line_text_field',
      value: 'Portugal',
    },
  ],
});

/** A short key for a text (djb2), so the same text keeps its id and another text gets another. */
function textKey(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i += 1) h = ((h << 5) + h + text.charCodeAt(i)) | 0;
  return `${text.length}-${(h >>> 0).toString(36)}`;
}

const SAMPLE_CATALOG: Catalog = CatalogSchema.parse({ _id: 'template-preview', title: 'Preview' });

/**
 * A product drawn by core/render as a catalog cell draws it, with `html` as its caption (price template) or its
 * description: what the template will look like, on the catalog's own theme and fonts when one is given.
 */
export function TemplatePreview({
  kind,
  html,
  product = SAMPLE_PRODUCT,
  catalog = SAMPLE_CATALOG,
  id,
  width = 220,
  height = 260,
}: {
  kind: TemplateKind;
  html: string;
  product?: Product;
  catalog?: Catalog;
  /** Distinct per preview on a screen: the render context keeps each element's captions by its id. */
  id: string;
  width?: number;
  height?: number;
}) {
  // Descriptions show only when the catalog shows them: the preview always does, on a copy.
  const shown = useMemo(
    () =>
      kind === 'description' && !catalog.settings.showDescription
        ? { ...catalog, settings: { ...catalog.settings, showDescription: true } }
        : catalog,
    [catalog, kind],
  );
  const ctx = useRenderContext(shown);
  const element = useMemo(
    () =>
      ProductElementSchema.parse({
        // The render context keeps each element's caption by id: a new text is a new id.
        id: `preview-${id}-${textKey(html)}`,
        type: 'application/product',
        properties: product,
        ...(kind === 'price' ? { price_template: html } : { description_template: html }),
      }),
    [html, id, kind, product],
  );
  return <PreviewCell ctx={ctx} element={element} width={width} height={height} />;
}

function PreviewCell({
  ctx,
  element,
  width,
  height,
}: {
  ctx: RenderContext;
  element: ReturnType<typeof ProductElementSchema.parse>;
  width: number;
  height: number;
}) {
  return (
    <div className="cb-template-preview" style={{ width, height }} aria-hidden="true">
      <CatalogStyles context={ctx} />
      <div className={`cb-page ${ctx.scopeClass} cb-template-preview__page`} style={{ width, height }}>
        <ProductCellView element={element} cell={null} ctx={ctx} pageNumber={1} boxPx={{ width, height }} />
      </div>
    </div>
  );
}
