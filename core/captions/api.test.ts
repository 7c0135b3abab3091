import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../model/index.ts';
import {
  TOKENS,
  applyReplacements,
  captionKeywords,
  evaluateTemplate,
  parseTemplate,
  renderTemplate,
  type CaptionContext,
} from './index.ts';
import { sanitizeHtml } from '../sanitize/index.ts';
import { product, TEE } from './test-products.ts';
import { TOKEN_SPECS } from './tokens.ts';

const en: CaptionContext = { language: 'en' };

describe('replacements', () => {
  const withReplacements = (source: string, replacements: CaptionContext['replacements'], p = TEE) =>
    renderTemplate(source, p, { language: 'en', replacements });

  it('replace text in values and in the template, in order', () => {
    expect(withReplacements('<h6>[TITLE]</h6> Organic!', [{ source: 'Organic', target: 'Bio' }])).toBe(
      '<h6>Bio Cotton Tee</h6> Bio!',
    );
    expect(
      withReplacements('a', [
        { source: 'a', target: 'b' },
        { source: 'b', target: 'c' },
      ]),
    ).toBe('c');
  });

  it('never touch tags, attributes or generated SVG', () => {
    expect(withReplacements('<p class="Organic">Organic</p>', [{ source: 'Organic', target: 'Bio' }])).toBe(
      '<p class="Organic">Bio</p>',
    );
    const svg = withReplacements(
      '[BARCODE(EAN13)]',
      [{ source: 'digits', target: 'chiffres' }],
      product({ barcode: 'abc' }),
    );
    expect(svg).toContain('<title>EAN-13 must contain only digits</title>');
  });

  it('match text however it was escaped, and insert the target as text', () => {
    const p = product({ title: `Tom & Jerry's` });
    expect(
      withReplacements(`[TITLE] / Tom &amp; Jerry's`, [{ source: `Tom & Jerry's`, target: '<b>T&J</b>' }], p),
    ).toBe('&lt;b&gt;T&amp;J&lt;/b&gt; / &lt;b&gt;T&amp;J&lt;/b&gt;');
  });

  it('ignore empty sources and hide text with an empty target', () => {
    expect(withReplacements('Default Title', [{ source: '', target: 'x' }])).toBe('Default Title');
    expect(withReplacements('[VARIANTS(TABLE, TITLE)]', [{ source: 'S / ', target: '' }])).toContain(
      '<td>White</td>',
    );
  });

  it('is exported for text the renderer evaluates itself', () => {
    expect(applyReplacements('<b>x</b>', [{ source: 'x', target: 'y' }])).toBe('<b>y</b>');
    expect(applyReplacements('x', undefined)).toBe('x');
  });
});

describe('captionKeywords', () => {
  it('offers every built-in token, then the custom fields and metafields of listed types', () => {
    const keywords = captionKeywords(TEE);
    const words = keywords.map((k) => k.keyword);
    expect(words.slice(0, 3)).toEqual(['[TITLE]', '[ID]', '[SKU]']);
    expect(words).toContain('[PRICE_FULL]');
    expect(words).toContain('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE_FULL)]');
    expect(
      keywords.filter(
        (k) => !['product', 'price', 'barcode', 'variants', 'formula', 'page'].includes(k.group),
      ),
    ).toEqual([
      { keyword: '[LISTING.CUSTOM_care]', label: 'Care', group: 'custom' },
      { keyword: '[LISTING.custom.material]', label: 'custom.material', group: 'metafield' },
      { keyword: '[LISTING.custom.organic]', label: 'custom.organic', group: 'metafield' },
      { keyword: '[LISTING.custom.weight]', label: 'custom.weight', group: 'metafield' },
      { keyword: '[LISTING.custom.sizes]', label: 'custom.sizes', group: 'metafield' },
      { keyword: '[LISTING.custom.notes]', label: 'custom.notes', group: 'metafield' },
      { keyword: '[LISTING.custom.release]', label: 'custom.release', group: 'metafield' },
      { keyword: '[VARIANT.custom.fit]', label: 'custom.fit', group: 'variant-metafield' },
    ]);
  });

  it("describes the built-in tokens in the merchant's language", () => {
    const label = (language: string, keyword: string) =>
      captionKeywords(TEE, language).find((k) => k.keyword === keyword)?.label;
    expect(label('en', '[PRICE_FULL]')).toBe(
      'Price with its currency symbol ($1,234.50, 1 234,50 € in French)',
    );
    expect(label('fr', '[PRICE_FULL]')).toBe(
      'Prix avec son symbole de devise (1 234,50 €, $1,234.50 en anglais)',
    );
    expect(label('fr', '[TITLE]')).toBe('Titre du produit');
    expect(label('fr', '[BARCODE(EAN13)]')).toBe(
      "Code-barres EAN-13 (chiffre de contrôle ajouté s'il manque)",
    );
    // Every built-in token has its own French words, none left in English.
    const english = new Map(captionKeywords(TEE, 'en').map((k) => [k.keyword, k.label]));
    const builtIn = captionKeywords(TEE, 'fr').filter((k) => TOKENS.some((t) => t.example === k.keyword));
    expect(builtIn.length).toBeGreaterThan(40);
    for (const k of builtIn) expect(k.label, k.keyword).not.toBe(english.get(k.keyword));
    // The merchant's own fields keep their names.
    expect(captionKeywords(TEE, 'fr').find((k) => k.group === 'custom')?.label).toBe('Care');
  });

  it('judges metafields by type, legacy value_type, or the value itself', () => {
    const p = product({
      metafields: [
        { namespace: 'a', key: 'json', type: 'json', value: '{}' },
        { namespace: 'a', key: 'legacy', value_type: 'string', value: 'x' },
        { namespace: 'a', key: 'legacyjson', value_type: 'json_string', value: '{}' },
        { namespace: 'a', key: 'untyped', value: 3 },
        { namespace: 'a', key: 'object', value: { x: 1 } },
        { namespace: 'a', key: 'ref', type: 'product_reference', value: 'gid://shopify/Product/1' },
        { namespace: 'a', key: 'bad]key', type: 'string', value: 'x', description: 'Bad' },
        { namespace: 'a', key: 'described', type: 'url', value: 'https://x', description: 'Size guide' },
      ],
    });
    expect(captionKeywords(p).filter((k) => k.group === 'metafield')).toEqual([
      { keyword: '[LISTING.a.legacy]', label: 'a.legacy', group: 'metafield' },
      { keyword: '[LISTING.a.untyped]', label: 'a.untyped', group: 'metafield' },
      { keyword: '[LISTING.a.described]', label: 'Size guide', group: 'metafield' },
    ]);
  });
});

describe('TOKENS', () => {
  it('covers every token the parser knows', () => {
    const listed = new Set(TOKENS.map((t) => t.name.replace(/\(.*$/, '')));
    for (const name of Object.keys(TOKEN_SPECS)) expect(listed, name).toContain(name);
  });

  it('gives examples that parse as tokens and render without a logged problem', () => {
    const log = vi.fn();
    for (const t of TOKENS) {
      const nodes = parseTemplate(t.example).nodes;
      expect(nodes, t.example).toHaveLength(1);
      expect(nodes[0].kind, t.example).not.toBe('text');
      expect(nodes[0].kind, t.example).not.toBe('error');
      renderTemplate(t.example, TEE, { language: 'en', log, pageNumber: 1 });
    }
    expect(log).not.toHaveBeenCalled();
  });
});

describe('the contract with the page renderer: sanitize the template, then render it', () => {
  it('keeps every token through the sanitizer', () => {
    for (const t of TOKENS) {
      const source = `<p>${t.example}</p>`;
      expect(renderTemplate(sanitizeHtml(source), TEE, en), t.example).toBe(renderTemplate(source, TEE, en));
    }
  });

  it('keeps tokens in link and image addresses', () => {
    expect(renderTemplate(sanitizeHtml('<a href="[URL]"><img src="[MAIN_IMAGE]"></a>'), TEE, en)).toBe(
      '<a href="https://shop.example.com/products/tee" target="_blank" rel="noopener noreferrer"><img src="https://cdn.example.com/tee.jpg" /></a>',
    );
  });

  it('leaves no script in the output when the template tried one', () => {
    const out = renderTemplate(sanitizeHtml('<p onclick="x()">[TITLE]</p><script>[TITLE]</script>'), TEE, en);
    expect(out).toBe('<p>Organic Cotton Tee</p>');
  });
});

describe('renderTemplate and evaluateTemplate', () => {
  it('agree, and repeated renders give the same output', () => {
    const source = '<h6>[TITLE]</h6><p>[PRICE_FULL]</p>';
    const once = evaluateTemplate(parseTemplate(source), TEE, en);
    expect(once).toBe('<h6>Organic Cotton Tee</h6><p>$1,234.50</p>');
    expect(renderTemplate(source, TEE, en)).toBe(once);
    expect(renderTemplate(source, TEE, en)).toBe(once);
  });

  it('keep working past the parse cache size', () => {
    for (let i = 0; i < 450; i++) expect(renderTemplate(`${i}:[SKU]`, TEE, en)).toBe(`${i}:TEE-01`);
  });

  it('never throw, even for a product that is not a product', () => {
    const log = vi.fn();
    const broken = null as unknown as Product;
    expect(renderTemplate('<p>a</p>[TITLE]<p>b</p>[PRICE]<p>c</p>', broken, { language: 'en', log })).toBe(
      '<p>a</p><p>b</p><p>c</p>',
    );
    expect(log).toHaveBeenCalled();
    expect(evaluateTemplate(null as never, TEE, { language: 'en', log })).toBe('');
    expect(renderTemplate('[TITLE]', TEE, null as never)).toBe('Organic Cotton Tee');
  });
});
