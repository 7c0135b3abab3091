import { describe, expect, it } from 'vitest';
import {
  classifyImage,
  currencyInHeader,
  escapeFormula,
  normalizeHeader,
  parsePrice,
  parseWebAddress,
  parseWholeNumber,
  splitEscapedCommaList,
  splitList,
  titleKey,
  unescapeFormula,
} from './values.ts';

describe('parsePrice (SPEC §5: a leading and a trailing non-digit are stripped)', () => {
  it.each([
    ['$12.50', 12.5],
    ['12.50€', 12.5],
    ['12.5', 12.5],
    ['7', 7],
    ['£ 3.99', 3.99],
    ['USD 1,299.00', 1299],
    ['1.299,00 €', 1299],
    ['12,50', 12.5],
    ['1,299', 1299],
    ['1 299,99', 1299.99],
    ['.5', 0.5],
    ['0', 0],
    ['  42  ', 42],
  ])('%s reads as %s', (text, value) => {
    const r = parsePrice(text);
    expect(r).toMatchObject({ ok: true, value });
  });

  it('reads an empty cell as no price', () => {
    expect(parsePrice('  ')).toEqual({ ok: true, value: null, currency: null });
  });

  it('takes the currency from an ISO code or an unambiguous symbol, never from $', () => {
    expect(parsePrice('12.50 EUR')).toEqual({ ok: true, value: 12.5, currency: 'EUR' });
    expect(parsePrice('12.50€')).toEqual({ ok: true, value: 12.5, currency: 'EUR' });
    expect(parsePrice('$12.50')).toEqual({ ok: true, value: 12.5, currency: null });
  });

  it.each(['abc', 'N/A', 'free', '12.50.30', '1,2,3', '12 50 EUR extra', '$$$$12'])(
    '%s is not a price',
    (text) => {
      expect(parsePrice(text)).toEqual({ ok: false, negative: false });
    },
  );

  it('refuses negative prices, saying so', () => {
    expect(parsePrice('-5')).toEqual({ ok: false, negative: true });
    expect(parsePrice('$-5.00')).toEqual({ ok: false, negative: true });
  });
});

describe('parseWholeNumber', () => {
  it.each([
    ['12', 12],
    ['-3', -3],
    ['1,200', 1200],
    ['12.0', 12],
    ['', null],
    // As European spreadsheets write them.
    ['1.200', 1200],
    ['1 200', 1200],
    ['12,0', 12],
    ['+4', 4],
  ])('%s reads as %s', (text, value) => {
    expect(parseWholeNumber(text)).toEqual({ ok: true, value });
  });
  it.each(['1.5', '12,5', 'ten', '12a', '$4'])('%s is refused', (text) => {
    expect(parseWholeNumber(text)).toEqual({ ok: false });
  });
});

describe('currencyInHeader', () => {
  it.each([
    ['Prix TTC (€, unité)', 'EUR'],
    ['Price £', 'GBP'],
    ['Price (CHF)', 'CHF'],
    ['Prix TTC', null],
    ['Price ($)', null],
  ])('%s names %s', (header, currency) => {
    expect(currencyInHeader(header)).toBe(currency);
  });
});

describe('lists', () => {
  it('keeps empty positions', () => {
    expect(splitList('a; ;c')).toEqual(['a', '', 'c']);
    expect(splitList(';')).toEqual(['', '']);
    expect(splitList('')).toEqual([]);
  });
  it('splits WooCommerce lists on commas, honouring "\\,"', () => {
    expect(splitEscapedCommaList('Blue, Green\\, light, Red')).toEqual(['Blue', 'Green, light', 'Red']);
  });
});

describe('images and addresses', () => {
  it('treats values with https://, http:// or ftp:// as web images and the rest as local files', () => {
    expect(classifyImage('https://cdn.example.com/a.jpg')).toEqual({
      kind: 'remote',
      url: 'https://cdn.example.com/a.jpg',
    });
    expect(classifyImage('FTP://files.example.com/a.jpg').kind).toBe('remote');
    expect(classifyImage('shirt.jpg')).toEqual({ kind: 'local', name: 'shirt.jpg' });
    expect(classifyImage('C:\\photos\\shirt.jpg')).toEqual({ kind: 'local', name: 'C:\\photos\\shirt.jpg' });
    expect(classifyImage('www.example.com/a.jpg')).toEqual({
      kind: 'remote',
      url: 'https://www.example.com/a.jpg',
    });
    // A file whose name starts with "www." (no path after a host) is a file, as an export writes it.
    expect(classifyImage('www.png')).toEqual({ kind: 'local', name: 'www.png' });
    expect(classifyImage('www.example.com')).toEqual({ kind: 'local', name: 'www.example.com' });
    expect(classifyImage('https://')).toEqual({ kind: 'invalid' });
    expect(classifyImage('javascript:alert(1)')).toEqual({ kind: 'invalid' });
  });
  it('accepts only http(s) product addresses', () => {
    expect(parseWebAddress('https://shop.example.com/p/1')).toEqual({
      ok: true,
      value: 'https://shop.example.com/p/1',
    });
    expect(parseWebAddress('www.shop.com/x')).toEqual({ ok: true, value: 'https://www.shop.com/x' });
    expect(parseWebAddress('not a url')).toEqual({ ok: false });
    expect(parseWebAddress('ftp://shop.example.com')).toEqual({ ok: false });
  });
});

describe('headers, titles and formulas', () => {
  it('matches headers ignoring case, separators and a required mark', () => {
    expect(normalizeHeader(' Compare_At-Price* ')).toBe('compare at price');
    expect(normalizeHeader('Variation SKUs')).toBe(normalizeHeader('variation_skus'));
  });
  it('compares titles ignoring case and spacing', () => {
    expect(titleKey('  Blue   Shirt ')).toBe(titleKey('blue shirt'));
  });
  it('undoes exactly the formula escape it writes', () => {
    for (const s of ['=SUM(A1)', '+33 6', '-5', '@x', 'plain', "'quoted", "'=already", "''=twice"]) {
      expect(unescapeFormula(escapeFormula(s))).toBe(s);
    }
    expect(escapeFormula('=1+1')).toBe("'=1+1");
  });
});
