import { describe, expect, it } from 'vitest';
import { barcodeSvg, qrCodeSvg } from '../barcodes/index.ts';
import { decodeEanUpc, decodeItf, narrowWide, svgModules, trimQuietZones } from '../barcodes/test-support.ts';
import { renderTemplate, type CaptionContext } from './index.ts';
import { product, TEE } from './test-products.ts';

const en: CaptionContext = { language: 'en' };
const render = (source: string, p = TEE, ctx: CaptionContext = en) => renderTemplate(source, p, ctx);
/** Each token of a '|'-separated list rendered alone, joined by '|': in one caption, a value that prints nothing
 * would take its separator with it (clauses.ts). */
const each = (tokens: string, p = TEE, ctx: CaptionContext = en) =>
  tokens
    .split('|')
    .map((t) => render(t, p, ctx))
    .join('|');

describe('product tokens', () => {
  it.each([
    ['[ID]', 'tee-01'],
    ['[TITLE]', 'Organic Cotton Tee'],
    ['[CATEGORY]', 'T-Shirts'],
    ['[BRAND]', 'Northwind'],
    ['[VENDOR]', 'Northwind Apparel'],
    ['[STATUS]', 'ACTIVE'],
    ['[SKU]', 'TEE-01'],
    ['[URL]', 'https://shop.example.com/products/tee'],
    ['[STOCK]', '1,250'],
    ['[BARCODE_DATA]', '590123412345'],
    ['[BARCODE_DATA(EAN13)]', '5901234123457'],
    ['[DESCRIPTION]', '<p>Soft <b>organic</b> cotton.</p>'],
    ['[DESCRIPTION_RAW]', 'Soft organic cotton.'],
    [
      '[MAIN_IMAGE]',
      '<img class="catalog-main-image" src="https://cdn.example.com/tee.jpg" alt="Organic Cotton Tee">',
    ],
  ])('%s -> %s', (source, expected) => {
    expect(render(source)).toBe(expected);
  });

  it('prints nothing for values the product does not have', () => {
    const bare = product({ id: 'x' });
    expect(
      each(
        '[CATEGORY]|[BRAND]|[SKU]|[URL]|[STOCK]|[MAIN_IMAGE]|[BARCODE]|[QRCODE]|[PRICE]|[DESCRIPTION]',
        bare,
      ),
    ).toBe('|||||||||');
  });

  it('escapes every product value, so a title cannot inject markup', () => {
    const evil = product({
      title: '<img src=x onerror=alert(1)> & "quotes"',
      sku: '<script>',
      customfields: [{ key: 'k', value: '<b>bold</b>' }],
      metafields: [
        { namespace: 'n', key: 'k', type: 'single_line_text_field', value: '</p><script>x</script>' },
      ],
    });
    expect(render('[TITLE]', evil)).toBe('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(render('[SKU][LISTING.CUSTOM_k][LISTING.n.k]', evil)).toBe(
      '&lt;script&gt;&lt;b&gt;bold&lt;/b&gt;&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('sanitizes DESCRIPTION and keeps DESCRIPTION_RAW plain', () => {
    const p = product({
      description:
        '<p onclick="x()">Tom &amp; Jerry <a href="javascript:alert(1)">link</a></p><iframe></iframe>',
    });
    expect(render('[DESCRIPTION]', p)).toBe(
      '<p>Tom &amp; Jerry <a target="_blank" rel="noopener noreferrer">link</a></p>',
    );
    expect(render('[DESCRIPTION_RAW]', p)).toBe('Tom &amp; Jerry link');
  });

  it('refuses script addresses in URL and MAIN_IMAGE', () => {
    const p = product({ title: 'T', url: 'javascript:alert(1)', main_image: ' java\tscript:alert(1)' });
    expect(each('[URL]|[MAIN_IMAGE]', p)).toBe('|');
    const relative = product({ title: 'T', url: '/products/t', main_image: '//cdn.shopify.com/t.jpg' });
    expect(render('[URL]|[MAIN_IMAGE]', relative)).toBe(
      '/products/t|<img class="catalog-main-image" src="https://cdn.shopify.com/t.jpg" alt="T">',
    );
  });

  it('picks the print-sized image first, then the original, then the first visible image', () => {
    expect(
      render('[MAIN_IMAGE]', product({ compressed_image: 'https://c/1.jpg', main_image: 'https://c/2.jpg' })),
    ).toContain('src="https://c/1.jpg"');
    const images = product({
      images: [{ original: 'https://c/hidden.jpg', hide: true }, { original: 'https://c/shown.jpg' }],
    });
    expect(render('[MAIN_IMAGE]', images)).toContain('src="https://c/shown.jpg"');
  });

  it("uses the only variation's SKU and barcode when the product has none of its own", () => {
    const single = product({
      variations: [{ title: 'Default Title', sku: 'ONE', barcode: '5901234123457' }],
    });
    expect(render('[SKU]|[BARCODE_DATA]', single)).toBe('ONE|5901234123457');
    const several = product({
      variations: [
        { sku: 'A', barcode: '1' },
        { sku: 'B', barcode: '2' },
      ],
    });
    expect(each('[SKU]|[BARCODE_DATA]', several)).toBe('|');
  });

  it('sums variation stock when the product has none', () => {
    expect(render('[STOCK]', product({ variations: [{ stock: 2 }, { stock: 3 }, { stock: null }] }))).toBe(
      '5',
    );
  });

  it('draws barcodes: Code 128 by default, the form given, at print size', () => {
    expect(render('[BARCODE]')).toBe(barcodeSvg('590123412345', 'code128', { moduleSize: 0.33 }));
    expect(render('[BARCODE(128)]')).toBe(barcodeSvg('590123412345', 'code128', { moduleSize: 0.33 }));
    expect(render('[BARCODE(EAN13)]')).toBe(barcodeSvg('5901234123457', 'ean13', { moduleSize: 0.33 }));
  });

  // Each form gets data it can encode (TEE's 12-digit barcode fits none of these), without its check digit
  // where the form has one, so the drawing must compute it. The bars are read back independently of bwip-js.
  it.each([
    ['EAN8', '9638507', '96385074', (svg: string) => decodeEanUpc(svgModules(svg), 'ean8')],
    ['UPCA', '03600029145', '036000291452', (svg: string) => decodeEanUpc(svgModules(svg), 'upca')],
    ['UPCE', '0123456', '01234565', (svg: string) => decodeEanUpc(svgModules(svg), 'upce')],
    ['ITF14', '1540014128876', '15400141288763', (svg: string) => decodeItf(svgModules(svg))],
  ])('draws [BARCODE(%s)] of %s as a real barcode with its check digit', (form, data, full, decode) => {
    const p = product({ barcode: data });
    const svg = render(`[BARCODE(${form})]`, p);
    expect(svg).toMatch(/^<svg /);
    expect(svg).not.toContain('catalog-barcode-invalid');
    expect(svg).toContain(`class="catalog-barcode catalog-barcode-${form.toLowerCase()}"`);
    expect(svg).toContain(` ${full}"`);
    expect(decode(svg)).toBe(full);
    expect(render(`[BARCODE_DATA(${form})]`, p)).toBe(full);
    // Data already carrying its check digit draws the same symbol.
    expect(render(`[BARCODE(${form})]`, product({ barcode: full }))).toBe(svg);
  });

  it('draws [BARCODE(39)] as a real Code 39 barcode of the data', () => {
    const svg = render('[BARCODE(39)]', product({ barcode: 'TEE-01' }));
    expect(svg).not.toContain('catalog-barcode-invalid');
    expect(svg).toContain(
      'class="catalog-barcode catalog-barcode-code39" role="img" aria-label="Code 39 TEE-01"',
    );
    // Code 39: a start and a stop character around the six data characters, ten elements each with the gap.
    expect(narrowWide(trimQuietZones(svgModules(svg)))).toHaveLength(8 * 10 - 1);
  });

  it('draws the invalid mark for a barcode the form cannot encode', () => {
    const p = product({ barcode: '1234_pink' });
    expect(render('[BARCODE(EAN13)]', p)).toContain('catalog-barcode-invalid');
    expect(render('[BARCODE]', p)).toContain('aria-label="Code 128 1234_pink"');
    expect(render('[BARCODE_DATA(EAN13)]', p)).toBe('1234_pink');
  });

  it('draws a QR code of the product address', () => {
    expect(render('[QRCODE]')).toBe(qrCodeSvg('https://shop.example.com/products/tee', { moduleSize: 0.5 }));
  });

  it('fills PAGE_NUMBER when the page is known and leaves it for later otherwise', () => {
    expect(render('p. [PAGE_NUMBER]', TEE, { language: 'en', pageNumber: 7 })).toBe('p. 7');
    expect(render('p. [PAGE_NUMBER]')).toBe('p. [PAGE_NUMBER]');
  });

  it('reads custom fields by key, then by name, and metafields by namespace and key', () => {
    expect(each('[LISTING.CUSTOM_care]|[LISTING.CUSTOM_Care]|[LISTING.CUSTOM_nope]')).toBe(
      'Machine wash cold|Machine wash cold|',
    );
    expect(render('[LISTING.custom.material]|[LISTING.CUSTOM.MATERIAL]')).toBe(
      '100% organic cotton|100% organic cotton',
    );
  });

  it('prints metafields by type', () => {
    expect(render('[LISTING.custom.organic]')).toBe('Yes');
    expect(render('[LISTING.custom.organic]', TEE, { language: 'fr' })).toBe('Oui');
    expect(render('[LISTING.custom.weight]')).toBe('0.2 kilograms');
    expect(render('[LISTING.custom.sizes]')).toBe('S, M, L');
    expect(render('[LISTING.custom.notes]')).toBe('Line one<br>Line two');
    expect(render('[LISTING.custom.release]')).toBe('Mar 1, 2025');
    expect(render('[LISTING.custom.release]', TEE, { language: 'fr' })).toBe('1 mars 2025');
    expect(render('[LISTING.custom.specs]')).toBe('');
    const money = product({
      metafields: [
        { namespace: 'm', key: 'p', type: 'money', value: '{"amount":"5.00","currency_code":"EUR"}' },
      ],
    });
    expect(render('[LISTING.m.p]', money, { language: 'fr' })).toBe('5,00\u00a0€');
  });

  it('lists the distinct values of a variation metafield outside VARIANTS blocks', () => {
    expect(render('[VARIANT.custom.fit]')).toBe('Slim, Regular');
  });

  it('empties href and src values that tokens turned into script addresses', () => {
    const p = product({
      title: 'javascript:alert(1)',
      sku: 'script:alert(1)',
      category: 'data:text/html,x',
    });
    expect(render('<a href="[TITLE]">a</a><a href="java[SKU]">b</a><a href=\'[CATEGORY]\'>c</a>', p)).toBe(
      '<a href="">a</a><a href="">b</a><a href="">c</a>',
    );
    // A product's "&colon;" is escaped, so the browser reads the text "&colon;", not a colon.
    expect(render('<a href="java[SKU]">b</a>', product({ sku: 'script&colon;x' }))).toBe(
      '<a href="javascript&amp;colon;x">b</a>',
    );
    expect(render('<a href="java&#x73;cript:[SKU]">b</a>', product({ sku: 'x' }))).toBe('<a href="">b</a>');
    const inline = product({
      title: 'T',
      main_image: 'data:image/png;base64,AAAA',
      url: 'https://x.test/?a=javascript:1',
    });
    expect(render('<img src="[MAIN_IMAGE]"><a href="[URL]">u</a>', inline)).toBe(
      '<img src="data:image/png;base64,AAAA"><a href="https://x.test/?a=javascript:1">u</a>',
    );
    // Static template text is the caller's sanitizer's business; only pages with attribute tokens are checked.
    expect(render('<a href="https://x.test">[TITLE]</a>', p)).toBe(
      '<a href="https://x.test">javascript:alert(1)</a>',
    );
  });

  it('inside a tag, gives plain escaped text and never a markup or script address', () => {
    expect(render('<a href="[URL]" title="[TITLE]">x</a>')).toBe(
      '<a href="https://shop.example.com/products/tee" title="Organic Cotton Tee">x</a>',
    );
    expect(render('<img src="[MAIN_IMAGE]" alt="[DESCRIPTION]">')).toBe(
      '<img src="https://cdn.example.com/tee.jpg" alt="Soft organic cotton.">',
    );
    expect(render('<p title="[BARCODE(EAN13)] [LISTING.custom.notes]">', TEE)).toBe(
      '<p title="590123412345 Line one Line two">',
    );
    const quoted = product({ title: '" onmouseover="x', description: `it's "quoted"` });
    expect(render('<p title="[TITLE]" data-x=\'[DESCRIPTION_RAW]\'>', quoted)).toBe(
      '<p title="&quot; onmouseover=&quot;x" data-x=\'it&#39;s &quot;quoted&quot;\'>',
    );
  });
});
