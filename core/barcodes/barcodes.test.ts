import { describe, expect, it } from 'vitest';
import { readExtdataJson } from '../../scripts/testing/extdata.ts';

import {
  SYMBOLOGIES,
  barcodeSvg,
  computeCheckDigit,
  expandUpce,
  invalidBarcodeSvg,
  qrCodeSvg,
  validateBarcode,
} from './index.ts';
import { renderBarcodeSvg } from './svg.ts';
import { code128Values, decodeCode128, svgModules } from './test-support.ts';

const shopify = readExtdataJson('shopify-admin-rest-2026-07-products.json');

const INVALID_MARK = 'catalog-barcode-invalid';

describe('computeCheckDigit', () => {
  it.each([
    ['590123412345', 'ean13', '7'],
    ['400638133393', 'ean13', '1'],
    ['9638507', 'ean8', '4'],
    ['12345678999', 'upca', '9'],
    ['03600029145', 'upca', '2'],
    ['9876543210921', 'itf14', '3'],
    ['0012345678901', 'itf14', '2'],
    ['124571', 'upce', '4'],
    ['0509689', 'upce', '3'],
    ['1234567', 'upce', '0'],
  ] as const)('%s as %s -> %s', (payload, symbology, digit) => {
    expect(computeCheckDigit(payload, symbology)).toBe(digit);
  });

  it('refuses payloads of the wrong shape', () => {
    expect(() => computeCheckDigit('59012341234', 'ean13')).toThrow('EAN-13 payload must be 12 digits');
    expect(() => computeCheckDigit('12a', 'ean8')).toThrow('must be digits');
    expect(() => computeCheckDigit('12345', 'upce')).toThrow('UPC-E payload must be 6 or 7 digits');
  });

  it('expands UPC-E to its UPC-A number by the last digit rule', () => {
    expect(expandUpce('0', '124571')).toBe('01210000457');
    expect(expandUpce('0', '123453')).toBe('01230000045');
    expect(expandUpce('0', '123454')).toBe('01234000005');
    expect(expandUpce('0', '123450')).toBe('01200000345');
    expect(expandUpce('1', '234567')).toBe('12345600007');
  });
});

describe('validateBarcode', () => {
  it('adds a missing check digit and accepts a right one', () => {
    expect(validateBarcode('590123412345', 'ean13')).toEqual({
      valid: true,
      normalized: '5901234123457',
      text: '5901234123457',
    });
    expect(validateBarcode('5901234123457', 'ean13')).toMatchObject({
      valid: true,
      normalized: '5901234123457',
    });
  });

  it('names the right check digit when the given one is wrong', () => {
    expect(validateBarcode('5901234123456', 'ean13')).toEqual({
      valid: false,
      reason: 'EAN-13 check digit should be 7',
    });
    expect(validateBarcode('96385073', 'ean8')).toEqual({
      valid: false,
      reason: 'EAN-8 check digit should be 4',
    });
    expect(validateBarcode('01245715', 'upce')).toEqual({
      valid: false,
      reason: 'UPC-E check digit should be 4',
    });
  });

  it('ignores the spaces and hyphens of printed numbers', () => {
    expect(validateBarcode(' 5 901234-123457 ', 'ean13')).toMatchObject({
      valid: true,
      normalized: '5901234123457',
    });
  });

  it('refuses wrong lengths, letters and UPC-E number systems other than 0 and 1', () => {
    expect(validateBarcode('12345', 'upca')).toEqual({
      valid: false,
      reason: 'UPC-A must be 11 or 12 digits',
    });
    expect(validateBarcode('1234_pink', 'ean13')).toEqual({
      valid: false,
      reason: 'EAN-13 must contain only digits',
    });
    expect(validateBarcode('2345678', 'upce')).toEqual({
      valid: false,
      reason: 'UPC-E number system must be 0 or 1',
    });
    expect(validateBarcode('', 'itf14')).toEqual({ valid: false, reason: 'ITF-14 must contain only digits' });
  });

  it('upper-cases Code 39 and refuses characters it cannot encode', () => {
    expect(validateBarcode('abc-1', 'code39')).toEqual({ valid: true, normalized: 'ABC-1', text: 'ABC-1' });
    expect(validateBarcode('AB!12', 'code39')).toMatchObject({ valid: false });
    expect(validateBarcode('   ', 'code39')).toEqual({ valid: false, reason: 'Code 39 needs data' });
  });

  it('takes any Latin-1 text for Code 128 and prints it without control characters', () => {
    expect(validateBarcode('1234_pink', 'code128')).toEqual({
      valid: true,
      normalized: '1234_pink',
      text: '1234_pink',
    });
    expect(validateBarcode('A\tB', 'code128')).toEqual({ valid: true, normalized: 'A\tB', text: 'AB' });
    expect(validateBarcode('€1', 'code128')).toEqual({ valid: false, reason: 'Code 128 cannot encode "€"' });
    expect(validateBarcode('', 'code128')).toEqual({ valid: false, reason: 'Code 128 needs data' });
  });

  it('never throws on data that is not a string', () => {
    for (const s of SYMBOLOGIES) {
      expect(() => validateBarcode(null as unknown as string, s)).not.toThrow();
      expect(() => validateBarcode(12 as unknown as string, s)).not.toThrow();
    }
    expect(validateBarcode('1', 'pdf417' as never)).toEqual({
      valid: false,
      reason: 'Unknown barcode type pdf417',
    });
  });
});

describe('barcodeSvg', () => {
  it('draws an SVG that scales: a viewBox and no fixed size unless asked', () => {
    const svg = barcodeSvg('5901234123457', 'ean13');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" class="catalog-barcode catalog-barcode-ean13" role="img" aria-label="EAN-13 5901234123457"><path /,
    );
    expect(svg).not.toMatch(/<svg[^>]* (width|height)=/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toContain('\n');
  });

  it('is deterministic: drawing twice gives the same string', () => {
    for (const s of SYMBOLOGIES) {
      const data =
        s === 'code39' || s === 'code128'
          ? 'CAT-42'
          : s === 'upce'
            ? '01245714'
            : s === 'ean8'
              ? '96385074'
              : s === 'itf14'
                ? '98765432109213'
                : s === 'upca'
                  ? '123456789999'
                  : '5901234123457';
      // renderBarcodeSvg draws without the memo barcodeSvg keeps.
      const first = renderBarcodeSvg(s, data, data);
      expect(renderBarcodeSvg(s, data, data)).toBe(first);
      expect(barcodeSvg(data, s)).toBe(first);
    }
  });

  it('remembers drawings per data and options, never mixing them up', () => {
    const plain = barcodeSvg('CAT-42', 'code128');
    const bare = barcodeSvg('CAT-42', 'code128', { includeText: false });
    const sized = barcodeSvg('CAT-42', 'code128', { width: '30mm' });
    expect(new Set([plain, bare, sized]).size).toBe(3);
    expect(barcodeSvg('CAT-42', 'code128', { includeText: false })).toBe(bare);
    expect(barcodeSvg('CAT-43', 'code128')).not.toBe(plain);
    expect(barcodeSvg('CAT-42', 'code39')).not.toBe(plain);
  });

  it('sizes to print dimensions when given a module size, and still shrinks to fit', () => {
    const svg = barcodeSvg('5901234123457', 'ean13', { moduleSize: 0.33 });
    const vbWidth = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    expect(svg).toContain(
      ` width="${((vbWidth / 2) * 0.33).toFixed(2)}mm" style="max-width:100%;height:auto"`,
    );
    expect(barcodeSvg('ABC', 'code128', { width: '40mm', height: '10mm' })).toContain(
      ' width="40mm" height="10mm">',
    );
    // Lengths that are not plain CSS lengths never reach the markup.
    expect(barcodeSvg('ABC', 'code128', { width: '1" onload="x' })).not.toContain('onload');
  });

  it('keeps only safe class names', () => {
    expect(barcodeSvg('ABC', 'code128', { className: 'big "><script>' })).toContain(
      'class="catalog-barcode catalog-barcode-code128 big"',
    );
  });

  it('leaves out the text line when asked', () => {
    const withText = barcodeSvg('CAT-42', 'code128');
    const without = barcodeSvg('CAT-42', 'code128', { includeText: false });
    // Text glyphs are filled paths; bars are stroked.
    expect(withText).toMatch(/<path d="/);
    expect(without).not.toMatch(/<path d="/);
    expect(svgModules(without)).toBe(svgModules(withText));
  });

  it('encodes the check digit it computed', () => {
    expect(svgModules(barcodeSvg('590123412345', 'ean13'))).toBe(
      svgModules(barcodeSvg('5901234123457', 'ean13')),
    );
  });

  it('gives Code 128 a 10-module quiet zone on each side', () => {
    const svg = barcodeSvg('CAT-42', 'code128', { includeText: false });
    const vbWidth = Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    expect(vbWidth / 2).toBe(svgModules(svg).length + 20);
  });

  it('encodes Latin-1 letters as Code 128 extended characters, read back as the same letter', () => {
    const values = code128Values(svgModules(barcodeSvg('Café', 'code128')));
    expect(decodeCode128(values!)).toBe('Café');
  });

  it('draws the invalid mark instead of failing, with the reason as a tooltip', () => {
    expect(barcodeSvg('1234_pink', 'ean13')).toBe(invalidBarcodeSvg('EAN-13 must contain only digits'));
    expect(barcodeSvg('1234_pink', 'ean13')).toContain('<title>EAN-13 must contain only digits</title>');
    expect(invalidBarcodeSvg('<b>')).toContain('<title>&lt;b&gt;</title>');
    expect(barcodeSvg('', 'code128')).toContain(INVALID_MARK);
    expect(barcodeSvg('x'.repeat(5000), 'code128')).toContain(INVALID_MARK);
  });

  it('draws every Shopify sample variant barcode: invalid as EAN-13, fine as Code 128', () => {
    const barcodes = (shopify as { products: { variants: { barcode: string | null }[] }[] }).products
      .flatMap((p) => p.variants.map((v) => v.barcode))
      .filter((b): b is string => !!b);
    expect(barcodes).toContain('1234_pink');
    for (const b of barcodes) {
      expect(barcodeSvg(b, 'ean13')).toContain(INVALID_MARK);
      const svg = barcodeSvg(b, 'code128');
      expect(svg).not.toContain(INVALID_MARK);
      expect(decodeCode128(code128Values(svgModules(svg))!)).toBe(b);
    }
  });
});

describe('qrCodeSvg', () => {
  it('draws a QR code with its 4-module quiet zone and no fixed size', () => {
    const svg = qrCodeSvg('https://example.com/p/1');
    // 25 modules (version 2) + 2 × 4 quiet modules, 4 units per module.
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 132 132" class="catalog-barcode catalog-barcode-qr" role="img" aria-label="QR code https:\/\/example\.com\/p\/1"><path d="M16 /,
    );
    expect(qrCodeSvg('https://example.com/p/1')).toBe(svg);
  });

  it('sizes to print dimensions when asked', () => {
    expect(qrCodeSvg('https://example.com/p/1', { moduleSize: 0.5 })).toContain(
      ' width="16.50mm" style="max-width:100%;height:auto"',
    );
  });

  it('escapes the data in its label', () => {
    expect(qrCodeSvg('https://x.test/?a="><script>')).toContain(
      'aria-label="QR code https://x.test/?a=&quot;&gt;&lt;script&gt;"',
    );
  });

  it('draws the invalid mark for nothing or too much data', () => {
    expect(qrCodeSvg('')).toContain(INVALID_MARK);
    expect(qrCodeSvg('x'.repeat(8000))).toContain(INVALID_MARK);
  });
});
