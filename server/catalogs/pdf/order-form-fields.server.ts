import { PDFDocument, PDFHexString, PDFName, TextAlignment, type PDFDict, type PDFTextField } from 'pdf-lib';
import type { Page } from 'puppeteer-core';

/**
 * Fillable order forms (issue 28): Chromium prints no form fields, so the order form's ruled lines are measured
 * in the laid-out page and, after printing, text fields are put over them with pdf-lib: a quantity per product
 * or variant row, the buyer's details, and the totals, computed in the PDF where the viewer runs form scripts
 * (Acrobat, PDFium, pdf.js). Fields have no border and no background: printed, the ruled line under them shows.
 */

/** A ruled line as the page draws it: its rectangle on its page (CSS px, from the page's top left). */
export type MeasuredFormField = {
  page: number;
  /** `qty`, `line-total`, `subtotal`, `shipping`, `grand-total`, `text:<key>` (core/render), or `line` (a run of underscores in a text cell). */
  field: string;
  /** The product (and variant) of a row: `productId` or `productId/variantId`. */
  row?: string;
  price?: number;
  currency?: string;
  /** The words before a run of underscores (`Store name:`). */
  label?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
};

/**
 * In the page: the fields core/render marks (`data-form-field`) and every run of four or more underscores in a
 * wholesale order form page's text, the merchant's own ruled lines ('Store name: ____'), with the words before.
 */
const MEASURE_FORM_FIELDS_SCRIPT = `() => {
  const pages = Array.from(document.querySelectorAll('.cb-page'));
  const out = [];
  const push = (el, rect, extra) => {
    const page = el.closest('.cb-page');
    if (!page || rect.width < 4 || rect.height < 2) return;
    const p = page.getBoundingClientRect();
    out.push(Object.assign({
      page: pages.indexOf(page), x: rect.left - p.left, y: rect.top - p.top, width: rect.width,
      height: rect.height, pageWidth: p.width, pageHeight: p.height,
    }, extra));
  };
  for (const el of document.querySelectorAll('[data-form-field]')) {
    const d = el.dataset;
    const extra = { field: d.formField };
    if (d.formRow) extra.row = d.formRow;
    if (d.formPrice && isFinite(Number(d.formPrice))) extra.price = Number(d.formPrice);
    if (d.formCurrency) extra.currency = d.formCurrency;
    push(el, el.getBoundingClientRect(), extra);
  }
  for (const page of document.querySelectorAll('.cb-page--wholesale-order-form')) {
    const walker = document.createTreeWalker(page, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue || '';
      const re = /_{4,}/g;
      let m, from = 0;
      while ((m = re.exec(text))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const before = text.slice(from, m.index).split('\\u00b7').pop().trim();
        from = m.index + m[0].length;
        // Each line of a wrapped run is a line of its own.
        for (const r of range.getClientRects()) push(node.parentElement, r, { field: 'line', label: before });
      }
    }
  }
  return out;
}`;

export async function measureOrderFormFields(page: Page): Promise<MeasuredFormField[]> {
  return (await page.evaluate(`(${MEASURE_FORM_FIELDS_SCRIPT})()`)) as MeasuredFormField[];
}

type Role = 'qty' | 'line-total' | 'subtotal' | 'shipping' | 'grand-total' | 'text';

/** What a merchant's ruled line is for, from the words before it (English and French). */
export function roleOfLabel(label: string): Role {
  const l = label
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[:.\s]+$/, '');
  if (/\b(sub-?\s?total|sous-?\s?total)$/.test(l)) return 'subtotal';
  if (/\b(shipping|delivery|livraison|frais de port|port)$/.test(l)) return 'shipping';
  if (/\b(grand total|total|order total|total general|total de la commande)$/.test(l)) return 'grand-total';
  return 'text';
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();

/** The currency's symbol and whether it comes before the amount (en-US conventions, as AFNumber_Format takes). */
function currencyFormat(code: string | undefined): { symbol: string; before: boolean } {
  if (!code) return { symbol: '', before: true };
  try {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const num = parts.findIndex((p) => p.type === 'integer');
    return { symbol: parts[at]?.value ?? code, before: at < num };
  } catch {
    return { symbol: code, before: true };
  }
}

export type PlacedField = {
  name: string;
  role: Role;
  page: number;
  /** PDF points, from the page's bottom left. */
  rect: { x: number; y: number; width: number; height: number };
  calculate?: string;
  format?: { decimals: number; symbol: string; before: boolean };
};

/** The fields to add, named and with their scripts, from what the page measured (pure; tested alone). */
export function planOrderFormFields(
  measured: MeasuredFormField[],
  pageSizes: { width: number; height: number }[],
): PlacedField[] {
  const used = new Set<string>();
  const unique = (base: string) => {
    let name = base || 'field';
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  };
  const rowName = (row?: string) => slug((row ?? '').replace('/', '_'));
  const placed: PlacedField[] = [];
  const money = currencyFormat(measured.find((m) => m.currency)?.currency);
  for (const m of measured) {
    const size = pageSizes[m.page];
    if (!size) continue;
    const k = size.width / m.pageWidth;
    // A ruled line is drawn at the bottom of its box; the field is at least 14 px tall and sits on the line.
    const height = Math.max(m.height, 14);
    const rect = {
      x: m.x * k,
      y: size.height - (m.y + m.height) * k,
      width: m.width * k,
      height: height * k,
    };
    const role: Role =
      m.field === 'line'
        ? roleOfLabel(m.label ?? '')
        : m.field.startsWith('text:')
          ? 'text'
          : (m.field as Role);
    let name: string;
    if (role === 'qty') name = unique(`qty_${rowName(m.row)}`);
    else if (role === 'line-total') name = unique(`total_${rowName(m.row)}`);
    else if (role === 'subtotal' || role === 'shipping') name = unique(role);
    else if (role === 'grand-total') name = unique('grand_total');
    else if (m.field.startsWith('text:')) name = unique(`buyer_${slug(m.field.slice(5))}`);
    else name = unique(`buyer_${slug(m.label ?? '') || 'line'}`);
    const field: PlacedField = { name, role, page: m.page, rect };
    if (role === 'qty') field.format = { decimals: 0, symbol: '', before: true };
    if (role === 'line-total') {
      field.format = { decimals: 2, ...currencyFormat(m.currency) };
      const qty = placed.find((p) => p.role === 'qty' && p.name === `qty_${name.slice('total_'.length)}`);
      if (qty && m.price !== undefined)
        field.calculate = `event.value = (AFMakeNumber(this.getField(${JSON.stringify(qty.name)}).value) || 0) * ${m.price};`;
    }
    placed.push(field);
  }
  const sum = (names: string[]) =>
    `AFSimple_Calculate("SUM", new Array(${names.map((n) => JSON.stringify(n)).join(', ')}));`;
  const lineTotals = placed.filter((p) => p.role === 'line-total').map((p) => p.name);
  for (const p of placed) {
    if (p.role === 'subtotal' || p.role === 'shipping' || p.role === 'grand-total')
      p.format = { decimals: 2, ...money };
    if (p.role === 'subtotal' && lineTotals.length) p.calculate = sum(lineTotals);
  }
  const subtotal = placed.find((p) => p.role === 'subtotal');
  const shipping = placed.find((p) => p.role === 'shipping');
  const parts = subtotal ? [subtotal.name] : lineTotals;
  for (const p of placed) {
    if (p.role === 'grand-total' && parts.length)
      p.calculate = sum(shipping ? [...parts, shipping.name] : parts);
  }
  return placed;
}

function setActions(doc: PDFDocument, field: PDFTextField, p: PlacedField) {
  const js = (code: string) =>
    doc.context.obj({ S: 'JavaScript', JS: PDFHexString.fromText(code) }) as PDFDict;
  const aa: Record<string, PDFDict> = {};
  if (p.format) {
    const { decimals, symbol, before } = p.format;
    const args = `${decimals}, 0, 0, 0, ${JSON.stringify(symbol)}, ${before}`;
    aa.F = js(`AFNumber_Format(${args});`);
    aa.K = js(`AFNumber_Keystroke(${args});`);
  }
  if (p.calculate) aa.C = js(p.calculate);
  if (Object.keys(aa).length) field.acroField.dict.set(PDFName.of('AA'), doc.context.obj(aa));
}

/**
 * The printed PDF with the order form's text fields added (pdf-lib), their totals computed in the calculation
 * order rows → subtotal → total. Returns the bytes unchanged when the page measured no field.
 */
export async function addOrderFormFields(
  pdf: Uint8Array,
  measured: MeasuredFormField[],
): Promise<Uint8Array> {
  if (measured.length === 0) return pdf;
  const doc = await PDFDocument.load(pdf);
  const pages = doc.getPages();
  const plan = planOrderFormFields(
    measured,
    pages.map((p) => p.getSize()),
  );
  const form = doc.getForm();
  const byName = new Map<string, PDFTextField>();
  for (const p of plan) {
    const field = form.createTextField(p.name);
    const numeric = p.format !== undefined;
    field.addToPage(pages[p.page]!, {
      ...p.rect,
      borderWidth: 0,
      borderColor: undefined,
      backgroundColor: undefined,
    });
    field.setFontSize(Math.min(10, Math.max(6, p.rect.height * 0.6)));
    if (numeric) field.setAlignment(TextAlignment.Right);
    if (p.calculate) field.enableReadOnly();
    setActions(doc, field, p);
    byName.set(p.name, field);
  }
  const order = plan.filter((p) => p.calculate).map((p) => byName.get(p.name)!.ref);
  if (order.length) form.acroForm.dict.set(PDFName.of('CO'), doc.context.obj(order));
  return doc.save({ updateFieldAppearances: true });
}
