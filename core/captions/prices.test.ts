import { describe, expect, it, vi } from 'vitest';
import { renderTemplate, type CaptionContext } from './index.ts';
import { product, TEE } from './test-products.ts';

const NNBSP = '\u202f'; // French digit grouping
const NBSP = '\u00a0'; // before the French currency symbol

const render = (source: string, p = TEE, ctx: CaptionContext = { language: 'en' }) =>
  renderTemplate(source, p, ctx);

/** Each token of a '|'-separated list rendered alone, joined by '|': in one caption, a value that prints nothing
 * would take its separator with it (clauses.ts). */
const each = (tokens: string, p = TEE, ctx: CaptionContext = { language: 'en' }) =>
  tokens
    .split('|')
    .map((t) => render(t, p, ctx))
    .join('|');
const fr = (source: string, p = TEE) => render(source, p, { language: 'fr' });

describe('prices', () => {
  it('formats by currency and language: plain, full, whole and decimal parts', () => {
    expect(render('[PRICE]|[PRICE_FULL]|[PRICE(INT)]|[PRICE(DECIMAL)]')).toBe('1,234.50|$1,234.50|1,234|50');
    const eur = product({ price: 1234.5, iso_currency_code: 'EUR' });
    expect(fr('[PRICE]|[PRICE_FULL]|[PRICE(INT)]|[PRICE(DECIMAL)]', eur)).toBe(
      `1${NNBSP}234,50|1${NNBSP}234,50${NBSP}€|1${NNBSP}234|50`,
    );
    expect(render('[PRICE_FULL]', eur)).toBe('€1,234.50');
    expect(fr('[PRICE_FULL]', product({ price: 12.5, iso_currency_code: 'EUR' }))).toBe(`12,50${NBSP}€`);
  });

  it('reads MSRP, compare-at and sale prices, each with every form', () => {
    expect(render('[MSRP]|[MSRP_FULL]|[MSRP(INT)]|[MSRP(DECIMAL)]')).toBe('1,499.00|$1,499.00|1,499|00');
    expect(
      render(
        '[COMPARE_AT_PRICE]|[COMPARE_AT_PRICE_FULL]|[COMPARE_AT_PRICE(INT)]|[COMPARE_AT_PRICE(DECIMAL)]',
      ),
    ).toBe('1,399.99|$1,399.99|1,399|99');
    expect(each('[SALE_PRICE]|[SALE_PRICE_FULL]|[SALE_PRICE(INT)]|[SALE_PRICE(DECIMAL)]')).toBe('|||');
    expect(render('[SALE_PRICE_FULL]', product({ sale_price: 9.9 }))).toBe('$9.90');
  });

  it('uses the currency decimals: none for yen', () => {
    const yen = product({ price: 1250, iso_currency_code: 'JPY' });
    expect(each('[PRICE]|[PRICE_FULL]|[PRICE(INT)]|[PRICE(DECIMAL)]', yen)).toBe('1,250|¥1,250|1,250|');
  });

  it('rounds before splitting, so the parts always agree with the whole', () => {
    expect(render('[PRICE]|[PRICE(INT)]|[PRICE(DECIMAL)]', product({ price: 12.999 }))).toBe('13.00|13|00');
  });

  it('accepts lower-case codes and prints unusable ones after the number', () => {
    expect(render('[PRICE_FULL]', product({ price: 5, iso_currency_code: 'eur' }))).toBe('€5.00');
    expect(render('[PRICE_FULL]', product({ price: 5, iso_currency_code: 'US$' }))).toBe('5.00 US$');
  });

  it('falls back to English for a language Intl does not know', () => {
    expect(render('[PRICE_FULL]', TEE, { language: 'not a language!' })).toBe('$1,234.50');
    expect(render('[PRICE_FULL]', TEE, { language: '' })).toBe('$1,234.50');
    expect(render('[PRICE]', TEE, { language: 'de-DE' })).toBe('1.234,50');
  });

  it('shows the lowest variation price when the product has none of its own', () => {
    const p = product({ price: null, variations: [{ price: 20 }, { price: 15 }, { price: null }] });
    expect(render('[PRICE_FULL]', p)).toBe('$15.00');
  });

  it('prints the currency code or its symbol', () => {
    expect(render('[CURRENCY]|[CURRENCY(SYMBOL)]')).toBe('USD|$');
    expect(fr('[CURRENCY]|[CURRENCY(SYMBOL)]')).toBe('USD|$US');
  });
});

describe('formulas', () => {
  it('[OP[...]] has 2 decimals, [OP_ROUND[...]] none, [OP_FULL[...]] the currency', () => {
    expect(render('[OP[PRICE*0.9]]|[OP_ROUND[PRICE*1.2]]|[OP_FULL[PRICE/2]]')).toBe('1,111.05|1,481|$617.25');
    expect(fr('[OP[PRICE*0.9]]|[OP_FULL[PRICE/2]]')).toBe(`1${NNBSP}111,05|617,25${NBSP}$US`);
  });

  it('computes with every price token and the stock', () => {
    expect(render('[OP[MSRP-PRICE]]|[OP[COMPARE_AT_PRICE - PRICE]]|[OP[STOCK*2]]|[OP[(PRICE+MSRP)/2]]')).toBe(
      '264.50|165.49|2,500.00|1,366.75',
    );
  });

  it('rounds halves away from zero and ignores float noise', () => {
    expect(render('[OP_ROUND[2.5]]|[OP_ROUND[-2.5]]|[OP_ROUND[0.49]]')).toBe('3|-3|0');
    expect(render('[OP[0.1+0.2]]|[OP[1.005*1]]|[OP[12.4999999999999*1]]')).toBe('0.30|1.01|12.50');
  });

  it('logs a formula problem and prints nothing in its place (SPEC §8)', () => {
    const log = vi.fn();
    const out = render('<p>a</p>[OP[SALE_PRICE*2]]<p>b</p>[OP[PRICE/0]]<p>c</p>[OP[PRICE*]]<p>d</p>', TEE, {
      language: 'en',
      log,
    });
    expect(out).toBe('<p>a</p><p>b</p><p>c</p><p>d</p>');
    expect(log.mock.calls.map((c) => c[0])).toEqual([
      'Caption template, product tee-01: [OP[SALE_PRICE*2]]: SALE_PRICE is empty for this product',
      'Caption template, product tee-01: [OP[PRICE/0]]: division by zero',
      'Caption template, product tee-01: [OP[PRICE*]]: formula ends too early',
    ]);
  });

  it('logs each problem once per evaluation', () => {
    const log = vi.fn();
    render('[OP[PRICE*]] [OP[PRICE*]] [PRICE(X)]', TEE, { language: 'en', log });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('survives a logger that throws', () => {
    const log = () => {
      throw new Error('logger down');
    };
    expect(render('[OP[PRICE*]]<p>ok</p>', TEE, { language: 'en', log })).toBe('<p>ok</p>');
  });
});
