import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProductSchema, type Product } from '../model/index.ts';
import { escapeHtml } from '../sanitize/index.ts';
import { TOKENS, renderTemplate } from './index.ts';

const tricky = fc.constantFrom(
  '',
  ' ',
  '<b>x</b>',
  '"\'&<>',
  '[TITLE]',
  'javascript:alert(1)',
  'Default Title',
  '1234_pink',
  '5901234123457',
);
const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), tricky);
const optionalText = fc.option(text, { nil: null });
const price = fc.option(
  fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.constantFrom(0, -1, 12.5, 1e21),
  ),
  {
    nil: null,
  },
);
const metafield = fc.record({
  namespace: fc.oneof(fc.constantFrom('custom', 'a'), fc.string()),
  key: fc.oneof(fc.constantFrom('k', 'material'), fc.string()),
  type: fc.option(
    fc.constantFrom(
      'boolean',
      'money',
      'list.single_line_text_field',
      'weight',
      'rating',
      'date',
      'number_decimal',
      'json',
      'string',
      'url',
    ),
    { nil: null },
  ),
  value: fc.oneof(
    fc.jsonValue(),
    fc.string(),
    fc.constantFrom('{"amount":"x"}', '[1,"a",null]', '{"value":"q","unit":3}', '2025-13-45'),
  ),
});
const variation = fc.record(
  {
    id: fc.string(),
    title: text,
    sku: optionalText,
    barcode: optionalText,
    price,
    compare_at_price: price,
    suggested_retail_price: price,
    stock: fc.option(fc.integer(), { nil: null }),
    image: optionalText,
    metafields: fc.array(metafield, { maxLength: 2 }),
    options: fc.array(text, { maxLength: 3 }),
  },
  { requiredKeys: [] },
);
const productInput = fc.record(
  {
    id: fc.string(),
    title: text,
    description: fc.oneof(text, fc.constantFrom('<p onclick="x">a<script>b</script></p>', '<<<>>>&&&')),
    category: optionalText,
    brand: optionalText,
    vendor: optionalText,
    status: fc.constantFrom('ACTIVE', 'DRAFT', 'ARCHIVED'),
    sku: optionalText,
    barcode: optionalText,
    stock: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
    price,
    compare_at_price: price,
    sale_price: price,
    suggested_retail_price: price,
    iso_currency_code: fc.oneof(
      fc.constantFrom('USD', 'EUR', 'JPY', 'eur', '', ' ', 'US$', 'XXX'),
      fc.string(),
    ),
    url: optionalText,
    main_image: optionalText,
    compressed_image: optionalText,
    images: fc.array(fc.record({ original: text, hide: fc.boolean() }), { maxLength: 2 }),
    options: fc.array(fc.record({ name: text, values: fc.array(text, { maxLength: 2 }) }), { maxLength: 3 }),
    variations: fc.array(variation, { maxLength: 4 }),
    customfields: fc.array(
      fc.record({ key: fc.oneof(fc.constant('k'), fc.string()), name: text, value: text }),
      { maxLength: 2 },
    ),
    metafields: fc.array(metafield, { maxLength: 3 }),
  },
  { requiredKeys: ['id'] },
);
const productArb: fc.Arbitrary<Product> = productInput
  .map((input) => ProductSchema.safeParse(input))
  .filter((r) => r.success)
  .map((r) => r.data!);

const fragment = fc.oneof(
  fc.constantFrom(...TOKENS.map((t) => t.example)),
  fc.constantFrom(
    '[',
    ']',
    '(',
    ')',
    '[[',
    ']]',
    'OP[',
    '[OP[',
    '[OP_ROUND[',
    ',',
    '*',
    '/0',
    '<',
    '>',
    '"',
    "'",
    '<a href="',
    '<p>',
  ),
  fc.constantFrom(
    '[PRICE(',
    '[BARCODE(EAN13',
    '[VARIANTS(TABLE, ',
    'SHOW_HEADERS',
    'OPTIONS',
    'VARIANT.',
    'LISTING.',
    'CUSTOM_',
    '.k]',
  ),
  fc.string({ maxLength: 8 }),
);
const template = fc.oneof(
  fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join('')),
  fc.string(),
);
const language = fc.constantFrom('en', 'fr', 'de', 'fr-CA', '', 'xx!', 'zz');
const replacements = fc.array(
  fc.record({ source: fc.string({ maxLength: 4 }), target: fc.string({ maxLength: 4 }) }),
  { maxLength: 3 },
);

describe('caption evaluation, for any template and product', () => {
  it('never throws and always returns a string', () => {
    fc.assert(
      fc.property(
        template,
        productArb,
        language,
        replacements,
        fc.option(fc.integer(), { nil: undefined }),
        (source, p, lang, reps, page) => {
          const out = renderTemplate(source, p, {
            language: lang,
            replacements: reps,
            pageNumber: page,
            log: () => {},
          });
          expect(typeof out).toBe('string');
        },
      ),
      { numRuns: 400 },
    );
  });

  it('hits no unexpected failure: well-formed tokens log nothing for any valid product', () => {
    // Formulas are left out: they rightly log when a product lacks a price they use.
    const wellFormed = fc
      .array(fc.constantFrom(...TOKENS.filter((t) => t.group !== 'formula').map((t) => t.example)), {
        minLength: 1,
        maxLength: 6,
      })
      .map((parts) => parts.join(' '));
    fc.assert(
      fc.property(wellFormed, productArb, language, (source, p, lang) => {
        const logged: string[] = [];
        renderTemplate(source, p, { language: lang, pageNumber: 3, log: (m) => logged.push(m) });
        expect(logged).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(template, productArb, language, (source, p, lang) => {
        expect(renderTemplate(source, p, { language: lang })).toBe(
          renderTemplate(source, p, { language: lang }),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('inserts every text value escaped, so product data never becomes markup', () => {
    fc.assert(
      fc.property(productArb, language, (p, lang) => {
        expect(renderTemplate('[TITLE]', p, { language: lang })).toBe(escapeHtml(p.title));
        const values = renderTemplate(
          '[ID][TITLE][SKU][CATEGORY][BRAND][VENDOR][STATUS][URL][DESCRIPTION_RAW][STOCK][PRICE_FULL][MSRP(INT)][CURRENCY(SYMBOL)][BARCODE_DATA(EAN13)][LISTING.CUSTOM_k][LISTING.a.k][OP[PRICE*2]]',
          p,
          { language: lang },
        );
        // Multi-line metafields are the one value that carries markup, and it is a bare <br>.
        expect(values.replace(/<br>/g, '')).not.toMatch(/[<>]/);
      }),
      { numRuns: 300 },
    );
  });

  it('passes text without brackets through untouched', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('[')),
        productArb,
        (source, p) => {
          expect(renderTemplate(source, p, { language: 'en' })).toBe(source);
        },
      ),
      { numRuns: 100 },
    );
  });
});
