import { describe, expect, it } from 'vitest';
import {
  bandHtml,
  chipsToTokens,
  fontSizeValue,
  LINE_HEIGHTS,
  lineHeightValue,
  pictureProblem,
  tokensToChips,
} from './index.ts';

const TOKENS = ['PAGE_NUMBER', '{{CATALOG_TITLE}}'];

describe('rich text limits (SPEC §9)', () => {
  it('keeps font sizes between 6 and 128 px', () => {
    expect(fontSizeValue('12')).toBe(12);
    expect(fontSizeValue('24px')).toBe(24);
    expect(fontSizeValue('2')).toBe(6);
    expect(fontSizeValue('500')).toBe(128);
    expect(fontSizeValue('10.6')).toBe(11);
    expect(fontSizeValue('big')).toBeNull();
    expect(fontSizeValue(' ')).toBeNull();
  });

  it('keeps line heights between 1 and 3', () => {
    expect(LINE_HEIGHTS.every((h) => h >= 1 && h <= 3)).toBe(true);
    expect(lineHeightValue('1.5')).toBe(1.5);
    expect(lineHeightValue(0.5)).toBe(1);
    expect(lineHeightValue('4')).toBe(3);
    expect(lineHeightValue('')).toBeNull();
  });

  it('takes JPEG and PNG pictures of at most 2,097,152 bytes', () => {
    expect(pictureProblem({ name: 'a.jpg', type: 'image/jpeg', size: 2_097_152 })).toBeNull();
    expect(pictureProblem({ name: 'a.jpeg', type: 'image/jpeg', size: 10 })).toBeNull();
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
    expect(pictureProblem({ name: 'a.png', type: 'image/png', size: 2_097_153 })).toBe('size');
    expect(pictureProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(pictureProblem({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(pictureProblem({ name: 'a.gif', type: 'image/png', size: 10 })).toBe('type');
  });
});

describe('tokens as chips', () => {
  it('turns the tokens of the text into chips and back, leaving tags and attributes alone', () => {
    const stored =
      '<h1 style="text-align:center">{{CATALOG_TITLE}}</h1><p><a href="https://x.example/PAGE_NUMBER">Page PAGE_NUMBER</a></p>';
    const chipped = tokensToChips(stored, TOKENS);
    expect(chipped).toBe(
      '<h1 style="text-align:center"><span data-token="{{CATALOG_TITLE}}"></span></h1><p><a href="https://x.example/PAGE_NUMBER">Page <span data-token="PAGE_NUMBER"></span></a></p>',
    );
    // The editor writes its chips with a class, a label and contenteditable.
    const fromEditor = chipped.replace(
      /<span data-token="([^"]*)"><\/span>/g,
      '<span class="cb-token-chip" contenteditable="false" data-token="$1">Label</span>',
    );
    expect(chipsToTokens(fromEditor, TOKENS)).toBe(stored);
  });

  it('offers only the tokens asked for and drops chips of any other', () => {
    expect(tokensToChips('<p>PAGE_NUMBER {{CATALOG_TITLE}}</p>', ['PAGE_NUMBER'])).toBe(
      '<p><span data-token="PAGE_NUMBER"></span> {{CATALOG_TITLE}}</p>',
    );
    expect(chipsToTokens('<p><span data-token="EVIL">x</span>a</p>', TOKENS)).toBe('<p>a</p>');
    expect(tokensToChips('<p>PAGE_NUMBER</p>', [])).toBe('<p>PAGE_NUMBER</p>');
  });
});

describe('band text as stored', () => {
  it('stores a lone plain paragraph as its words', () => {
    expect(bandHtml('<p><strong>Summer </strong>sale</p>')).toBe('<strong>Summer </strong>sale');
    expect(bandHtml('<p>Maison PAGE_NUMBER</p>')).toBe('Maison PAGE_NUMBER');
    expect(bandHtml('<p></p>')).toBe('');
  });
  it('keeps aligned paragraphs, headings and several lines as written', () => {
    expect(bandHtml('<p style="text-align: center">Sale</p>')).toBe('<p style="text-align: center">Sale</p>');
    expect(bandHtml('<p>One</p><p>Two</p>')).toBe('<p>One</p><p>Two</p>');
    expect(bandHtml('<h2>Sale</h2>')).toBe('<h2>Sale</h2>');
    expect(bandHtml('Already words')).toBe('Already words');
  });
});
