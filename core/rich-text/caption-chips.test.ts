import { describe, expect, it } from 'vitest';
import { TOKENS } from '../captions/index.ts';
import {
  captionChipLabel,
  captionToChips,
  chipsToTokens,
  isBlockCaptionToken,
  isCaptionToken,
  markupLost,
} from './index.ts';

const chip = (raw: string) =>
  `<span data-token="${raw.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></span>`;
const block = (raw: string) =>
  `<div data-token="${raw.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></div>`;

describe('caption tokens as chips (SPEC §5 Caption tokens)', () => {
  it('makes every token the editor offers one chip that gives back its exact text', () => {
    for (const token of TOKENS) {
      const html = `<p>a ${token.example} b</p>`;
      const chips = captionToChips(html);
      expect(chips, token.name).toBe(`<p>a ${chip(token.example)} b</p>`);
      expect(chipsToTokens(chips, isCaptionToken), token.name).toBe(html);
    }
  });

  it('reads each kind of token whole: forms, fields, formulas and VARIANTS with their parameters', () => {
    const kinds = [
      '[PRICE(INT)]',
      '[BARCODE(EAN13)]',
      '[CURRENCY(SYMBOL)]',
      '[LISTING.CUSTOM_size]',
      '[LISTING.custom.material]',
      '[VARIANT.custom.colour]',
      '[OP[PRICE*0.9]]',
      '[OP_ROUND[(PRICE+MSRP)/2]]',
      '[OP_FULL[PRICE*1.2]]',
      '[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE)]',
      '[VARIANTS(LOOSE_TABLE, [LISTING.custom.material], BARCODE(EAN13))]',
    ];
    for (const raw of kinds) {
      expect(isCaptionToken(raw), raw).toBe(true);
      expect(captionToChips(`<h6>${raw}</h6>`)).toBe(`<h6>${chip(raw)}</h6>`);
    }
  });

  it('leaves prose in brackets, misspelt tokens and tokens inside a tag as text', () => {
    const html = '<p>[New!] [PRICEE] <a href="[URL]">see</a> [OP[PRICE*]]</p>';
    expect(captionToChips(html)).toBe(html);
    expect(isCaptionToken('[PRICEE]')).toBe(false);
    expect(isCaptionToken('[TITLE] [SKU]')).toBe(false);
    expect(isCaptionToken('<b>[TITLE]</b>')).toBe(false);
  });

  it('puts a token between elements in a chip of its own line, kept where it was', () => {
    const html = '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>[BARCODE(EAN13)]';
    const chips = captionToChips(html);
    expect(chips).toBe(
      `<h6>${chip('[TITLE]')}</h6><p class="price">${chip('[PRICE_FULL]')}</p>${block('[BARCODE(EAN13)]')}`,
    );
    expect(chipsToTokens(chips, isCaptionToken)).toBe(html);
    expect(captionToChips('<p>a<br>[SKU]</p>')).toBe(`<p>a<br>${chip('[SKU]')}</p>`);
  });

  it('drops a chip whose text is no token rather than store markup', () => {
    expect(chipsToTokens(`<p>${chip('<img src=x>')}</p>`, isCaptionToken)).toBe('<p></p>');
    expect(chipsToTokens(`<p>${chip('[PRICEE]')}</p>`, isCaptionToken)).toBe('<p></p>');
  });

  it('knows which tokens print blocks', () => {
    expect(isBlockCaptionToken('[VARIANTS(TABLE, SKU)]')).toBe(true);
    expect(isBlockCaptionToken('[DESCRIPTION]')).toBe(true);
    expect(isBlockCaptionToken('[PRICE_FULL]')).toBe(false);
  });

  it('names chips in the merchant language', () => {
    expect(captionChipLabel('[PRICE_FULL]')).toBe('Price with currency');
    expect(captionChipLabel('[PRICE_FULL]', 'fr')).toBe('Prix avec devise');
    expect(captionChipLabel('[PRICE(INT)]')).toBe('Price (whole part)');
    expect(captionChipLabel('[BARCODE(EAN13)]', 'fr')).toBe('Code-barres (EAN13)');
    expect(captionChipLabel('[OP_ROUND[PRICE*1.2]]')).toBe('Rounded formula: PRICE*1.2');
    expect(captionChipLabel('[LISTING.custom.material]')).toBe('Metafield: custom.material');
    expect(captionChipLabel('[LISTING.CUSTOM_size]', 'fr')).toBe('Champ : size');
    expect(captionChipLabel('[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE)]')).toBe(
      'Variants table: options, SKU, Price (with headers)',
    );
    expect(captionChipLabel('[VARIANTS]', 'fr')).toBe('Liste des variantes : options, Prix avec devise');
  });
});

describe('markup the editor would lose', () => {
  it('is none for the same drawing written another way', () => {
    expect(
      markupLost(
        '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>',
        '<h6>[TITLE]</h6><p class="price">[PRICE_FULL]</p>',
      ),
    ).toBe(false);
    expect(markupLost('<b>Sale</b> [SKU]', '<p><strong>Sale</strong> [SKU]</p>')).toBe(false);
    expect(markupLost('<p style="text-align:center">a</p>', '<p style="text-align: center">a</p>')).toBe(
      false,
    );
  });

  it('is a tag, class, style property, attribute or word gone', () => {
    expect(markupLost('<table><tr><td>[SKU]</td></tr></table>', '<p>[SKU]</p>')).toBe(true);
    expect(markupLost('<p class="price">[PRICE]</p>', '<p>[PRICE]</p>')).toBe(true);
    expect(markupLost('<p style="font-size:11px">a</p>', '<p>a</p>')).toBe(true);
    expect(markupLost('<img src="x.png" title="t">', '<img src="x.png">')).toBe(true);
    expect(markupLost('<p>[PRICEE] a</p>', '<p>a</p>')).toBe(true);
  });
});
