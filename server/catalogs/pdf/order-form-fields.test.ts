import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { PDFDocument, PDFDict, PDFName, PDFTextField, type PDFHexString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout, sequentialIds } from '../../../core/layouts/index.ts';
import { VariationSchema, type Variation } from '../../../core/model/index.ts';
import { sampleCatalog } from '../../../scripts/testing/sample-catalog.ts';
import { qpdfCheck } from '../../../scripts/testing/pdf-tools.ts';
import { createImageCache } from '../../files/index.ts';
import { createBrowserPool } from '../../platform/index.ts';
import { printFinishFor, renderCatalogPdf } from '../index.ts';
import { planOrderFormFields, roleOfLabel } from './order-form-fields.server.ts';

// Issue 28 §3: a wholesale order form exports with fillable fields on its ruled lines (a quantity per product or
// variant row, the buyer's details, the totals with calculation scripts); the PDF/X print file has none.
const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-order-form-'));
const pool = createBrowserPool({ maxIdlePages: 1 });
const images = createImageCache(path.join(dir, 'cache'));

const catalog = sampleCatalog({ products: 3, imageUrl: () => null });
// Product p1 has two variants: a row (and a quantity) each.
const grid = catalog.pages[0]!;
const p1 = grid.elements[1] as { properties: { variations: Variation[] } };
p1.properties.variations = [
  VariationSchema.parse({ id: 'v1', title: 'Small', options: ['Small'], price: 10, sku: 'S1' }),
  VariationSchema.parse({ id: 'v2', title: 'Large', options: ['Large'], price: 12.5, sku: 'S2' }),
];
catalog.pages.push(
  createPage({ layout: getDefaultLayout('wholesale-order-form'), newId: sequentialIds('o') }),
);

async function render(output: 'rgb' | 'pdfx'): Promise<Buffer> {
  let pdf: Buffer | null = null;
  await renderCatalogPdf({
    catalog,
    quality: 'screen',
    jpegQuality: 80,
    watermark: false,
    browser: pool,
    images,
    resolveSource: async () => null,
    workDir: dir,
    finish: printFinishFor({ catalog, format: 'A4', output }) ?? undefined,
    write: async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
      pdf = Buffer.concat(chunks);
    },
  });
  return pdf!;
}

let screen: Buffer;
let doc: PDFDocument;
beforeAll(async () => {
  screen = await render('rgb');
  doc = await PDFDocument.load(screen);
}, 120_000);
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const js = (field: PDFTextField, key: 'C' | 'F' | 'K') => {
  const aa = field.acroField.dict.lookup(PDFName.of('AA'));
  if (!(aa instanceof PDFDict)) return null;
  const action = aa.lookup(PDFName.of(key));
  return action instanceof PDFDict ? (action.lookup(PDFName.of('JS')) as PDFHexString).decodeText() : null;
};

describe('order form fields in the screen PDF', () => {
  it('has a quantity and a line total per product or variant row, the buyer lines and the totals', () => {
    const names = doc
      .getForm()
      .getFields()
      .map((f) => f.getName());
    expect(names.filter((n) => n.startsWith('qty_')).sort()).toEqual([
      'qty_p0',
      'qty_p1_v1',
      'qty_p1_v2',
      'qty_p2',
    ]);
    expect(names.filter((n) => n.startsWith('total_'))).toHaveLength(4);
    for (const buyer of [
      'store_name',
      'contact_name',
      'email',
      'phone',
      'billing_address',
      'shipping_address',
    ])
      expect(names).toContain(`buyer_${buyer}`);
    expect(names).toEqual(expect.arrayContaining(['subtotal', 'shipping', 'grand_total']));
    for (const f of doc.getForm().getFields()) expect(f).toBeInstanceOf(PDFTextField);
  });

  it('places each field on the last page, inside its row, with no border or background', () => {
    const form = doc.getForm();
    const last = doc.getPages().length - 1;
    const rows: { y: number; h: number }[] = [];
    for (const f of form.getFields()) {
      const [w] = f.acroField.getWidgets();
      expect(doc.getPages().findIndex((p) => p.ref === w!.P())).toBe(last);
      const mk = w!.getAppearanceCharacteristics();
      expect(mk?.getBackgroundColor()).toBeUndefined();
      expect(mk?.getBorderColor()).toBeUndefined();
      const r = w!.getRectangle();
      if (f.getName().startsWith('qty_')) rows.push({ y: r.y, h: r.height });
      // The quantity and its line total share a row: the same height on the page.
      if (f.getName().startsWith('total_')) {
        const qty = form.getTextField(f.getName().replace('total_', 'qty_')).acroField.getWidgets()[0]!;
        expect(Math.abs(qty.getRectangle().y - r.y)).toBeLessThan(2);
        expect(r.x).toBeGreaterThan(qty.getRectangle().x);
      }
    }
    // Rows go down the page, one under the other, each a row's height apart.
    const ys = rows.map((r) => r.y).sort((a, b) => b - a);
    for (let i = 1; i < ys.length; i++) expect(ys[i - 1]! - ys[i]!).toBeGreaterThan(rows[0]!.h);
    const { width, height } = doc.getPages()[last]!.getSize();
    for (const f of form.getFields()) {
      const r = f.acroField.getWidgets()[0]!.getRectangle();
      expect(r.x).toBeGreaterThan(0);
      expect(r.x + r.width).toBeLessThan(width);
      expect(r.y).toBeGreaterThan(0);
      expect(r.y + r.height).toBeLessThan(height);
    }
  });

  it('computes line totals, the subtotal and the total in the PDF, in that order, with number formats', () => {
    const form = doc.getForm();
    expect(js(form.getTextField('total_p1_v2'), 'C')).toBe(
      'event.value = (AFMakeNumber(this.getField("qty_p1_v2").value) || 0) * 12.5;',
    );
    expect(js(form.getTextField('subtotal'), 'C')).toBe(
      'AFSimple_Calculate("SUM", new Array("total_p0", "total_p1_v1", "total_p1_v2", "total_p2"));',
    );
    expect(js(form.getTextField('grand_total'), 'C')).toBe(
      'AFSimple_Calculate("SUM", new Array("subtotal", "shipping"));',
    );
    expect(js(form.getTextField('grand_total'), 'F')).toBe('AFNumber_Format(2, 0, 0, 0, "$", true);');
    expect(js(form.getTextField('qty_p0'), 'K')).toBe('AFNumber_Keystroke(0, 0, 0, 0, "", true);');
    expect(form.getTextField('subtotal').isReadOnly()).toBe(true);
    expect(form.getTextField('qty_p0').isReadOnly()).toBe(false);
    const co = form.acroForm.dict.lookup(PDFName.of('CO')) as import('pdf-lib').PDFArray;
    const order = co.asArray().map((ref) =>
      form
        .getFields()
        .find((f) => f.ref === ref)!
        .getName(),
    );
    expect(order.slice(-2)).toEqual(['subtotal', 'grand_total']);
    expect(order).toHaveLength(6);
  });

  it('passes qpdf --check', () => {
    const check = qpdfCheck(screen);
    expect(check.ok, check.output).toBe(true);
  });

  it('leaves the fields out of the PDF/X print file (PDF/X forbids interactive content on the page)', async () => {
    const pdfx = await render('pdfx');
    expect(qpdfCheck(pdfx).ok).toBe(true);
    const x = await PDFDocument.load(pdfx);
    expect(x.getForm().getFields()).toHaveLength(0);
    expect(x.getPages().every((p) => p.node.Annots() === undefined)).toBe(true);
  }, 120_000);
});

describe('planOrderFormFields', () => {
  it("names a merchant's ruled lines by their labels, in English and French", () => {
    expect(roleOfLabel('Subtotal:')).toBe('subtotal');
    expect(roleOfLabel('Sous-total :')).toBe('subtotal');
    expect(roleOfLabel('Frais de port :')).toBe('shipping');
    expect(roleOfLabel('Total:')).toBe('grand-total');
    expect(roleOfLabel('Store name:')).toBe('text');
    const page = { page: 0, pageWidth: 800, pageHeight: 1000, x: 100, y: 200, width: 50, height: 20 };
    const plan = planOrderFormFields(
      [
        { ...page, field: 'line', label: 'Nom du magasin :' },
        { ...page, field: 'line', label: 'Nom du magasin :' },
      ],
      [{ width: 400, height: 500 }],
    );
    expect(plan.map((p) => p.name)).toEqual(['buyer_nom_du_magasin', 'buyer_nom_du_magasin_2']);
    // CSS px to PDF points from the page's bottom left.
    expect(plan[0]!.rect).toEqual({ x: 50, y: 390, width: 25, height: 10 });
  });
});
