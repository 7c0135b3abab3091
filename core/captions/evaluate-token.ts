/**
 * Values of single tokens, fields and formulas as HTML. Every product value is escaped; DESCRIPTION goes
 * through sanitizeHtml; barcodes, QR codes and images are markup we generate. Inside a tag (an attribute
 * value such as href="[URL]") every token gives escaped text, and never a script-capable address.
 */
// The encoder by name, not core/barcodes/index.ts: browsers load bwip-js only when a barcode is drawn.
import { encodeBarcode, encodeQrCode } from '#barcode-encoder';
import { NOMINAL_MODULE_MM, validateBarcode } from '../barcodes/symbologies.ts';
import type { Product } from '../model/index.ts';
import { escapeHtml, htmlToText, sanitizeHtml } from '../sanitize/index.ts';
import type { FieldNode, FormulaNode, FormulaVariable, TokenNode } from './ast.ts';
import type { Env, Subject } from './context.ts';
import { currencySymbol, formatInteger, formatNumber, formatPrice, type PriceForm } from './format.ts';
import { evaluateFormula, FormulaError } from './formula.ts';
import { BARCODE_FORMS, PRICE_TOKENS, type PriceToken } from './tokens.ts';
import { findCustomField, findMetafield, mainImageUrl, metafieldHtml, safeUrl } from './values.ts';
import { visibleVariations } from './variations.ts';

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : escapeHtml(String(value));

function finite(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * A price of the subject. A variation shows its own; a product without one shows its lowest variation price,
 * which is what its store page shows as "from".
 */
export function priceOf(subject: Subject, token: PriceToken): number | null {
  const field = PRICE_TOKENS[token];
  const { product, variation } = subject;
  if (variation) return field === 'sale_price' ? null : finite(variation[field]);
  const own = finite(product[field]);
  if (own !== null) return own;
  if (field === 'sale_price') return null;
  const prices = visibleVariations(product)
    .map((v) => finite(v[field]))
    .filter((n): n is number => n !== null);
  return prices.length ? Math.min(...prices) : null;
}

/** Stock of the subject; a product without its own sums its variations'. */
export function stockOf(subject: Subject): number | null {
  const { product, variation } = subject;
  if (variation) return finite(variation.stock);
  const own = finite(product.stock);
  if (own !== null) return own;
  const stocks = visibleVariations(product)
    .map((v) => finite(v.stock))
    .filter((n): n is number => n !== null);
  return stocks.length ? stocks.reduce((a, b) => a + b, 0) : null;
}

/**
 * SKU or barcode of the subject. Stores such as Shopify keep them on the variation even when a product has
 * only one (its "Default Title" variation): that variation's value is the product's.
 */
function identifier(subject: Subject, field: 'sku' | 'barcode'): string {
  const { product, variation } = subject;
  const own = variation ? variation[field] : product[field];
  if (typeof own === 'string' && own.trim()) return own.trim();
  if (variation || !Array.isArray(product.variations) || product.variations.length !== 1) return '';
  const only = product.variations[0]?.[field];
  return typeof only === 'string' ? only.trim() : '';
}

function barcodeData(subject: Subject): string {
  return identifier(subject, 'barcode');
}

function descriptionText(product: Product, inTag: boolean): string {
  // htmlToText already escapes & < >; quotes only matter inside an attribute.
  const plain = htmlToText(typeof product.description === 'string' ? product.description : '');
  return inTag ? plain.replace(/"/g, '&quot;').replace(/'/g, '&#39;') : plain;
}

const PRICE_NAME = /^(PRICE|MSRP|COMPARE_AT_PRICE|SALE_PRICE)(_FULL)?$/;

export function evaluateToken(node: TokenNode, subject: Subject, env: Env): string {
  const { product, variation } = subject;
  const price = PRICE_NAME.exec(node.name);
  if (price) {
    const value = priceOf(subject, price[1] as PriceToken);
    if (value === null) return '';
    const form: PriceForm = price[2]
      ? 'full'
      : node.form === 'INT'
        ? 'int'
        : node.form === 'DECIMAL'
          ? 'decimal'
          : 'plain';
    return text(formatPrice(value, env.currency, env.locale, form));
  }
  switch (node.name) {
    case 'ID':
      return text(variation ? variation.id : product.id);
    case 'TITLE':
      return text(variation ? variation.title : product.title);
    case 'SKU':
      return text(identifier(subject, 'sku'));
    case 'CATEGORY':
      return text(product.category);
    case 'BRAND':
      return text(product.brand);
    case 'VENDOR':
      return text(product.vendor);
    case 'STATUS':
      return text(product.status);
    case 'URL':
      return text(safeUrl(product.url, 'link'));
    case 'DESCRIPTION':
      return node.inTag
        ? descriptionText(product, true)
        : sanitizeHtml(typeof product.description === 'string' ? product.description : '');
    case 'DESCRIPTION_RAW':
      return descriptionText(product, node.inTag);
    case 'MAIN_IMAGE': {
      const url = mainImageUrl(product, variation);
      if (!url) return '';
      if (node.inTag) return text(url);
      const alt = variation ? `${product.title} ${variation.title}` : product.title;
      return `<img class="catalog-main-image" src="${text(url)}" alt="${text(alt)}">`;
    }
    case 'QRCODE': {
      const url = typeof product.url === 'string' ? product.url.trim() : '';
      if (!url) return '';
      return node.inTag
        ? text(safeUrl(url, 'link'))
        : encodeQrCode(url, { moduleSize: NOMINAL_MODULE_MM.qr });
    }
    case 'BARCODE': {
      const data = barcodeData(subject);
      if (!data) return '';
      if (node.inTag) return text(data);
      return encodeBarcode(data, BARCODE_FORMS[node.form ?? '128'], { moduleSize: NOMINAL_MODULE_MM.linear });
    }
    case 'BARCODE_DATA': {
      const data = barcodeData(subject);
      if (!data || !node.form) return text(data);
      const check = validateBarcode(data, BARCODE_FORMS[node.form]);
      return text(check.valid ? check.normalized : data);
    }
    case 'STOCK': {
      const stock = stockOf(subject);
      return stock === null ? '' : text(formatInteger(stock, env.locale));
    }
    case 'CURRENCY':
      return text(
        node.form === 'SYMBOL' ? currencySymbol(env.currency, env.locale) : env.currency.trim().toUpperCase(),
      );
    case 'PAGE_NUMBER': {
      const page = env.ctx.pageNumber;
      return typeof page === 'number' && Number.isFinite(page) ? text(String(page)) : node.raw;
    }
    default:
      env.log(`${node.raw}: not available here`);
      return '';
  }
}

export function evaluateField(node: FieldNode, subject: Subject, env: Env): string {
  const { product, variation } = subject;
  let html = '';
  if (node.source === 'custom') {
    html = text(findCustomField(product.customfields, node.key)?.value);
  } else if (node.source === 'metafield') {
    const mf = findMetafield(product.metafields, node.namespace, node.key);
    html = mf ? metafieldHtml(mf, env) : '';
  } else if (variation) {
    const mf = findMetafield(variation.metafields, node.namespace, node.key);
    html = mf ? metafieldHtml(mf, env) : '';
  } else {
    // Outside a VARIANTS block a variation metafield lists the distinct values of all variations.
    const values = new Set<string>();
    for (const v of visibleVariations(product)) {
      const mf = findMetafield(v.metafields, node.namespace, node.key);
      const value = mf ? metafieldHtml(mf, env) : '';
      if (value) values.add(value);
    }
    html = [...values].join(', ');
  }
  return node.inTag ? html.replace(/<br>/g, ' ') : html;
}

export function evaluateFormulaNode(node: FormulaNode, subject: Subject, env: Env): string {
  try {
    const value = evaluateFormula(node.expr, (name: FormulaVariable) =>
      name === 'STOCK' ? stockOf(subject) : priceOf(subject, name),
    );
    if (node.mode === 'round') return text(formatInteger(value, env.locale));
    if (node.mode === 'full') return text(formatPrice(value, env.currency, env.locale, 'full'));
    return text(formatNumber(value, env.locale, 2));
  } catch (error) {
    env.log(`${node.raw}: ${error instanceof FormulaError ? error.message : String(error)}`, error);
    return '';
  }
}
