import { describe, expect, it, vi } from 'vitest';
import { parseTemplate, renderTemplate, suggestToken, templateProblems } from './index.ts';
import { product } from './test-products.ts';

const en = { language: 'en' };
/** A product whose store does not track its stock: no stock of its own, none on its variations. */
const untracked = product({ title: 'Tote', price: 12, sku: null, stock: null });
const tracked = product({ title: 'Tote', price: 12, sku: 'TO-1', stock: 8 });
const render = (source: string, p = untracked) => renderTemplate(source, p, en);

describe('a token that prints nothing takes the words of its clause with it', () => {
  it('drops [STOCK] of an untracked product with its words and separator: no "· in stock"', () => {
    const caption = '<h6>[TITLE]</h6><p>[PRICE_FULL] · [STOCK] in stock</p>';
    expect(render(caption, tracked)).toBe('<h6>Tote</h6><p>$12.00 · 8 in stock</p>');
    expect(render(caption)).toBe('<h6>Tote</h6><p>$12.00</p>');
    // A stock of 0 is tracked: it prints.
    expect(render(caption, product({ title: 'Tote', price: 12, stock: 0 }))).toBe(
      '<h6>Tote</h6><p>$12.00 · 0 in stock</p>',
    );
  });

  it('drops the separator after a first clause that goes, and keeps clauses without tokens', () => {
    expect(render('<p>[STOCK] in stock | [PRICE_FULL]</p>')).toBe('<p>$12.00</p>');
    expect(render('<p>SKU [SKU], [PRICE_FULL], free shipping</p>')).toBe('<p>$12.00, free shipping</p>');
    expect(render('<p>[PRICE_FULL] – [STOCK] left – ask us</p>')).toBe('<p>$12.00 – ask us</p>');
    expect(render('<p>[PRICE_FULL]<br>[STOCK] in stock</p>')).toBe('<p>$12.00</p>');
  });

  it('drops an element left with nothing, and only that element', () => {
    expect(render('<h6>[TITLE]</h6><p>Stock: [STOCK]</p><p>Ref. [SKU]</p>')).toBe('<h6>Tote</h6>');
    expect(render('<p>[PRICE_FULL] <span>([STOCK] left)</span></p>')).toBe('<p>$12.00 </p>');
    expect(render('<div><p>Stock: [STOCK]</p></div>')).toBe('<div></div>');
  });

  it('keeps a clause where one token prints, and words that hold no token', () => {
    expect(render('<p>[TITLE] [SKU]</p>')).toBe('<p>Tote </p>');
    expect(render('<p>In stock</p>')).toBe('<p>In stock</p>');
    expect(render('Tom &amp; Jerry; [SKU]')).toBe('Tom &amp; Jerry');
  });

  it('binds no words to a token inside a tag', () => {
    expect(render('<a href="[URL]">Shop [TITLE]</a>')).toBe('<a href="">Shop Tote</a>');
  });

  it('treats a broken or unknown token like a missing value: nothing, words included', () => {
    const log = vi.fn();
    expect(renderTemplate('<p>[PRICE_FULL] · [STOKC] in stock</p>', untracked, { ...en, log })).toBe(
      '<p>$12.00</p>',
    );
    expect(log.mock.calls.map((c) => c[0])).toEqual([
      'Caption template, product p1: [STOKC]: unknown token; did you mean [STOCK]?',
    ]);
  });
});

describe('unknown tokens', () => {
  it('never print as typed: a name in capitals that is no token is an error with a suggestion', () => {
    for (const [source, message] of [
      ['[PRICEE]', '[PRICEE]: unknown token; did you mean [PRICE]?'],
      ['[TITEL]', '[TITEL]: unknown token; did you mean [TITLE]?'],
      ['[FULL_PRICE]', '[FULL_PRICE]: unknown token; did you mean [PRICE_FULL]?'],
      ['[PRICE_INT]', '[PRICE_INT]: unknown token; did you mean [PRICE(INT)]?'],
      ['[BARCODES(EAN13)]', '[BARCODES(EAN13)]: unknown token; did you mean [BARCODE(EAN13)]?'],
      ['[COLOUR]', '[COLOUR]: unknown token'],
    ]) {
      expect(parseTemplate(source).nodes, source).toEqual([{ kind: 'error', raw: source, message }]);
      expect(renderTemplate(`a ${source} b`, untracked, en), source).not.toContain(source);
    }
  });

  it('leaves prose in brackets alone: small letters, a single capital, words with spaces', () => {
    for (const source of ['[New!]', '[title]', '[M]', '[NEW ARRIVALS]', '[Size(S)]'])
      expect(renderTemplate(source, untracked, en), source).toBe(source);
  });

  it('suggests the right form for a known token written with a wrong one', () => {
    expect(suggestToken('[PRICE(CENTS)]')).toBe('[PRICE(INT)]');
    expect(suggestToken('[TITLE(BIG)]')).toBe('[TITLE]');
    expect(suggestToken('[PRICE(INT)]')).toBeNull();
    expect(suggestToken('[XYZZY]')).toBeNull();
  });

  it('locates each problem in the typed text, for the caption editor to mark', () => {
    const source = '<p>[PRICEE] · [PRICE(CENTS)] [New!]</p>';
    expect(templateProblems(source)).toEqual([
      {
        start: 3,
        end: 11,
        raw: '[PRICEE]',
        kind: 'unknown',
        message: '[PRICEE]: unknown token; did you mean [PRICE]?',
        suggestion: '[PRICE]',
      },
      {
        start: 14,
        end: 28,
        raw: '[PRICE(CENTS)]',
        kind: 'invalid',
        message: '[PRICE(CENTS)]: PRICE takes one of INT, DECIMAL, not CENTS',
        suggestion: '[PRICE(INT)]',
      },
    ]);
    expect(source.slice(3, 11)).toBe('[PRICEE]');
  });
});
